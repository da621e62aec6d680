import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Account } from '@casino/contracts';
import { Button } from '@/shared/ui/button.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useAddAccount } from './api/add-account.ts';
import { useHiddenAccounts } from './api/get-hidden-accounts.ts';

type Props = { money: (amount: number, code: string) => string };

/** The accounts the player hid, folded away; showing one adds its currency again (same account, same money). */
export function HiddenAccounts({ money }: Props) {
  const { t } = useTranslation();
  const hidden = useHiddenAccounts();
  const show = useAddAccount();
  const [open, setOpen] = useState(false);
  const accounts = hidden.data ?? [];
  if (accounts.length === 0) return null;

  const onShow = (account: Account) =>
    show.mutate(account.currency, {
      onSuccess: () => toast({ type: 'success', title: t('wallet.shown', { code: account.currency }) }),
      onError: (failure) => toast({ type: 'error', title: t('wallet.actionFailed'), description: failure.message }),
    });

  return (
    <section className="mt-4" aria-label={t('wallet.hiddenTitle')}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="wallet-hidden-accounts"
        onClick={() => setOpen((value) => !value)}
        className="text-sm font-semibold text-accent underline underline-offset-2"
      >
        {t(open ? 'wallet.hiddenHide' : 'wallet.hiddenShow', { count: accounts.length })}
      </button>
      {open && (
        <ul id="wallet-hidden-accounts" className="mt-3 flex flex-col gap-2">
          {accounts.map((account) => (
            <li
              key={account.id}
              className="flex items-center justify-between gap-3 rounded-xl border border-dashed border-line p-3"
            >
              <p className="text-sm text-fg">
                <span className="font-semibold">{account.currency}</span>{' '}
                <span className="tabular-nums text-muted">{money(account.balance, account.currency)}</span>
              </p>
              <Button size="sm" variant="secondary" disabled={show.isPending} onClick={() => onShow(account)}>
                {t('wallet.showAccount')} <span className="sr-only">{account.currency}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
