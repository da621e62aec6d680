import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Account } from '@casino/contracts';
import { Button } from '@/shared/ui/button.tsx';

type Props = {
  account: Account;
  money: (amount: number, code: string) => string;
  busy: boolean;
  onSwitch: (account: Account) => void;
  onHide: (account: Account) => void;
};

/** Hiding an account that holds money asks first, saying where the money goes; "keep" takes focus. */
function HideConfirm({
  account,
  money,
  busy,
  keepRef,
  onKeep,
  onHide,
}: Pick<Props, 'account' | 'money' | 'busy'> & {
  keepRef: RefObject<HTMLButtonElement | null>;
  onKeep: () => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const code = account.currency;
  return (
    <div className="mt-3 rounded-lg border border-line bg-surface p-3">
      <p id={`hide-${account.id}`} className="text-sm text-fg">
        {t('wallet.hideFunded', { code, sum: money(account.balance + account.lockedBalance, code) })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button ref={keepRef} size="sm" variant="secondary" aria-describedby={`hide-${account.id}`} onClick={onKeep}>
          {t('wallet.hideKeep')}
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={onHide}>
          {t('wallet.hideConfirm', { code })}
        </Button>
      </div>
    </div>
  );
}

/**
 * One account with its balances; switch and hide exist only on the accounts that are not active. Hiding
 * an account that holds money (or money locked by a withdrawal) asks first and says where it goes.
 */
export function AccountCard({ account, money, busy, onSwitch, onHide }: Props) {
  const { t } = useTranslation();
  const isActive = account.status === 1;
  const code = account.currency;
  const funded = account.balance > 0 || account.lockedBalance > 0;
  const [confirming, setConfirming] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);
  const rows: [string, number][] = [
    [t('wallet.real'), account.realBalance],
    [t('wallet.bonus'), account.bonusBalance],
    [t('wallet.locked'), account.lockedBalance],
    [t('wallet.withdrawable'), account.withdrawalBalance],
  ];
  return (
    <li className="rounded-xl border border-line bg-raised p-4" aria-current={isActive || undefined}>
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-base font-semibold text-fg">
          {code}
          {isActive && (
            <span className="ml-2 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent-strong">
              {t('wallet.active')}
            </span>
          )}
        </h3>
        <p className="text-lg font-semibold text-fg tabular-nums">
          <span className="sr-only">{t('wallet.total')}: </span>
          {money(account.balance, code)}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {rows.map(([label, amount]) => (
          <div key={label}>
            <dt className="text-muted">{label}</dt>
            <dd className="text-fg tabular-nums">{money(amount, code)}</dd>
          </div>
        ))}
      </dl>
      {!isActive && !confirming && (
        <div className="mt-3 flex gap-2">
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => onSwitch(account)}>
            {t('wallet.switch')} <span className="sr-only">{code}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => (funded ? setConfirming(true) : onHide(account))}
          >
            {t('wallet.hide')} <span className="sr-only">{code}</span>
          </Button>
        </div>
      )}
      {!isActive && confirming && (
        <HideConfirm
          account={account}
          money={money}
          busy={busy}
          keepRef={keepRef}
          onKeep={() => setConfirming(false)}
          onHide={() => {
            setConfirming(false);
            onHide(account);
          }}
        />
      )}
    </li>
  );
}
