// Public surface of the game-play feature that the site frame needs. Kept small: the layout is in
// the first JS. The game page, its modals and the push channel are loaded by path where needed.
import { lazy } from 'react';

/** Not needed for the first paint, so it loads after it (render inside a Suspense boundary). */
export const ReturnToGameSlot = lazy(() => import('./return-to-game-slot.tsx').then((m) => ({ default: m.ReturnToGameSlot })));
