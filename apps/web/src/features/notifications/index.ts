// Public surface of the notifications feature: the header bell (players only, lazy) and the push channel.
import { lazy } from 'react';

export const NotificationsBell = lazy(() =>
  import('./notifications-bell.tsx').then((m) => ({ default: m.NotificationsBell })),
);
/** Loaded on demand: the payload schemas (zod) stay out of the home route's first JS. */
export const loadMessengerChannel = () => import('./messenger-channel.ts');
