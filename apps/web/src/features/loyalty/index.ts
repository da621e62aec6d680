// Public surface of the loyalty feature: the header badge (players only, lazy) and the push channel,
// loaded on demand so its payload schema (zod) stays out of the first JS. The page uses page.ts; the
// modal registry uses modals.ts.
import { lazy } from 'react';

export const loadLoyaltyChannel = () => import('./loyalty-channel.ts');
/** The header's level badge and the level-up notice (render inside Suspense). */
export const HeaderLoyalty = lazy(() => import('./header-loyalty.tsx').then((m) => ({ default: m.HeaderLoyalty })));
