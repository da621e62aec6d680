import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '@/shared/lib/use-dismiss.ts';
import { useTranslation } from 'react-i18next';
import { useModal } from '@/shared/modals/index.ts';
import { toast } from '@/shared/ui/toast.ts';
import { activeAccount, useAccounts } from './api/get-accounts.ts';
import { useSwitchAccount } from './api/switch-account.ts';
import { useMoney } from './use-money.ts';
import './i18n/index.ts';

/**
 * The active account's balance in the header, live (pushes write into the same cache), with a
 * small list to switch the playing currency and a way into the wallet.
 */
export function HeaderBalance() {
  const { t } = useTranslation();
  const { data: accounts } = useAccounts();
  const money = useMoney();
  const modal = useModal();
  const switchAccount = useSwitchAccount();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useDismiss(root, button, open, close);

  const active = activeAccount(accounts);
  if (!active) return null;
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
        aria-label={t('wallet.accountsToggle')}
        onClick={() => setOpen((v) => !v)}
        className="flex h-10 items-center gap-2 rounded-xl border border-line bg-raised px-3 text-sm font-semibold text-fg tabular-nums"
      >
        <span data-testid="header-balance" title={t('wallet.balanceLabel')}>
          {money(active.balance, active.currency)}
        </span>
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
        <div
          id={listId}
          className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-line bg-page p-2 shadow-xl"
        >
          <ul className="flex flex-col gap-1">
            {others.map((account) => (
              <li key={account.id}>
                <button
                  type="button"
                  onClick={() => choose(account.id, account.currency)}
                  aria-label={t('wallet.switchTo', { code: account.currency })}
                  className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm text-fg hover:bg-raised tabular-nums"
                >
                  <span>{account.currency}</span>
                  <span className="text-muted">{money(account.balance, account.currency)}</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              modal.open('wallet');
            }}
            className="mt-1 w-full rounded-lg px-3 py-2 text-left text-sm font-semibold text-accent hover:bg-raised"
          >
            {t('wallet.openWallet')}
          </button>
        </div>
      )}
    </div>
  );
}
