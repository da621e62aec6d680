import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/shared/i18n';
import { buttonClass } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';

/**
 * `/verify/:confirmCode`, the e-mail confirmation link. Confirming the address belongs to the account
 * capability; until it exists this page says so instead of pretending it worked.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  usePageTitle(t('verify.title'));
  return (
    <section className="w-full max-w-md rounded-3xl border border-line bg-surface p-8 text-center shadow-card">
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent/12 text-accent">
        <Icon name="shield" className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-fg">{t('verify.title')}</h1>
      <p className="mt-3 text-muted">{t('verify.soon')}</p>
      <LocaleLink to="/" className={buttonClass('primary', 'md', true) + ' mt-7'}>
        {t('comingSoon.backHome')}
      </LocaleLink>
    </section>
  );
}
