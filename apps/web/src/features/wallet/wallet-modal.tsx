import { useTranslation } from 'react-i18next';
import type { Account } from '@casino/contracts';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useAccounts } from './api/get-accounts.ts';
import { useHideAccount } from './api/hide-account.ts';
import { useSwitchAccount } from './api/switch-account.ts';
import { AccountCard } from './account-card.tsx';
import { AddAccountForm } from './add-account-form.tsx';
import { useMoney } from './use-money.ts';
import './i18n/index.ts';

/**
 * The wallet (`?wallet`, `?wallet=deposit`, `?wallet=withdraw`). Deposits and withdrawals arrive
 * with the payments capability; until then the modal says so plainly and manages the accounts.
 */
export default function WalletModal({ value }: ModalProps) {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const money = useMoney();
  const switchAccount = useSwitchAccount();
  const hideAccount = useHideAccount();
  const busy = switchAccount.isPending || hideAccount.isPending;

  const onError = (error: Error) =>
    toast({ type: 'error', title: t('wallet.actionFailed'), description: error.message });
  const onSwitch = (account: Account) =>
    switchAccount.mutate(account.id, {
      onSuccess: () => toast({ type: 'success', title: t('wallet.switched', { code: account.currency }) }),
      onError,
    });
  const onHide = (account: Account) =>
    hideAccount.mutate(account.id, {
      onSuccess: () => toast({ type: 'success', title: t('wallet.hidden', { code: account.currency }) }),
      onError,
    });

  // Active account first, the rest in the server's order.
  const list = [...(accounts.data ?? [])].sort((a, b) => Number(b.status === 1) - Number(a.status === 1));

  return (
    <ModalFrame title={t('wallet.title')} description={t('wallet.description')} size="lg">
      {(value === 'deposit' || value === 'withdraw') && (
        <p role="note" className="mb-4 rounded-xl border border-line bg-raised p-3 text-sm text-fg">
          {t(`wallet.comingSoon.${value}`)}
        </p>
      )}
      {accounts.isPending && <Spinner label={t('wallet.loading')} />}
      {accounts.isError && (
        <div role="alert" className="flex items-center gap-3 text-sm text-danger">
          {t('wallet.loadFailed')}
          <Button size="sm" variant="secondary" onClick={() => void accounts.refetch()}>
            {t('wallet.retry')}
          </Button>
        </div>
      )}
      {accounts.data && (
        <>
          <ul className="flex flex-col gap-3">
            {list.map((account) => (
              <AccountCard
                key={account.id}
                account={account}
                money={money}
                busy={busy}
                onSwitch={onSwitch}
                onHide={onHide}
              />
            ))}
          </ul>
          <AddAccountForm accounts={accounts.data} />
        </>
      )}
    </ModalFrame>
  );
}
