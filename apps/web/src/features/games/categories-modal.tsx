import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useParams } from '@/shared/router';
import { LocaleLink } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useCollections } from './api/get-collections.ts';
import { categoryPath } from './lib/paths.ts';
import './i18n/index.ts';

/** Every collection on offer (`?categories`), for phones where the chips do not all fit. */
export default function CategoriesModal(_props: ModalProps) {
  const { t } = useTranslation();
  const collections = useCollections();
  const { categoryIdentity } = useParams();
  return (
    <ModalFrame title={t('modals.titles.categories')} size="md">
      {collections.isPending && <Spinner label={t('common.loading')} className="size-6 text-accent" />}
      {collections.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('games.loadFailed')}
        </p>
      )}
      {collections.data && (
        <ul className="grid grid-cols-2 gap-2">
          {collections.data.map((c) => (
            <li key={c.id}>
              <LocaleLink
                to={categoryPath(c.identity)}
                aria-current={c.identity === categoryIdentity ? 'page' : undefined}
                className={cn(
                  'flex h-12 items-center rounded-xl border px-3 text-sm font-semibold transition-colors',
                  c.identity === categoryIdentity
                    ? 'border-accent bg-accent/12 text-accent'
                    : 'border-line bg-raised text-fg hover:border-accent/60',
                )}
              >
                <span className="truncate">{c.name}</span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      )}
    </ModalFrame>
  );
}
