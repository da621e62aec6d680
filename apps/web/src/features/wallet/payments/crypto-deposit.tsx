import { useEffect, useState } from 'react';
import { refreshDepositBonuses, useBonusDeclineDefault, useDepositBonuses } from '../api/deposit-bonuses.ts';
import { DepositBonusPicker, NO_BONUS } from './deposit-bonus-picker.tsx';
import { InvoiceType, type Invoice } from '@casino/contracts';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Account, DepositResult, PaymentMethod } from '@casino/contracts';
import { Select } from '@/shared/ui/select.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useCreateDeposit, useInvoices } from '../api/payments.ts';
import { useMoney } from '@/shared/lib/use-money.ts';
import { CopyValue, QrCode } from './qr-code.tsx';
import '../i18n/index.ts';

/** How long a changed bonus choice waits before the address is asked for again (the reference site's 1 s). */
export const BONUS_DEBOUNCE_MS = 1000;

/**
 * The address for the network and bonus chosen: asked for at once, again when the network changes, and
 * again (debounced) when the bonus changes; `waiting` while the one shown is not for the current choice.
 */
function useCryptoAddress(
  { account, method }: { account: Account; method: PaymentMethod },
  { network, bonus, hasOffers, settled }: { network: string; bonus: string; hasOffers: boolean; settled: boolean },
) {
  const create = useCreateDeposit();
  const [result, setResult] = useState<DepositResult>();
  const { mutate } = create;
  // What the address shown was asked for: another choice hides it until its own address comes.
  const [sent, setSent] = useState<{ network: string; bonus: string }>();

  useEffect(() => {
    if (!network || !settled) return;
    if (sent?.network === network && sent.bonus === bonus) return;
    const send = () => {
      setSent({ network, bonus });
      mutate(
        {
          method: method.method,
          currency: account.currency,
          accountId: account.id,
          fields: { crypto_network: network },
          ...(hasOffers ? (bonus === NO_BONUS ? { isBonusDecline: true } : { bonusId: bonus }) : {}),
        },
        { onSuccess: setResult },
      );
    };
    // The first request and a new network: at once; a new bonus: once the choice rests.
    if (!sent || sent.network !== network) return send();
    const timer = setTimeout(send, BONUS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [network, bonus, settled, sent, hasOffers, account.currency, account.id, method.method, mutate]);
  const current = sent?.network === network && sent.bonus === bonus;
  const waiting = create.isPending || (settled && !!network && !current);
  return { create, result, waiting };
}

/** The address to pay to: as a QR code and to copy, with its tag where the network needs one. */
function DepositAddress({ result, address, currency }: { result: DepositResult; address: string; currency: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <QrCode value={result.qr ?? address} label={t('wallet.pay.addressQr', { currency })} />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <CopyValue label={t('wallet.pay.address', { currency })} value={address} />
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
  );
}

/**
 * Crypto deposit: no amount, an address (and a tag where the network needs one) for the account, the
 * chosen network and the chosen deposit bonus (the address carries it: transfers to it get the bonus
 * when the amount paid triggers it). Asked for at once, again when the network changes, and again
 * (debounced 1 s) when the bonus changes. Transfers arrive by push.
 */
export function CryptoDeposit({ account, method }: { account: Account; method: PaymentMethod }) {
  const { t, i18n } = useTranslation();
  const field = method.fields.find((f) => f.key === 'crypto_network');
  const networks = field?.options ?? [];
  const [network, setNetwork] = useState(field?.value ?? networks[0]?.id ?? '');
  // The bonus: the player's choice while offered, else the operator's default (the first, or none).
  const offers = useDepositBonuses(account.currency);
  const declineDefault = useBonusDeclineDefault();
  const offerList = offers.data ?? [];
  const [bonusChoice, setBonusChoice] = useState<string>();
  const bonus =
    bonusChoice === NO_BONUS || offerList.some((o) => o.id === bonusChoice)
      ? bonusChoice!
      : declineDefault.data
        ? NO_BONUS
        : (offerList[0]?.id ?? NO_BONUS);
  const hasOffers = offerList.length > 0;
  const settled = !offers.isPending && !declineDefault.isPending;
  const { create, result, waiting } = useCryptoAddress({ account, method }, { network, bonus, hasOffers, settled });

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
      {hasOffers && (
        <DepositBonusPicker
          offers={offerList}
          currency={account.currency}
          amount={null}
          value={bonus}
          onChange={setBonusChoice}
        />
      )}
      {hasOffers && bonus !== NO_BONUS && <p className="text-xs text-muted">{t('wallet.depositBonus.cryptoNote')}</p>}
      {/* Above the address, so a phone shows it without scrolling. */}
      {result?.address && !waiting && <IncomingTransfers address={result.address} currency={account.currency} />}
      {waiting && <Spinner label={t('wallet.pay.loadingAddress')} />}
      {create.isError && !waiting && (
        <p role="alert" className="text-sm text-danger">
          {create.error.message}
        </p>
      )}
      {result?.address && !waiting && !create.isError && (
        <DepositAddress result={result} address={result.address} currency={account.currency} />
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
  // A credited transfer may have used up a bonus step: the offers are asked for again.
  const creditedCount = shown.filter((invoice) => invoice.status === 2).length;
  useEffect(() => {
    if (creditedCount) void refreshDepositBonuses();
  }, [creditedCount]);
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
