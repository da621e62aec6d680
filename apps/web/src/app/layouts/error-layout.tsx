import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/shared/i18n';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { MinimalHeader } from './minimal-header.tsx';
import { MAIN_ID } from './skip-link.tsx';
import { StatusCard } from './status-card.tsx';

/** The fatal-error page of spec point 8 ('Internal Server Error'), with a way forward. */
export function ErrorLayout() {
  const { t } = useTranslation();
  usePageTitle(t('error.title'));
  return (
    <div className="flex min-h-[calc(var(--vh,1vh)*100)] flex-col">
      <MinimalHeader />
      <main id={MAIN_ID} tabIndex={-1} className="grid flex-1 place-items-center px-4 py-10 outline-none">
        <StatusCard icon="bolt" code="500" title={t('error.title')}>
          <p>{t('error.message')}</p>
          <div className="mt-7 flex flex-wrap justify-center gap-3">
            <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
            <LocaleLink to="/" className={buttonClass('secondary', 'md')}>
              {t('notFound.home')}
            </LocaleLink>
          </div>
        </StatusCard>
      </main>
    </div>
  );
}
