import { useEffect } from 'react';
import { SPORTSBOOK_GAME_IDENTITY } from '@casino/contracts';
import { loadBetPushes } from '@/features/game-play';
import { useModal } from '@/shared/modals/index.ts';

/**
 * Pushes about the player's sports bets while the sportsbook is on screen: bets restricted by the
 * operator, or over a maximum (the sportsbook's per bet or per event, else an active bonus's). The
 * client has already refused the bet; the modal says why.
 */
export function useSportsbookBetPushes(enabled: boolean) {
  const modal = useModal();
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void loadBetPushes().then(({ onGameBetPush, maxBetsValue }) => {
      if (cancelled) return;
      stop = onGameBetPush((push) => {
        if (push.kind === 'settled' || push.gameIdentity !== SPORTSBOOK_GAME_IDENTITY) return;
        if (push.kind === 'restricted') modal.open('restricted-bets', SPORTSBOOK_GAME_IDENTITY);
        else modal.open('max-bets', maxBetsValue(push.currency, push.maxBetAmount, push.limit ?? 'sportsbook'));
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [enabled, modal]);
}
