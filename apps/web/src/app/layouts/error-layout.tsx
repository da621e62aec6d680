import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink } from '@/shared/i18n';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { StatusPage } from './status-page.tsx';

/** The fatal-error page ('Internal Server Error'), with a way forward. */
export function ErrorLayout() {
  const { t } = useTranslation();
  return (
    <StatusPage icon="bolt" code="500" title={t('error.title')}>
      <p>{t('error.message')}</p>
      <div className="mt-7 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
        <LocaleLink to="/" className={buttonClass('secondary', 'md')}>
          {t('notFound.home')}
        </LocaleLink>
      </div>
    </StatusPage>
  );
}
