import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/shared/i18n';
import { buttonClass } from '@/shared/ui/button.tsx';
import { dismissPreloader } from '@/shared/lib/preloader.ts';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { ComingSoonNotice } from './coming-soon-page.tsx';

/**
 * `/auth/callback` (social login) and `/auth/autologin` (one-time token). The root keeps the preloader
 * up on these with their queries, because the sign-in runs first; that flow comes with the account
 * capability. Until then this page says so and lifts the preloader itself.
 */
export default function AuthHandoffPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const kind = pathname.endsWith('/autologin') ? 'autologin' : 'callback';
  usePageTitle(t(`pages.${kind}.title`));
  useEffect(() => dismissPreloader(), []);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t(`pages.${kind}.title`)}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t(`pages.${kind}.description`)}</p>
      </div>
      <ComingSoonNotice message={t(`pages.${kind}.soon`)} />
      <LocaleLink to="/" className={buttonClass('secondary')}>
        {t('comingSoon.backHome')}
      </LocaleLink>
    </div>
  );
}
