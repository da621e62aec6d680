import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataEnvelope, okSchema, profileSchema, type AuthResult } from '@casino/contracts';
import { navigateTo } from '@/shared/lib/navigation.ts';
import { api } from '@/shared/lib/http.ts';
import { readSession, saveSession } from '@/shared/lib/token.ts';
import { all, get, offline, post, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { reloadPage } from './reload-page.ts';
import { testProfile } from './test-fixtures.ts';
import { useSession } from './session-store.ts';
import { CHANGE_SESSION_KEY, decodeSessionChange } from './session-sync.ts';
import {
  completeLogin,
  linkSession,
  logout,
  restoreSession,
  retryRestore,
  startSession,
  stopSession,
} from './session.ts';

vi.mock('@/shared/lib/navigation.ts', () => ({ navigateTo: vi.fn() }));
vi.mock('./reload-page.ts', () => ({ reloadPage: vi.fn() }));
// What app/ links to the session: the accounts and the push channel.
const loadAccounts = vi.fn(async () => []);
const connectRealtime = vi.fn(async () => {});

const profile = testProfile({ id: 'p1', email: 'ana@example.com' });
const authResult = (token = 'jwt-1'): AuthResult => ({
  accessToken: token,
  tokenType: 'Bearer',
  expiresAfter: new Date(Date.now() + 15 * 60_000).toISOString(),
  sessionId: 's1',
  profile,
});
const answerProfile = () =>
  server.use(get('/api/player/profile', () => reply(dataEnvelope(profileSchema), { data: profile })));
/** What another tab's write looks like to this tab. */
const otherTabWrites = (change: string) =>
  window.dispatchEvent(new StorageEvent('storage', { key: CHANGE_SESSION_KEY, newValue: btoa(`x7k2q-${change}`) }));

beforeEach(() => {
  linkSession({ loadAccounts, connectRealtime });
  window.history.replaceState(null, '', '/');
  useSession.setState({ status: 'guest', profile: null });
});
afterEach(() => {
  stopSession();
  vi.mocked(loadAccounts).mockClear();
  vi.mocked(navigateTo).mockClear();
  vi.mocked(reloadPage).mockClear();
  vi.mocked(connectRealtime).mockClear();
});

describe('start', () => {
  it('a visitor without a stored token is a guest and connects anonymously', async () => {
    await startSession();
    expect(useSession.getState().status).toBe('guest');
    expect(connectRealtime).toHaveBeenCalledWith(null);
  });

  it('a stored token restores the player with profile and accounts', async () => {
    saveSession(authResult());
    answerProfile();
    await startSession();
    const state = useSession.getState();
    expect(state.status).toBe('player');
    expect(state.profile?.id).toBe('p1');
    expect(connectRealtime).toHaveBeenCalledWith('p1');
  });

  it('a stored token the server no longer accepts leaves a quiet guest', async () => {
    saveSession(authResult());
    server.use(all('*', () => refuse(401, { code: 401, message: 'Unauthorized' })));
    await startSession();
    expect(useSession.getState().status).toBe('guest');
    expect(readSession()).toBeNull();
    expect(vi.mocked(navigateTo)).not.toHaveBeenCalled();
  });
  it('a failed check (offline, 500, 503) keeps the stored session and tries again', async () => {
    saveSession(authResult());
    for (const failure of [offline, () => refuse(503, { code: 503, message: 'Unavailable' })]) {
      useSession.setState({ status: 'unknown', profile: null });
      server.use(all('*', failure));
      await restoreSession();
      expect(useSession.getState().status).toBe('offline');
      expect(readSession()?.accessToken).toBe('jwt-1');
    }
    answerProfile();
    await retryRestore();
    expect(useSession.getState()).toMatchObject({ status: 'player', profile });
  });
});

describe('login and logout in this tab', () => {
  it('login stores the token and profile, loads accounts, reconnects push and tells other tabs', async () => {
    await completeLogin(authResult('jwt-9'));
    expect(readSession()?.accessToken).toBe('jwt-9');
    expect(useSession.getState()).toMatchObject({ status: 'player', profile });
    expect(vi.mocked(loadAccounts)).toHaveBeenCalled();
    expect(vi.mocked(connectRealtime)).toHaveBeenCalledWith('p1');
    expect(decodeSessionChange(localStorage.getItem(CHANGE_SESSION_KEY))).toBe('login');
  });

  it('logout ends the server session, forgets everything and goes to the localised home', async () => {
    window.history.replaceState(null, '', '/de/profile/wallet');
    const sent = recordRequests();
    server.use(post('/api/player/sessions/logout', () => reply(dataEnvelope(okSchema), { data: { ok: true } })));
    await completeLogin(authResult());
    await logout();

    expect(sent.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/player/sessions/logout');
    expect(readSession()).toBeNull();
    expect(useSession.getState().status).toBe('guest');
    expect(vi.mocked(connectRealtime)).toHaveBeenLastCalledWith(null);
    expect(decodeSessionChange(localStorage.getItem(CHANGE_SESSION_KEY))).toBe('logout');
    expect(vi.mocked(navigateTo)).toHaveBeenCalledWith('/de/');
  });

  it('a refused token refresh logs the player out', async () => {
    server.use(all('*', () => refuse(401, { code: 16003, message: 'Session closed' })));
    await startSession();
    await completeLogin({ ...authResult(), expiresAfter: new Date(Date.now() + 5_000).toISOString() });

    await expect(api('GET', '/api/wallet/accounts')).rejects.toMatchObject({ status: 401 });

    expect(useSession.getState().status).toBe('guest');
    expect(readSession()).toBeNull();
    expect(decodeSessionChange(localStorage.getItem(CHANGE_SESSION_KEY))).toBe('logout');
  });
});

describe('cross-tab sync (changeSession)', () => {
  it('login in another tab reloads a signed-out tab', async () => {
    await startSession();
    otherTabWrites('login');
    expect(vi.mocked(reloadPage)).toHaveBeenCalledTimes(1);
  });

  it('login in another tab leaves a signed-in tab alone', async () => {
    await startSession();
    await completeLogin(authResult());
    otherTabWrites('login');
    expect(vi.mocked(reloadPage)).not.toHaveBeenCalled();
  });

  it('logout in another tab sends a signed-in tab to its localised home as a guest', async () => {
    window.history.replaceState(null, '', '/pt-br/games/book');
    await startSession();
    await completeLogin(authResult());
    otherTabWrites('logout');
    expect(useSession.getState().status).toBe('guest');
    expect(vi.mocked(navigateTo)).toHaveBeenCalledWith('/pt-br/');
  });

  it('logout in another tab does nothing to a guest tab, and junk values are ignored', async () => {
    await startSession();
    otherTabWrites('logout');
    window.dispatchEvent(new StorageEvent('storage', { key: CHANGE_SESSION_KEY, newValue: 'not base64 ~~' }));
    expect(vi.mocked(navigateTo)).not.toHaveBeenCalled();
    expect(vi.mocked(reloadPage)).not.toHaveBeenCalled();
  });

  it('decodes the second dash-separated part of the base64 value', () => {
    expect(decodeSessionChange(btoa('abc123-login'))).toBe('login');
    expect(decodeSessionChange(btoa('abc123-logout'))).toBe('logout');
    expect(decodeSessionChange(btoa('abc123-other'))).toBeNull();
  });
});
