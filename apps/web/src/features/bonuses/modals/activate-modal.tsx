import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BonusStatus, type PlayerBonus } from '@casino/contracts';
import { useMoney } from '@/shared/lib/use-money.ts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useActivateBonus } from '../api.ts';
import { activateModalOf } from '../bonus-rules.ts';
import { ActionError, BonusLoading, BonusUnavailable, useBonusMoneyIn, useModalBonus } from './modal-bonus.tsx';
import '../i18n/index.ts';

/**
 * `?bonus-confirm-action=<id>` asks before activating an issued bonus; `?change-active-bonus=<id>`
 * when another bonus of its currency is active, which the activation cancels: it says what that
 * costs first. A link naming the wrong one of the two is turned into the right one.
 */
export default function ActivateModal({ name, value, close }: ModalProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const { loading, failed, bonus, active, all } = useModalBonus(value);
  // Held here, not in the question: the push saying this activation made the bonus active can come
  // before the server's answer, and the question would unmount with its callback (the dialog would
  // then say "not available" about the bonus just activated). Until the answer, the dialog waits.
  const activate = useActivateBonus();
  const confirm = () => activate.mutate(value, { onSuccess: close });
  const issued = bonus?.status === BonusStatus.issued;
  const right = bonus && issued ? activateModalOf(bonus, all) : null;
  useEffect(() => {
    if (right && right !== name) modal.replace(name, right, value);
  }, [right, name, value, modal]);

  if (loading || (!issued && (activate.isPending || activate.isSuccess)))
    return <BonusLoading title={t('bonuses.modals.activate.loadingTitle')} />;
  if (!bonus || !issued || failed) return <BonusUnavailable failed={failed} />;
  // Turning into the right question: the frame stays named meanwhile.
  if (right !== name) return <BonusLoading title={t('bonuses.modals.activate.loadingTitle')} />;
  return name === 'change-active-bonus' && active ? (
    <ChangeActive bonus={bonus} active={active} close={close} activate={activate} confirm={confirm} />
  ) : (
    <ConfirmActivate bonus={bonus} close={close} activate={activate} confirm={confirm} />
  );
}

type Question = {
  bonus: PlayerBonus;
  close: () => void;
  activate: ReturnType<typeof useActivateBonus>;
  confirm: () => void;
};

function ConfirmActivate({ bonus, close, activate, confirm }: Question) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('bonuses.modals.activate.title', { name: bonus.name })} size="sm">
      <Terms bonus={bonus} />
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          {t('bonuses.modals.activate.notNow')}
        </Button>
        <Button loading={activate.isPending} onClick={confirm}>
          {t('bonuses.modals.activate.confirm')}
        </Button>
      </div>
      <ActionError error={activate.error} />
    </ModalFrame>
  );
}

function ChangeActive({ bonus, active, close, activate, confirm }: Question & { active: PlayerBonus }) {
  const { t } = useTranslation();
  const money = useMoney();
  const forfeit = useBonusMoneyIn(active.currency);
  const names = { name: bonus.name, active: active.name };
  return (
    <ModalFrame title={t('bonuses.modals.change.title')} size="sm">
      <p className="text-sm text-fg">{t('bonuses.modals.change.text', names)}</p>
      <div className="mt-4 rounded-xl border border-warn/40 bg-warn/10 p-3 text-sm text-fg">
        <p className="font-semibold">
          {forfeit === undefined
            ? t('bonuses.modals.change.loseUnknown', names)
            : forfeit > 0
              ? t('bonuses.modals.change.lose', { ...names, amount: money(forfeit, active.currency) })
              : t('bonuses.modals.change.loseNothing', names)}
        </p>
        {active.openedTransactionsCount > 0 && (
          <p className="mt-1">{t('bonuses.modals.openRounds', { count: active.openedTransactionsCount })}</p>
        )}
      </div>
      <div className="mt-4">
        <Terms bonus={bonus} />
      </div>
      <div className="mt-6 flex flex-col gap-2">
        <Button loading={activate.isPending} onClick={confirm}>
          {t('bonuses.modals.change.confirm', names)}
        </Button>
        <Button variant="secondary" onClick={close}>
          {t('bonuses.modals.change.keep', names)}
        </Button>
      </div>
      <ActionError error={activate.error} />
    </ModalFrame>
  );
}

/** What activating gives and asks: the bonus money, the wagering, the maximum bet, the money order. */
function Terms({ bonus }: { bonus: PlayerBonus }) {
  const { t } = useTranslation();
  const money = useMoney();
  const amount = money(bonus.amount, bonus.currency);
  return (
    <ul className="list-disc space-y-1.5 pl-5 text-sm text-muted">
      <li>{t('bonuses.modals.activate.money', { name: bonus.name, amount, currency: bonus.currency })}</li>
      <li>
        {bonus.requiredWagerCasinoAmount > 0
          ? t('bonuses.modals.activate.wager', {
              required: money(bonus.requiredWagerCasinoAmount, bonus.currency),
              multiplier: bonus.wagerCasino,
            })
          : t('bonuses.modals.activate.noWager')}
      </li>
      {bonus.maxBetAmount !== null && (
        <li>{t('bonuses.modals.activate.maxBet', { amount: money(bonus.maxBetAmount, bonus.currency) })}</li>
      )}
      <li>{t('bonuses.modals.activate.order')}</li>
    </ul>
  );
}
