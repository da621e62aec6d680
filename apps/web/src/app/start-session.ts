import { linkSession, startSession } from '@/features/auth';
import { loadAccounts } from '@/features/wallet';

// The push wiring (and with it the feature barrels it names) loads on first use: at start it is
// only needed once the session is known, so it stays out of the first page's JS.
const loadRealtime = () => import('./realtime.ts');

/** App start: the session (auth) with what follows it, the player's accounts and the push channel. */
export function startAppSession(): Promise<void> {
  linkSession({
    loadAccounts,
    connectRealtime: (playerId) => loadRealtime().then((m) => m.connectRealtime(playerId)),
  });
  void loadRealtime().then((m) => m.installVisibilityRefetch());
  return startSession();
}
