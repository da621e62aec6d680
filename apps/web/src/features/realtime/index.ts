// Public surface of the realtime feature: the push channel follows the session.
export { connectRealtime, installVisibilityRefetch } from './connect-realtime.ts';
