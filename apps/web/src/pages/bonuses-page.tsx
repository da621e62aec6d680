import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { BonusesPanel } from '@/features/bonuses/page.ts';
import { LocaleLink } from '@/shared/i18n';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';

/**
 * `/bonuses`: the player's active bonus and those waiting for activation. A guest sees what the page
 * is for and the way to an account, so the address stays shareable and works right after signing in.
 */
export default function BonusesPage() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const { open } = useModal();
  const title = t('pages.bonuses.title');
  usePageTitle(title);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t('bonuses.intro')}</p>
      </div>
      {status === 'unknown' && <Spinner label={t('common.loading')} className="size-7 text-accent" />}
      {status === 'guest' && (
        <div className="flex flex-col items-start gap-4 rounded-3xl border border-line bg-surface p-6 sm:p-8">
          <span className="grid size-12 place-items-center rounded-2xl bg-accent/12 text-accent">
            <Icon name="gift" className="size-6" />
          </span>
          <p className="max-w-lg text-fg">{t('bonuses.guest')}</p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => open('sign-in')}>{t('account.signIn')}</Button>
            <Button variant="secondary" onClick={() => open('sign-up')}>
              {t('account.signUp')}
            </Button>
          </div>
        </div>
      )}
      {status === 'player' && (
        <>
          <BonusesPanel />
          <LocaleLink to="/profile/bonuses" className="inline-block text-sm font-semibold text-accent hover:underline">
            {t('bonuses.finished.title')}
          </LocaleLink>
        </>
      )}
    </div>
  );
}
