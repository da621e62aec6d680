import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { PlayerBonus } from '@casino/contracts';
import { useMoney } from '@/shared/lib/use-money.ts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useCancelBonus } from '../api.ts';
import { cancelModalOf, type CancelModal } from '../bonus-rules.ts';
import { ActionError, BonusLoading, BonusUnavailable, useBonusMoneyIn, useModalBonus } from './modal-bonus.tsx';
import '../i18n/index.ts';

/**
 * `?cancel-issued-bonus=<id>`, `?cancel-active-bonus=<id>` and `?cancel-unsettled-bonus=<id>`: the
 * question before a cancellation, saying what it costs. An issued bonus only ends; an active one
 * forfeits the bonus money on the account (the amount is shown), and with rounds still open the bonus
 * share of what they pay too. A link naming the wrong one of the three is turned into the right one.
 */
export default function CancelModal({ name, value, close }: ModalProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const { loading, failed, bonus } = useModalBonus(value);
  // Held here, not in the question: the push saying the bonus ended can come before the server's
  // answer (see activate-modal.tsx); until the answer, the dialog waits, then closes.
  const cancel = useCancelBonus();
  const confirm = () => cancel.mutate(value, { onSuccess: close });
  const right = bonus ? cancelModalOf(bonus) : null;
  useEffect(() => {
    if (right && right !== name) modal.replace(name, right, value);
  }, [right, name, value, modal]);

  if (loading || (!bonus && (cancel.isPending || cancel.isSuccess)))
    return <BonusLoading title={t('bonuses.modals.cancel.loadingTitle')} />;
  if (!bonus || failed) return <BonusUnavailable failed={failed} />;
  // Turning into the right question: the frame stays named meanwhile.
  if (right !== name) return <BonusLoading title={t('bonuses.modals.cancel.loadingTitle')} />;
  return <CancelQuestion kind={right} bonus={bonus} close={close} cancel={cancel} confirm={confirm} />;
}

type Question = {
  kind: CancelModal;
  bonus: PlayerBonus;
  close: () => void;
  cancel: ReturnType<typeof useCancelBonus>;
  confirm: () => void;
};

function CancelQuestion({ kind, bonus, close, cancel, confirm }: Question) {
  const { t } = useTranslation();
  const money = useMoney();
  const forfeit = useBonusMoneyIn(bonus.currency);
  // What is forfeited: undefined while unknown, '' when there is no bonus money left.
  const lost = forfeit === undefined ? undefined : forfeit > 0 ? money(forfeit, bonus.currency) : '';
  const issued = kind === 'cancel-issued-bonus';
  const unsettled = kind === 'cancel-unsettled-bonus';
  return (
    <ModalFrame
      title={t(`bonuses.modals.cancel.${unsettled ? 'unsettledTitle' : 'title'}`, { name: bonus.name })}
      size="sm"
    >
      {issued ? (
        <p className="text-sm text-fg">
          {t('bonuses.modals.cancel.issued', { amount: money(bonus.amount, bonus.currency) })}
        </p>
      ) : (
        <>
          {unsettled && (
            <p className="mb-3 text-sm text-fg">
              {t('bonuses.modals.cancel.unsettled', { count: bonus.openedTransactionsCount, name: bonus.name })}
            </p>
          )}
          <div className="rounded-xl border border-warn/40 bg-warn/10 p-3 text-sm text-fg">
            <p className="font-semibold">
              {lost === undefined
                ? t('bonuses.modals.cancel.loseUnknown')
                : lost
                  ? t('bonuses.modals.cancel.lose', { amount: lost })
                  : t('bonuses.modals.cancel.loseNothing')}
            </p>
            {unsettled && (
              <p className="mt-1">{t('bonuses.modals.openRounds', { count: bonus.openedTransactionsCount })}</p>
            )}
          </div>
          <p className="mt-3 text-sm text-muted">
            {t(unsettled ? 'bonuses.modals.cancel.wait' : 'bonuses.modals.cancel.realStays')}
          </p>
        </>
      )}
      <div className="mt-6 flex flex-col gap-2">
        <Button variant="secondary" onClick={close}>
          {t('bonuses.modals.cancel.keep')}
        </Button>
        <Button loading={cancel.isPending} onClick={confirm}>
          {issued || !lost
            ? t('bonuses.modals.cancel.confirm')
            : t('bonuses.modals.cancel.confirmLose', { amount: lost })}
        </Button>
      </div>
      <ActionError error={cancel.error} />
    </ModalFrame>
  );
}
