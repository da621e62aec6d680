// Public surface of the tournaments feature: the push channel of completions (loaded on demand so its
// zod schemas stay out of the first JS) and the lobby and game-page sections (render inside Suspense).
import { lazy } from 'react';
export const loadTournamentsChannel = () => import('./tournaments-channel.ts');
/** The home page's running and upcoming tournaments. */
export const TournamentsSection = lazy(() =>
  import('./tournament-section.tsx').then((m) => ({ default: m.TournamentsSection })),
);
/** A game page's tournaments that game counts in. */
export const GameTournaments = lazy(() =>
  import('./tournament-section.tsx').then((m) => ({ default: m.GameTournaments })),
);
