import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { FreespinStatus } from '@casino/contracts';
import { useMoney } from '@/shared/lib/use-money.ts';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useActivateFreespins, useCancelFreespins, useOpenFreespins } from '../freespins-api.ts';
import { useFreespinGame } from '../freespins.tsx';
import { ActionError, BonusLoading, BonusUnavailable } from './modal-bonus.tsx';
import '../i18n/index.ts';

/**
 * `?freespins-activate=<id>` and `?freespins-cancel=<id>`: the question before activating free spins
 * (they can then be played on their game) or cancelling them (the spins left and the winnings so far
 * are forfeited).
 */
export default function FreespinsModal({ name, value, close }: ModalProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const open = useOpenFreespins();
  const spins = open.data?.find((s) => s.id === value);
  const game = useFreespinGame(spins?.gameId ?? '');
  const activate = useActivateFreespins();
  const cancel = useCancelFreespins();
  const activating = name === 'freespins-activate';
  const action = activating ? activate : cancel;
  const gone = !spins || (activating && spins.status !== FreespinStatus.issued);
  // The push of this very action can come before its answer (see activate-modal.tsx): wait for it.
  if (open.isPending || (gone && (action.isPending || action.isSuccess)))
    return <BonusLoading title={t('bonuses.modals.activate.loadingTitle')} />;
  if (gone || open.isError) return <BonusUnavailable failed={open.isError} />;
  const values = {
    name: spins.name,
    count: spins.count - spins.usedCount,
    game: game.data?.name ?? t('bonuses.freespins.theGame'),
    stake: money(spins.stakeAmount, spins.currency),
    won: money(spins.winAmount, spins.currency),
  };
  return (
    <ModalFrame
      title={t(activating ? 'bonuses.freespins.modal.activateTitle' : 'bonuses.freespins.modal.cancelTitle', values)}
      size="sm"
    >
      <p className="text-sm text-fg">
        {t(activating ? 'bonuses.freespins.modal.activateText' : 'bonuses.freespins.modal.cancelText', values)}
      </p>
      {!activating && spins.winAmount > 0 && (
        <p className="mt-3 rounded-xl border border-warn/40 bg-warn/10 p-3 text-sm font-semibold text-fg">
          {t('bonuses.freespins.modal.cancelWon', values)}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-2">
        <Button variant="secondary" onClick={close}>
          {t(activating ? 'bonuses.freespins.modal.notNow' : 'bonuses.freespins.modal.keep')}
        </Button>
        <Button loading={action.isPending} onClick={() => action.mutate(spins.id, { onSuccess: close })}>
          {t(activating ? 'bonuses.freespins.modal.activate' : 'bonuses.freespins.modal.cancel')}
        </Button>
      </div>
      <ActionError error={action.error} />
    </ModalFrame>
  );
}
