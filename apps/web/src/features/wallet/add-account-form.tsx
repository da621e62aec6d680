import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Account } from '@casino/contracts';
import { Button } from '@/shared/ui/button.tsx';
import { Select } from '@/shared/ui/select.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useAddAccount } from './api/add-account.ts';
import { useCurrencies } from '@/shared/lib/currencies.ts';
import { useDisplayNames } from '@/shared/lib/display-names.ts';

/** Opens an account in a currency the player has none in yet. */
export function AddAccountForm({ accounts }: { accounts: readonly Account[] }) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  const { data: currencies } = useCurrencies();
  const addAccount = useAddAccount();
  const [currency, setCurrency] = useState('');
  const [error, setError] = useState<string>();

  const owned = new Set(accounts.map((a) => a.currency));
  const available = (currencies ?? []).filter((c) => c.isEnabled && !owned.has(c.code));
  if (!currencies) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!currency) {
      setError(t('wallet.addChoose'));
      return;
    }
    setError(undefined);
    addAccount.mutate(currency, {
      onSuccess: () => {
        toast({ type: 'success', title: t('wallet.added', { code: currency }) });
        setCurrency('');
      },
      onError: (failure) => toast({ type: 'error', title: t('wallet.actionFailed'), description: failure.message }),
    });
  };

  return (
    <section aria-labelledby="wallet-add-title" className="mt-6">
      <h3 id="wallet-add-title" className="text-base font-semibold text-fg">
        {t('wallet.addTitle')}
      </h3>
      {available.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('wallet.allAdded')}</p>
      ) : (
        <form onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <Select
            className="flex-1"
            label={t('wallet.addCurrency')}
            placeholder={t('wallet.addChoose')}
            value={currency}
            error={error}
            onChange={(e) => setCurrency(e.target.value)}
            options={available.map((c) => ({ value: c.code, label: `${c.code} — ${names.currency(c)}` }))}
          />
          <Button type="submit" loading={addAccount.isPending} className={error ? 'sm:mb-7' : undefined}>
            {t('wallet.add')}
          </Button>
        </form>
      )}
    </section>
  );
}
