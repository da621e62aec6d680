import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useNavigate } from '@/shared/router';
import type { Account } from '@casino/contracts';
import { useLocalizedPath } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useAccounts } from './api/get-accounts.ts';
import { useHideAccount } from './api/hide-account.ts';
import { useSwitchAccount } from './api/switch-account.ts';
import { AccountCard } from './account-card.tsx';
import { AddAccountForm } from './add-account-form.tsx';
import { HiddenAccounts } from './hidden-accounts.tsx';
import { useMoney } from '@/shared/lib/use-money.ts';
import { DepositForm } from './payments/deposit-form.tsx';
import { WithdrawForm } from './payments/withdraw-form.tsx';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { usePreference } from './display-prefs.ts';
import { useDisplayNames } from '@/shared/lib/display-names.ts';
import { withdrawNeedsBonusLock } from './withdraw-gate.ts';
import './i18n/index.ts';

const TABS = ['deposit', 'withdraw', 'accounts'] as const;
type Tab = (typeof TABS)[number];

/** Switching to an account and hiding one, each told by a toast. */
function useAccountActions() {
  const { t } = useTranslation();
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
  return { busy, onSwitch, onHide };
}

/** The wallet's sections, each a tab that keeps the modal open. */
function WalletTabs({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const modal = useModal();
  return (
    <nav aria-label={t('wallet.sections')} className="mb-5">
      <ul className="flex gap-1 rounded-xl border border-line bg-surface p-1">
        {TABS.map((key) => (
          <li key={key} className="flex-1">
            <button
              type="button"
              aria-current={tab === key ? 'page' : undefined}
              onClick={() => modal.replace('wallet', 'wallet', key === 'accounts' ? '' : key)}
              className={cn(
                'h-9 w-full rounded-lg text-sm font-semibold transition-colors',
                tab === key ? 'bg-accent text-on-accent' : 'text-muted hover:text-fg',
              )}
            >
              {t(`wallet.tabs.${key}`)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Which account pays and its balance, and the payment region with the way to change it. */
function PaymentAccountLine({ active, regionName }: { active: Account; regionName: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const modal = useModal();
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
      <p>{t('wallet.pay.account', { code: active.currency, sum: money(active.balance, active.currency) })}</p>
      <p className="flex items-center gap-2">
        {t('wallet.region.current', { country: regionName })}
        <button
          type="button"
          className="font-semibold text-accent underline"
          onClick={() => modal.open('wallet-region')}
        >
          {t('wallet.region.change')}
        </button>
      </p>
    </div>
  );
}

/**
 * The wallet (`?wallet=deposit`, `?wallet=withdraw`, `?wallet` for the accounts): deposits and
 * withdrawals of the active account, and the accounts themselves.
 */
export default function WalletModal({ value, depositCodeField }: ModalProps & { depositCodeField?: ReactNode }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const modal = useModal();
  const navigate = useNavigate();
  const tab: Tab = value === 'deposit' || value === 'withdraw' ? value : 'accounts';
  const detected = usePlayerInit().country;
  const region = usePreference('paymentGeo') ?? detected;
  const regionName = useDisplayNames().country({ code: region, name: region });
  const accounts = useAccounts();
  const money = useMoney();
  const { busy, onSwitch, onHide } = useAccountActions();

  // Active account first, the rest in the server's order.
  const list = [...(accounts.data ?? [])].sort((a, b) => Number(b.status === 1) - Number(a.status === 1));

  const active = list.find((a) => a.status === 1);
  // A withdrawal with bonus money on the account asks about the bonus first (bonus-cancel-lock).
  const bonusLock = tab === 'withdraw' && !!active && withdrawNeedsBonusLock(active);
  useEffect(() => {
    if (bonusLock && active) modal.replace('wallet', 'bonus-cancel-lock', active.currency);
  }, [bonusLock, active, modal]);

  return (
    <ModalFrame title={t('wallet.title')} description={t('wallet.description')} size="lg">
      <WalletTabs tab={tab} />
      {tab !== 'accounts' && active && <PaymentAccountLine active={active} regionName={regionName} />}
      {tab === 'deposit' && active && <DepositForm key={active.id} account={active} codeField={depositCodeField} />}
      {tab === 'withdraw' && active && !bonusLock && (
        <WithdrawForm
          key={active.id}
          account={active}
          onShowTransactions={() => void navigate(localized('/profile/history?tab=transactions'))}
        />
      )}
      {tab === 'accounts' && accounts.isPending && <Spinner label={t('wallet.loading')} />}
      {accounts.isError && (
        <div role="alert" className="flex items-center gap-3 text-sm text-danger">
          {t('wallet.loadFailed')}
          <Button size="sm" variant="secondary" onClick={() => void accounts.refetch()}>
            {t('wallet.retry')}
          </Button>
        </div>
      )}
      {tab === 'accounts' && accounts.data && (
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
          <HiddenAccounts money={money} />
          <AddAccountForm accounts={accounts.data} />
        </>
      )}
    </ModalFrame>
  );
}
