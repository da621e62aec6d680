/**
 * The access token of the signed-in player and the cross-tab rules for renewing it.
 *
 * Every tab of the site shares one token in localStorage. The server rotates the token on refresh
 * and treats a replayed old token as theft (it ends the session), so exactly one tab may refresh at
 * a time; the others wait for the new token to appear (poll every 500 ms, about 10
 * times). A storage event wakes a waiting tab early, so the poll is only the fallback.
 */

export const SESSION_KEY = 'session';
export const REFRESH_MARKER_KEY = 'refreshSession';
/** A token counts as expired this long before its real expiry. */
export const EXPIRY_MARGIN_MS = 10_000;
export const REFRESH_POLL_MS = 500;
export const REFRESH_POLL_TIMES = 10;
/** A marker older than the whole wait belongs to a tab that died mid-refresh. */
const MARKER_STALE_MS = REFRESH_POLL_MS * REFRESH_POLL_TIMES + 2_000;

export type StoredSession = { accessToken: string; expiresAt: number };
/** What a successful refresh (or login) hands over. */
export type TokenGrant = { accessToken: string; expiresAfter: string };
/** Renews the token: a grant, or null when the server refused (the session is over). Throws on network trouble. */
export type Refresher = (staleToken: string) => Promise<TokenGrant | null>;

type Listener = (session: StoredSession | null) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage can be blocked (privacy modes); then there is simply no stored session
  }
}

export function readSession(): StoredSession | null {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof value.accessToken === 'string' && typeof value.expiresAt === 'number') {
      return { accessToken: value.accessToken, expiresAt: value.expiresAt };
    }
  } catch {
    // fall through: a corrupt entry is no session
  }
  return null;
}

export function saveSession(grant: TokenGrant): StoredSession {
  const expiresAt = Date.parse(grant.expiresAfter);
  // An unparsable expiry is treated as already expiring, so the next call refreshes instead of failing.
  const session = { accessToken: grant.accessToken, expiresAt: Number.isNaN(expiresAt) ? 0 : expiresAt };
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  notify(session);
  return session;
}

export function clearSession(): void {
  const had = storage()?.getItem(SESSION_KEY) != null;
  storage()?.removeItem(SESSION_KEY);
  if (had) notify(null);
}

export const hasSession = () => readSession() !== null;

export function isExpiring(session: StoredSession, now = Date.now(), marginMs = EXPIRY_MARGIN_MS): boolean {
  return session.expiresAt - marginMs <= now;
}

/** Called when this tab stores or clears the token (other tabs speak through `changeSession`). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(session: StoredSession | null) {
  for (const listener of [...listeners]) listener(session);
}

let inFlight: Promise<string | null> | null = null;

/**
 * The current access token, renewed first when it is within 10 s of expiry. Null when there is no
 * session, or the refresh was refused (then the session is cleared). Parallel callers in this tab
 * share one refresh; callers in other tabs wait for it through localStorage.
 * `refused`: a token the server already called expired (push error 109); it is renewed whatever our clock says.
 */
export function getFreshToken(refresh: Refresher, refused: string | null = null): Promise<string | null> {
  const session = readSession();
  if (!session) return Promise.resolve(null);
  if (!isExpiring(session) && session.accessToken !== refused) return Promise.resolve(session.accessToken);
  inFlight ??= refreshShared(refresh, session.accessToken).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function refreshShared(refresh: Refresher, staleToken: string): Promise<string | null> {
  if (otherTabIsRefreshing()) {
    const outcome = await waitForOtherTab(staleToken);
    if (outcome.kind === 'token') return outcome.token;
    if (outcome.kind === 'ended') return null;
    // timed out: that tab is gone or stuck; refresh with whatever token is stored now
  }
  const current = readSession();
  if (!current) return null;
  // Another tab renewed it meanwhile: never refresh a token twice (the server reads that as a replay).
  if (current.accessToken !== staleToken && !isExpiring(current)) return current.accessToken;

  storage()?.setItem(REFRESH_MARKER_KEY, `loading-${Date.now()}`);
  try {
    const grant = await refresh(current.accessToken);
    if (!grant) {
      clearSession();
      return null;
    }
    return saveSession(grant).accessToken;
  } finally {
    storage()?.removeItem(REFRESH_MARKER_KEY);
  }
}

function otherTabIsRefreshing(now = Date.now()): boolean {
  const marker = storage()?.getItem(REFRESH_MARKER_KEY);
  if (!marker?.startsWith('loading')) return false;
  const startedAt = Number(marker.split('-')[1]);
  return Number.isFinite(startedAt) && now - startedAt < MARKER_STALE_MS;
}

type WaitOutcome = { kind: 'token'; token: string } | { kind: 'ended' } | { kind: 'timeout' };

function waitForOtherTab(staleToken: string): Promise<WaitOutcome> {
  return new Promise((resolve) => {
    let polls = 0;
    const check = (): boolean => {
      const session = readSession();
      if (!session) return finish({ kind: 'ended' });
      if (session.accessToken !== staleToken && !isExpiring(session))
        return finish({ kind: 'token', token: session.accessToken });
      if (!otherTabIsRefreshing()) {
        // The other tab finished without a new token in storage: its refresh failed or it gave up.
        return finish(readSession() ? { kind: 'timeout' } : { kind: 'ended' });
      }
      return false;
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEY || event.key === REFRESH_MARKER_KEY || event.key === null) check();
    };
    const timer = setInterval(() => {
      polls += 1;
      if (!check() && polls >= REFRESH_POLL_TIMES) finish({ kind: 'timeout' });
    }, REFRESH_POLL_MS);
    let done = false;
    function finish(outcome: WaitOutcome): true {
      if (!done) {
        done = true;
        clearInterval(timer);
        globalThis.removeEventListener?.('storage', onStorage);
        resolve(outcome);
      }
      return true;
    }
    globalThis.addEventListener?.('storage', onStorage);
  });
}
