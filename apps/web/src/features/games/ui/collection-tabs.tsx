import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Collection } from '@casino/contracts';
import { LocaleLink } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Icon } from '@/shared/ui/icon.tsx';
import { categoryPath } from '../lib/paths.ts';

/** The collections as chips; switching keeps the provider filter and sort (`search`). On phones the full list is one tap away. */
export function CollectionTabs({
  collections,
  current,
  search,
}: {
  collections: readonly Collection[];
  current: string;
  search: string;
}) {
  const { t } = useTranslation();
  const { open } = useModal();
  return (
    <nav aria-label={t('games.category.collections')} className="flex items-center gap-2">
      <ul className="-ml-4 flex min-w-0 flex-1 gap-2 overflow-x-auto pb-1 pl-4 pr-6 [mask-image:linear-gradient(to_right,black_85%,transparent)] [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:[mask-image:none] [&::-webkit-scrollbar]:hidden">
        {collections.map((c) => {
          const active = c.identity === current;
          return (
            <li key={c.id} className="shrink-0">
              <LocaleLink
                to={categoryPath(c.identity) + search}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center rounded-full border px-4 text-sm font-semibold transition-colors',
                  active
                    ? 'border-accent bg-accent text-on-accent'
                    : 'border-line bg-surface text-fg hover:border-accent/60',
                )}
              >
                {c.name}
              </LocaleLink>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => open('categories')}
        aria-label={t('games.category.allCollections')}
        className="grid size-9 shrink-0 place-items-center rounded-full border border-line bg-surface text-muted hover:text-fg sm:hidden"
      >
        <Icon name="grid" className="size-[18px]" />
      </button>
    </nav>
  );
}
