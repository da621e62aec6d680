import { Suspense, useCallback, useId, useRef, useState, type ComponentType } from 'react';
import { useDismiss } from '@/shared/lib/use-dismiss.ts';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useModal } from '@/shared/modals/index.ts';
import { toast } from '@/shared/ui/toast.ts';
import { activeAccount, useAccounts } from './api/get-accounts.ts';
import { useSwitchAccount } from './api/switch-account.ts';
import { useMoney } from '@/shared/lib/use-money.ts';
import { useCurrencies } from '@/shared/lib/currencies.ts';
import { usePreference } from './display-prefs.ts';
import type { Account, ModalName } from '@casino/contracts';
import './i18n/index.ts';

/**
 * The active account's balance in the header, live (pushes write into the same cache), with a
 * small list to switch the playing currency and a way into the wallet.
 */
export function HeaderBalance({ extra: Extra }: { extra?: ComponentType<{ currency: string }> } = {}) {
  const { t } = useTranslation();
  const { data: accounts } = useAccounts();
  const money = useMoney();
  const switchAccount = useSwitchAccount();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useDismiss(root, button, open, close);

  const active = activeAccount(accounts);
  const fiat = usePreference('equivalentCurrency');
  const { data: currencies } = useCurrencies();
  if (!active) return null;
  const crypto = currencies?.find((c) => c.code === active.currency && c.type === 'crypto');
  const target = currencies?.find((c) => c.code === fiat);
  // Display only: rates are "one unit in the base currency", so the value is converted through it.
  const equivalent =
    crypto && target ? money((active.balance * crypto.rate.rate) / target.rate.rate, target.code) : null;
  const others = accounts!.filter((a) => a.id !== active.id);

  const choose = (id: string, code: string) => {
    setOpen(false);
    switchAccount.mutate(id, {
      onSuccess: () => toast({ type: 'success', title: t('wallet.switched', { code }) }),
      onError: (error) => toast({ type: 'error', title: t('wallet.actionFailed'), description: error.message }),
    });
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
        className="flex h-10 items-center gap-2 rounded-xl border border-line bg-raised px-3 text-sm font-semibold text-fg tabular-nums"
      >
        {/* Named by what it shows, with what it opens for screen readers. */}
        <span className="sr-only">{t('wallet.accountsToggle')}:</span> <BalanceFigures account={active} />
        {equivalent && (
          <span className="hidden text-xs font-medium text-muted sm:inline">
            {t('wallet.equivalent.approx', { sum: equivalent })}
          </span>
        )}
        <svg
          viewBox="0 0 24 24"
          className="size-4 text-muted"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open && (
        <AccountsMenu
          id={listId}
          active={active}
          others={others}
          isCrypto={!!crypto}
          Extra={Extra}
          onClose={() => setOpen(false)}
          onChoose={choose}
        />
      )}
    </div>
  );
}

/** The balance the toggle shows: real and bonus money apart when there is a bonus. */
function BalanceFigures({ account }: { account: Account }) {
  const { t } = useTranslation();
  const money = useMoney();
  return account.bonusBalance > 0 ? (
    // Real and bonus money apart: only real money can be withdrawn.
    <span className="flex flex-col items-end leading-tight">
      <span>
        <span data-testid="header-balance" title={t('wallet.realLabel')}>
          {money(account.realBalance, account.currency)}
        </span>{' '}
        <span className="sr-only">{t('wallet.realSuffix')},</span>
      </span>{' '}
      <span data-testid="header-bonus-balance" className="text-[11px] font-medium text-muted">
        {t('wallet.bonusLine', { sum: money(account.bonusBalance, account.currency) })}
      </span>
    </span>
  ) : (
    <span data-testid="header-balance" title={t('wallet.balanceLabel')}>
      {money(account.balance, account.currency)}
    </span>
  );
}

/** The active account's balance, part by part: real, bonus, locked and withdrawable. */
function BalanceBreakdown({ account }: { account: Account }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <dl
      aria-label={t('wallet.breakdown', { code: account.currency })}
      className="mb-2 grid grid-cols-2 gap-x-3 gap-y-1 rounded-lg bg-raised px-3 py-2 text-xs tabular-nums"
    >
      {(
        [
          ['real', account.realBalance],
          ['bonus', account.bonusBalance],
          ['locked', account.lockedBalance],
          ['withdrawable', account.withdrawalBalance],
        ] as const
      ).map(([key, amount]) => (
        <div key={key} className="contents">
          <dt className="text-muted">{t(`wallet.${key}`)}</dt>
          <dd className="text-right font-semibold text-fg">{money(amount, account.currency)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The toggle's list: the breakdown, what the bonus and crypto accounts explain, the other accounts, the wallet. */
function AccountsMenu({
  id,
  active,
  others,
  isCrypto,
  Extra,
  onClose,
  onChoose,
}: {
  id: string;
  active: Account;
  others: Account[];
  isCrypto: boolean;
  Extra?: ComponentType<{ currency: string }>;
  onClose: () => void;
  onChoose: (id: string, code: string) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const modal = useModal();
  // Each way out of the list closes it first.
  const openModal = (name: ModalName) => {
    onClose();
    modal.open(name);
  };
  return (
    <div id={id} className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-line bg-page p-2 shadow-xl">
      <BalanceBreakdown account={active} />
      {/* What another feature adds for this account (the bonuses' cashback lines). */}
      {Extra && (
        <Suspense fallback={null}>
          <Extra currency={active.currency} />
        </Suspense>
      )}
      {active.bonusBalance > 0 && (
        <button
          type="button"
          onClick={() => openModal('wallet-bonus-info')}
          className="mb-2 w-full rounded-lg px-3 py-2 text-left text-sm font-semibold text-accent hover:bg-raised"
        >
          {t('wallet.bonusInfo')}
        </button>
      )}
      {isCrypto && (
        <button
          type="button"
          onClick={() => openModal('equivalent-currency')}
          className="mb-2 w-full rounded-lg px-3 py-2 text-left text-sm font-semibold text-accent hover:bg-raised"
        >
          {t('wallet.equivalent.open')}
        </button>
      )}
      <ul className="flex flex-col gap-1">
        {others.map((account) => (
          <li key={account.id}>
            <button
              type="button"
              onClick={() => onChoose(account.id, account.currency)}
              className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm text-fg hover:bg-raised tabular-nums"
            >
              <span>
                <span className="sr-only">{t('wallet.switchToPrefix')}</span> {account.currency}
              </span>{' '}
              <span className="text-muted">{money(account.balance, account.currency)}</span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => openModal('wallet')}
        className="mt-1 w-full rounded-lg px-3 py-2 text-left text-sm font-semibold text-accent hover:bg-raised"
      >
        {t('wallet.openWallet')}
      </button>
    </div>
  );
}
