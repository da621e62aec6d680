import { useCallback, useEffect, useRef } from 'react';
import type { Game } from '@casino/contracts';
import { forgetGame, rememberGame, useReturnToGame } from './return-to-game-store.ts';

/**
 * Leaving a real-money game offers it back on phones; coming back to it withdraws the offer. Returns
 * what closing the game calls first: a game closed on purpose is not offered back.
 */
export function useRememberGame(game: Pick<Game, 'identity' | 'name'>, playingReal: boolean): () => void {
  const leftByClose = useRef(false);
  const liveReal = useRef(false);
  useEffect(() => {
    liveReal.current = playingReal;
  }, [playingReal]);
  useEffect(() => {
    if (useReturnToGame.getState().game?.identity === game.identity) forgetGame();
    return () => {
      if (liveReal.current && !leftByClose.current) rememberGame({ identity: game.identity, name: game.name });
    };
  }, [game.identity, game.name]);
  return useCallback(() => {
    leftByClose.current = true;
  }, []);
}
