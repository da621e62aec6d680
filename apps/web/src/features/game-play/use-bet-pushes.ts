import { useEffect } from 'react';
import { useModal } from '@/shared/modals/index.ts';
import { onGameBetPush } from './game-bets-events.ts';
import { maxBetsValue } from './max-bets-value.ts';

/**
 * Pushes about this game's bets, which count only while it runs for real money: restricted bets and
 * a bonus's maximum bet, each with its modal. A game that answers a maximum bet itself (it says the
 * maximum and offers the stake within it, `tellsMaxBet`) gets no modal over it; no modal restarts the
 * game (a refused bet left no round to reset, and a restart would lose the stake the game offers).
 */
export function useBetPushes(identity: string, routeId: string, playingReal: boolean, tellsMaxBet: () => boolean) {
  const modal = useModal();

  useEffect(() => {
    if (!playingReal) return;
    return onGameBetPush((push) => {
      if (push.kind === 'settled' || push.gameIdentity !== identity) return;
      if (push.kind === 'restricted') modal.open('restricted-bets', routeId);
      else if (!tellsMaxBet()) modal.open('max-bets', maxBetsValue(push.currency, push.maxBetAmount));
    });
  }, [playingReal, identity, routeId, modal, tellsMaxBet]);
}
