import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { activeAccount, useAccounts } from '../api/get-accounts.ts';
import { useTurnover } from '../api/payments.ts';
import { useMoney } from '@/shared/lib/use-money.ts';
import '../i18n/index.ts';

/** `?turn-over-wager`: shown instead of the withdrawal form while deposits still have to be wagered. */
export default function TurnoverModal({ close }: ModalProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const modal = useModal();
  const account = activeAccount(useAccounts().data);
  const turnover = useTurnover(account?.currency);
  const gate = turnover.data;
  // One state at a time: the title says the same as the text (the link may outlive the requirement).
  const done = !!gate && gate.turnOverWagerAmount <= 0;
  return (
    <ModalFrame title={t(done ? 'wallet.pay.turnoverReadyTitle' : 'wallet.pay.turnoverTitle')} size="sm">
      {!gate || !account ? (
        <Spinner label={t('wallet.pay.loadingMethods')} />
      ) : (
        <>
          {gate.turnOverWagerAmount > 0 ? (
            // One figure, named, and what counts toward it: the turnover is not a bonus's wagering.
            <div className="space-y-3 text-sm">
              <dl className="rounded-xl bg-raised p-3">
                <dt className="text-muted">{t('wallet.pay.turnoverFigure')}</dt>
                <dd className="mt-0.5 text-base font-semibold text-fg tabular-nums">
                  {t('wallet.pay.turnoverText', {
                    sum: money(gate.turnOverWagerAmount, account.currency),
                    required: money(gate.requiredAmount, account.currency),
                  })}
                </dd>
              </dl>
              <p className="text-muted">
                {t('wallet.pay.turnoverWhy', { multiplier: gate.multiplier })} {t('wallet.pay.turnoverCounts')}
              </p>
              <p className="text-muted">{t('wallet.pay.turnoverNotBonus')}</p>
            </div>
          ) : (
            <p className="text-sm text-muted">{t('wallet.pay.turnoverDone')}</p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            {gate.turnOverWagerAmount <= 0 && (
              <Button onClick={() => modal.replace('turn-over-wager', 'wallet', 'withdraw')}>
                {t('wallet.tabs.withdraw')}
              </Button>
            )}
            <Button variant="secondary" onClick={close}>
              {t('wallet.pay.close')}
            </Button>
          </div>
        </>
      )}
    </ModalFrame>
  );
}
