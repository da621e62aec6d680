import { useEffect, useRef } from 'react';
import { useSearchParams } from '@/shared/router';
import { useModal } from '@/shared/modals/index.ts';
import { onGameBetPush } from './game-bets-events.ts';
import { maxBetsValue } from './max-bets-value.ts';

/**
 * Pushes about this game's bets, which count only while it runs for real money: restricted bets and
 * a bonus's maximum bet, each with its modal. Closing the max-bets modal restarts the game (the
 * provider's round state is reset).
 */
export function useBetPushes(identity: string, routeId: string, playingReal: boolean, restart: () => void) {
  const [params] = useSearchParams();
  const modal = useModal();

  const maxBetsOpen = params.has('max-bets');
  const maxBetsWasOpen = useRef(maxBetsOpen);
  useEffect(() => {
    if (maxBetsWasOpen.current && !maxBetsOpen) restart();
    maxBetsWasOpen.current = maxBetsOpen;
  }, [maxBetsOpen, restart]);

  useEffect(() => {
    if (!playingReal) return;
    return onGameBetPush((push) => {
      if (push.kind === 'settled' || push.gameIdentity !== identity) return;
      if (push.kind === 'restricted') modal.open('restricted-bets', routeId);
      else modal.open('max-bets', maxBetsValue(push.currency, push.maxBetAmount));
    });
  }, [playingReal, identity, routeId, modal]);
}
