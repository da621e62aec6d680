import type { AuthResult } from '@casino/contracts';
import { isApiError, localisedHomePath } from '@/shared/lib/http.ts';
import { navigateTo } from '@/shared/lib/navigation.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { expectSessionEnd } from '@/shared/lib/socket.ts';
import { clearSession, hasSession, onSessionChange, saveSession } from '@/shared/lib/token.ts';
import { fetchProfile } from './api/get-profile.ts';
import { endServerSession } from './api/end-server-session.ts';
import { reloadPage } from './reload-page.ts';
import { isPlayer, setGuest, setPlayer, useSession } from './session-store.ts';
import { broadcastSessionChange, listenSessionChanges } from './session-sync.ts';

/** What follows the session outside auth. app/ links it at start, so auth imports no other feature. */
export type SessionLinks = {
  /** Loads the player's accounts into the cache; `quiet` keeps a 401 from opening sign-in. */
  loadAccounts: (quiet?: boolean) => Promise<unknown>;
  /** Reconnects the push channel as this player, or as a guest (null). */
  connectRealtime: (playerId: string | null) => Promise<void>;
};

// Until app/ links them (auth's own unit tests), nothing follows the session.
let links: SessionLinks = { loadAccounts: async () => undefined, connectRealtime: async () => undefined };

export function linkSession(next: SessionLinks): void {
  links = next;
}

let stopWatchers: (() => void) | null = null;

/**
 * App start: watch other tabs and the token, connect the push channel, and restore a stored
 * session (profile + accounts). If that fails the visitor is simply a guest.
 */
export async function startSession(): Promise<void> {
  if (stopWatchers) return;
  stopWatchers = installSessionWatchers();
  if (!hasSession()) {
    setGuest();
    void links.connectRealtime(null);
    return;
  }
  useSession.setState({ status: 'unknown' });
  await restoreSession();
}

/**
 * Checks the stored session (profile + accounts). Only the server saying no (401, or 403 for the
 * session) ends it; a network failure or a server error keeps it and leaves the player `offline`,
 * to be tried again (the header offers it, and it happens by itself when the browser is back online).
 */
export async function restoreSession(): Promise<void> {
  if (!hasSession()) return;
  try {
    const [profile] = await Promise.all([fetchProfile({ redirectOnAuthError: false }), links.loadAccounts(true)]);
    setPlayer(profile);
    void links.connectRealtime(profile.id);
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      setGuest();
      clearSession();
      void links.connectRealtime(null);
      return;
    }
    useSession.setState({ status: 'offline', profile: null });
    window.addEventListener('online', () => void retryRestore(), { once: true });
  }
}

/** From the header's retry button or the browser coming back online. */
export async function retryRestore(): Promise<void> {
  if (useSession.getState().status !== 'offline') return;
  useSession.setState({ status: 'unknown' });
  await restoreSession();
}

/** After login or registration: keep the token, show the player, load accounts, reconnect the push channel. */
export async function completeLogin(result: AuthResult): Promise<void> {
  saveSession(result);
  setPlayer(result.profile);
  broadcastSessionChange('login');
  // Guest answers in the cache (e.g. a personal game order) were for nobody; fetch them again as the player.
  void queryClient.invalidateQueries();
  await Promise.all([links.loadAccounts().catch(() => undefined), links.connectRealtime(result.profile.id)]);
}

/** Ends the session on the server and everywhere in the app, then goes to the home page. */
export async function logout(): Promise<void> {
  if (hasSession()) {
    expectSessionEnd();
    await endServerSession();
  }
  endLocalSession(true);
  broadcastSessionChange('logout');
  navigateTo(localisedHomePath());
}

/** The server ended every session of the player (an exclusion began): forget it here and in the other tabs. */
export function signedOutByServer(): void {
  endLocalSession(true);
  broadcastSessionChange('logout');
  navigateTo(localisedHomePath());
}

/** Forgets the player in this tab: token, cached player data, player channels. `left`: the player's own doing. */
function endLocalSession(left: boolean): void {
  // Guest first, so the token watcher below sees a cleared token as expected, not as a lost session.
  setGuest(left);
  clearSession();
  queryClient.clear();
  void links.connectRealtime(null);
}

/** Removes the watchers startSession installed (hot reload, tests); the next startSession installs them again. */
export function stopSession(): void {
  stopWatchers?.();
  stopWatchers = null;
}

function installSessionWatchers(): () => void {
  const stopTabs = listenSessionChanges((change) => {
    if (change === 'login' && !isPlayer()) reloadPage();
    if (change === 'logout' && isPlayer()) {
      endLocalSession(true);
      navigateTo(localisedHomePath());
    }
  });
  // The token vanished under a signed-in tab: a refused refresh or a 401/403. The session is over for every tab.
  const stopToken = onSessionChange((session) => {
    if (session || !isPlayer()) return;
    endLocalSession(false);
    broadcastSessionChange('logout');
  });
  return () => {
    stopTabs();
    stopToken();
  };
}

/** Reads the profile again after a change made elsewhere (a confirmed address, a saved form). */
export async function refreshProfile(): Promise<void> {
  setPlayer(await fetchProfile());
}
