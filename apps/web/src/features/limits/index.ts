// Public surface of the limits feature: the reality check the game page shows during real-money play
// (and the start of its play session),
// and the query key a push about limits invalidates.
import { lazy } from 'react';

export { limitsQueryKey } from './api.ts';
export { playSessionStart } from './play-session.ts';

export const RealityCheck = lazy(() => import('./reality-check.tsx').then((m) => ({ default: m.RealityCheck })));
