// Public surface of the limits feature: the reality check the game page shows during real-money play.
import { lazy } from 'react';

export const RealityCheck = lazy(() => import('./reality-check.tsx').then((m) => ({ default: m.RealityCheck })));
