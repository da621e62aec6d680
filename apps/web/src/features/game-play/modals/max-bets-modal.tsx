import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useMoney } from '@/shared/lib/use-money.ts';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { parseMaxBetsValue } from '../max-bets-value.ts';
import '../i18n/index.ts';

/**
 * `?max-bets=EUR:5`: a bet went over the maximum an active bonus allows (for a game that does not say so
 * itself); closing it goes back to the game as it was: a refused bet left nothing to restart.
 * `?max-bets=EUR:50:bet` / `:event`: a sports bet went over the maximum stake per bet or per event;
 * `:sportsbook`: over a bonus's maximum in the sportsbook.
 */
export default function MaxBetsModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const max = parseMaxBetsValue(value);
  const stake = max?.scope === 'bet' || max?.scope === 'event' ? max.scope : null;
  const amount = max ? money(max.amount, max.currency) : '';
  return (
    <ModalFrame title={t(stake ? 'gamePlay.modals.maxBets.stakeTitle' : 'gamePlay.modals.maxBets.title')} size="sm">
      <p className="text-sm text-fg">
        {stake === 'bet'
          ? t('gamePlay.modals.maxBets.perBet', { amount })
          : stake === 'event'
            ? t('gamePlay.modals.maxBets.perEvent', { amount })
            : max
              ? t('gamePlay.modals.maxBets.text', { amount })
              : t('gamePlay.modals.maxBets.textGeneric')}
      </p>
      <Button className="mt-6" block onClick={close}>
        {max?.scope ? t('gamePlay.modals.maxBets.ok') : t('gamePlay.modals.maxBets.back')}
      </Button>
    </ModalFrame>
  );
}
