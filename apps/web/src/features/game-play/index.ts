// Public surface of the game-play feature that the site frame and the catalogue need. Kept small:
// the layout is in the first JS. The game page, its modals and the push channel are loaded by path
// where needed.
import { lazy } from 'react';

/** The one game query; the catalogue's cards seed it and its mobile sheet reads it. */
export { useGame, seedGame } from './api/get-game.ts';

/** Not needed for the first paint, so it loads after it (render inside a Suspense boundary). */
export const ReturnToGameSlot = lazy(() =>
  import('./return-to-game-slot.tsx').then((m) => ({ default: m.ReturnToGameSlot })),
);

/** The `game:bets` push channel, loaded on demand: its payload schemas (zod) stay out of the first JS. */
export const loadGameBetsChannel = () => import('./game-bets-channel.ts');

/** Its pushes and their max-bets modal value, for another page that runs a game (the sportsbook), loaded by it. */
export const loadBetPushes = () => import('./bet-pushes.ts');
