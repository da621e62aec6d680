import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink } from '@/shared/i18n';
import { buttonClass } from '@/shared/ui/button.tsx';
import { StatusPage } from './status-page.tsx';

/**
 * Why the page is missing, in the spec's words: 'unmatched' = no such route ('Page not found: {path}'),
 * 'route' = a route-level check failed, e.g. an unknown locale prefix ('Page Not Found: {path}').
 */
export type NotFoundKind = 'unmatched' | 'route';

export function NotFoundLayout({ path, kind }: { path: string; kind: NotFoundKind }) {
  const { t } = useTranslation();
  return (
    <StatusPage icon="pin" code="404" title={t('notFound.title')}>
      <p className="break-words" data-testid="not-found-message">
        {kind === 'route' ? t('notFound.route', { path }) : t('notFound.unmatched', { path })}
      </p>
      <p className="mt-2 text-sm">{t('notFound.hint')}</p>
      <LocaleLink to="/" className={buttonClass('primary', 'md') + ' mt-7'}>
        {t('notFound.home')}
      </LocaleLink>
    </StatusPage>
  );
}
