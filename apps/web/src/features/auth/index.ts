// Public surface of the auth feature.
export { useSession, type SessionStatus, type SessionState } from './session-store.ts';
export {
  startSession,
  linkSession,
  type SessionLinks,
  logout,
  completeLogin,
  retryRestore,
  signedOutByServer,
} from './session.ts';
export { useWithdrawOnly } from './withdraw-only.ts';
