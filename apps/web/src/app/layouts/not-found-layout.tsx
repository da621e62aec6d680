import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/shared/i18n';
import { buttonClass } from '@/shared/ui/button.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { MinimalHeader } from './minimal-header.tsx';
import { MAIN_ID } from './skip-link.tsx';
import { StatusCard } from './status-card.tsx';

/**
 * Why the page is missing, in the spec's words: 'unmatched' = no such route ('Page not found: {path}'),
 * 'route' = a route-level check failed, e.g. an unknown locale prefix ('Page Not Found: {path}').
 */
export type NotFoundKind = 'unmatched' | 'route';

export function NotFoundLayout({ path, kind }: { path: string; kind: NotFoundKind }) {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <div className="flex min-h-[calc(var(--vh,1vh)*100)] flex-col">
      <MinimalHeader />
      <main id={MAIN_ID} tabIndex={-1} className="grid flex-1 place-items-center px-4 py-10 outline-none">
        <StatusCard icon="pin" code="404" title={t('notFound.title')}>
          <p className="break-words" data-testid="not-found-message">
            {kind === 'route' ? t('notFound.route', { path }) : t('notFound.unmatched', { path })}
          </p>
          <p className="mt-2 text-sm">{t('notFound.hint')}</p>
          <LocaleLink to="/" className={buttonClass('primary', 'md') + ' mt-7'}>
            {t('notFound.home')}
          </LocaleLink>
        </StatusCard>
      </main>
    </div>
  );
}
