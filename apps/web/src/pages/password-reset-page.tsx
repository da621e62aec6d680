import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/shared/i18n';
import { buttonClass } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';

/**
 * `/password/reset/:resetCode`, the link from the reset e-mail. The new password is chosen in the
 * `reset-pass` modal on the home page, which carries the code as its query value.
 */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const { resetCode = '' } = useParams();
  usePageTitle(t('reset.title'));
  return (
    <section className="w-full max-w-md rounded-3xl border border-line bg-surface p-8 text-center shadow-card">
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent/12 text-accent">
        <Icon name="lock" className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-fg">{t('reset.title')}</h1>
      <p className="mt-3 text-muted">{t('reset.description')}</p>
      <LocaleLink to={`/?reset-pass=${encodeURIComponent(resetCode)}`} className={buttonClass('primary', 'md', true) + ' mt-7'}>
        {t('reset.continue')}
      </LocaleLink>
    </section>
  );
}
