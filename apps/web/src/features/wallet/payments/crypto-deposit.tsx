import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account, DepositResult, PaymentMethod } from '@casino/contracts';
import { Select } from '@/shared/ui/select.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useCreateDeposit } from '../api/payments.ts';
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
