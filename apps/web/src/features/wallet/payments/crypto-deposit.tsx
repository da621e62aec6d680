import { useEffect, useState } from 'react';
import { InvoiceType, type Invoice } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import type { Account, DepositResult, PaymentMethod } from '@casino/contracts';
import { Select } from '@/shared/ui/select.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useCreateDeposit, useInvoices } from '../api/payments.ts';
import { useMoney } from '../use-money.ts';
import { CopyValue, QrCode } from './qr-code.tsx';
import '../i18n/index.ts';

/**
 * Crypto deposit: no amount, an address (and a tag where the network needs one) for the account and
 * the chosen network, asked for at once and again when the network changes. Transfers arrive by push.
 */
export function CryptoDeposit({ account, method }: { account: Account; method: PaymentMethod }) {
  const { t, i18n } = useTranslation();
  const field = method.fields.find((f) => f.key === 'crypto_network');
  const networks = field?.options ?? [];
  const [network, setNetwork] = useState(field?.value ?? networks[0]?.id ?? '');
  const create = useCreateDeposit();
  const [result, setResult] = useState<DepositResult>();
  const { mutate } = create;

  useEffect(() => {
    if (!network) return;
    mutate(
      { method: method.method, currency: account.currency, accountId: account.id, fields: { crypto_network: network } },
      { onSuccess: setResult },
    );
  }, [network, account.currency, account.id, method.method, mutate]);

  const chosen = networks.find((n) => n.id === network);
  const money = useMoney();
  return (
    <div className="flex flex-col gap-4">
      <Select
        label={field?.labels[i18n.language] ?? field?.labels.en ?? 'Network'}
        value={network}
        onChange={(e) => setNetwork(e.target.value)}
        options={networks.map((n) => ({ value: n.id, label: n.name }))}
      />
      {chosen && (
        <p className="text-sm text-warn">
          {t('wallet.pay.networkWarning', { currency: account.currency, network: chosen.name })}
        </p>
      )}
      {chosen && chosen.minAmount > 0 && (
        <p className="text-sm font-semibold text-fg">
          {t('wallet.pay.cryptoMinimum', { min: money(chosen.minAmount, account.currency) })}
        </p>
      )}
      {/* Above the address, so a phone shows it without scrolling. */}
      {result?.address && !create.isPending && (
        <IncomingTransfers address={result.address} currency={account.currency} />
      )}
      {create.isPending && <Spinner label={t('wallet.pay.loadingAddress')} />}
      {create.isError && (
        <p role="alert" className="text-sm text-danger">
          {create.error.message}
        </p>
      )}
      {result?.address && !create.isPending && (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <QrCode
            value={result.qr ?? result.address}
            label={t('wallet.pay.addressQr', { currency: account.currency })}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <CopyValue label={t('wallet.pay.address', { currency: account.currency })} value={result.address} />
            {result.tag && <CopyValue label={t('wallet.pay.tag')} value={result.tag} />}
            <p className="text-xs text-muted">{t('wallet.pay.cryptoNote')}</p>
            {result.action && (
              <a
                href={result.action}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-semibold text-accent underline"
              >
                {t('wallet.pay.testTransfer')}
              </a>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * Transfers to this address as the provider reports them: seen with their confirmations so far, then
 * credited. Pushes refresh the list; it is also polled, so a missed push only delays it.
 */
function IncomingTransfers({ address, currency }: { address: string; currency: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const invoices = useInvoices({ page: 1, type: InvoiceType.deposit }, { poll: 5000 });
  // Credited ones stay listed when credited while this screen is open (a little slack for clock skew).
  const [openedAt] = useState(() => Date.now() - 30_000);
  const mine = (invoices.data?.data ?? []).filter(
    (invoice) =>
      invoice.paymentMethod === 'crypto' && invoice.currency === currency && invoice.publicData?.address === address,
  );
  const shown = mine.filter(
    (invoice) =>
      invoice.status === 1 || (invoice.status === 2 && Date.parse(invoice.updatedAt ?? invoice.createdAt) >= openedAt),
  );
  const line = (invoice: Invoice) => {
    const sum = money(invoice.amount, invoice.currency);
    if (invoice.status === 2) return t('wallet.pay.cryptoCredited', { sum });
    const required = invoice.publicData?.confirmationsRequired;
    return required
      ? t('wallet.pay.cryptoIncoming', { sum, count: invoice.publicData?.confirmations ?? 0, required })
      : t('wallet.pay.pushDepositSeen', { sum });
  };
  return (
    <section aria-label={t('wallet.pay.cryptoTransfers')} aria-live="polite" className="flex flex-col gap-2">
      {shown.map((invoice) => (
        <p
          key={invoice.id}
          className={
            invoice.status === 2
              ? 'rounded-xl border border-success/40 bg-success/10 px-3 py-2 text-sm font-semibold text-fg'
              : 'flex items-center gap-2 rounded-xl border border-line bg-raised px-3 py-2 text-sm text-fg'
          }
        >
          {invoice.status === 1 && <Spinner />}
          {line(invoice)}
        </p>
      ))}
    </section>
  );
}
