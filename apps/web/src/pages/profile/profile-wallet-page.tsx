import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';

/** `/profile/wallet`: the accounts list lives in the wallet modal for now. */
export default function ProfileWalletPage() {
  const { t } = useTranslation();
  const { open } = useModal();
  usePageTitle(t('profile.wallet.title'));
  return (
    <section aria-labelledby="profile-wallet-title" className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-accent/12 text-accent">
          <Icon name="wallet" className="size-7" />
        </span>
        <div className="flex-1">
          <h2 id="profile-wallet-title" className="text-xl font-semibold text-fg">
            {t('profile.wallet.title')}
          </h2>
          <p className="mt-1 text-muted">{t('profile.wallet.description')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => open('wallet', 'deposit')}>{t('account.deposit')}</Button>
          <Button variant="secondary" onClick={() => open('wallet', 'withdraw')}>
            {t('account.withdraw')}
          </Button>
        </div>
      </div>
    </section>
  );
}
