import { linkSession, startSession } from '@/features/auth';
import { loadAccounts } from '@/features/wallet';
import { connectRealtime, installVisibilityRefetch } from './realtime.ts';

/** App start: the session (auth) with what follows it, the player's accounts and the push channel. */
export function startAppSession(): Promise<void> {
  linkSession({ loadAccounts, connectRealtime });
  installVisibilityRefetch();
  return startSession();
}
