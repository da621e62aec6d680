import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiPage, localisedHomePath, serializeQuery } from './http.ts';
import { readSession, saveSession, SESSION_KEY } from './token.ts';
import { navigateTo } from './navigation.ts';

vi.mock('./navigation.ts', () => ({ navigateTo: vi.fn() }));

type Call = { url: string; init: RequestInit };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const grant = (token: string, inMs = 15 * 60_000) => ({
  accessToken: token,
  tokenType: 'Bearer',
  expiresAfter: new Date(Date.now() + inMs).toISOString(),
});

let calls: Call[];
function mockFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}
const authHeader = (call: Call | undefined) =>
  (call?.init.headers as Record<string, string> | undefined)?.Authorization;

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(navigateTo).mockClear();
});

describe('query serialisation', () => {
  it('writes arrays with brackets and skips empty values', () => {
    expect(serializeQuery({ status: [1, 2], currency: 'EUR', page: 1, missing: undefined, none: null })).toBe(
      'status[]=1&status[]=2&currency=EUR&page=1',
    );
  });

  it('sends the query on a same-origin path without cookies', async () => {
    mockFetch(() => json(200, { data: [] }));
    await api('GET', '/api/game/player-bonuses', { query: { status: [1, 2] } });
    expect(calls[0]!.url).toBe('/api/game/player-bonuses?status[]=1&status[]=2');
    expect(calls[0]!.init.credentials).toBe('omit');
  });

  it('sends the device cookie only with a call that asks for it (sign-in, sign-up), and reads a challenge', async () => {
    mockFetch(() => json(429, { error: { code: 11010, message: 'Paused', challenge: 'c-1' } }));
    const refused = await api('POST', '/api/player/sessions', { body: {}, auth: false, device: true }).catch(
      (error: unknown) => error,
    );
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(refused).toMatchObject({ status: 429, code: 11010, challenge: 'c-1' });
  });
});

describe('bearer token', () => {
  it('is attached when a session exists and left out for guests', async () => {
    mockFetch(() => json(200, { data: { ok: true } }));
    await api('GET', '/api/player/profile');
    expect(authHeader(calls[0])).toBeUndefined();

    saveSession(grant('token-1'));
    await api('GET', '/api/player/profile');
    expect(authHeader(calls[1])).toBe('Bearer token-1');
  });

  it('is never sent on calls marked auth: false (login, registration)', async () => {
    saveSession(grant('token-1'));
    mockFetch(() => json(200, { data: {} }));
    await api('POST', '/api/player/sessions', { body: { login: 'a@b.co', password: 'secret' }, auth: false });
    expect(authHeader(calls[0])).toBeUndefined();
  });

  it('is refreshed first when it expires within 10 seconds, once for parallel callers', async () => {
    saveSession(grant('old', 9_000));
    let refreshes = 0;
    mockFetch(async (url) => {
      if (url === '/api/player/sessions/refresh') {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 20));
        return json(200, { data: grant('new') });
      }
      return json(200, { data: { ok: true } });
    });

    await Promise.all([
      api('GET', '/api/wallet/accounts'),
      api('GET', '/api/player/profile'),
      api('GET', '/api/player/limits'),
    ]);

    expect(refreshes).toBe(1);
    const refresh = calls.find((c) => c.url === '/api/player/sessions/refresh')!;
    expect(authHeader(refresh)).toBe('Bearer old');
    expect(calls.filter((c) => c.url !== '/api/player/sessions/refresh').map(authHeader)).toEqual([
      'Bearer new',
      'Bearer new',
      'Bearer new',
    ]);
    expect(readSession()?.accessToken).toBe('new');
  });

  it('is not refreshed while more than 10 seconds remain', async () => {
    saveSession(grant('fresh', 11_000));
    mockFetch(() => json(200, { data: {} }));
    await api('GET', '/api/wallet/accounts');
    expect(calls.map((c) => c.url)).toEqual(['/api/wallet/accounts']);
  });

  it('a refresh that fails on the server side (5xx) fails the call but keeps the session', async () => {
    saveSession(grant('old', 5_000));
    mockFetch(() => json(503, { error: { code: 503, message: 'Unavailable' } }));
    await expect(api('GET', '/api/wallet/accounts')).rejects.toMatchObject({ status: 503 });
    expect(readSession()?.accessToken).toBe('old');
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('a refused refresh ends the session and asks to sign in', async () => {
    saveSession(grant('old', 5_000));
    mockFetch((url) =>
      url === '/api/player/sessions/refresh'
        ? json(401, { error: { code: 16003, message: 'Session closed' } })
        : json(200, { data: {} }),
    );

    await expect(api('GET', '/api/wallet/accounts')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/player/sessions/refresh']);
    expect(navigateTo).toHaveBeenCalledWith('/?sign-in');
  });
});

describe('errors', () => {
  it('parses the error envelope with field messages', async () => {
    mockFetch(() =>
      json(422, {
        error: { code: 422, message: 'Invalid data', fields: { email: ['The email has already been taken'] } },
      }),
    );
    const error = await api('POST', '/api/player/register', { body: {}, auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 422,
      message: 'Invalid data',
      fields: { email: ['The email has already been taken'] },
    });
  });

  it('does not retry a failed call', async () => {
    mockFetch(() => json(500, { error: { code: 500, message: 'boom' } }));
    await expect(api('GET', '/api/wallet/accounts')).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(1);
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('GET', '/api/wallet/accounts')).rejects.toMatchObject({ status: 0 });
  });

  it('401 on an authenticated call clears the session and opens sign-in on the home page', async () => {
    saveSession(grant('token-1'));
    mockFetch(() => json(401, { error: { code: 401, message: 'Unauthorized' } }));
    await expect(api('GET', '/api/wallet/accounts')).rejects.toMatchObject({ status: 401 });
    expect(readSession()).toBeNull();
    expect(navigateTo).toHaveBeenCalledWith('/?sign-in');
  });

  it('keeps the locale prefix: /de pages go to /de/?sign-in', async () => {
    window.history.replaceState(null, '', '/de/games/abc');
    saveSession(grant('token-1'));
    mockFetch(() => json(403, { error: { code: 11002, message: 'Blocked' } }));
    await expect(api('GET', '/api/wallet/accounts')).rejects.toMatchObject({ status: 403 });
    expect(navigateTo).toHaveBeenCalledWith('/de/?sign-in');
  });

  it('a 403 that names a game rule (limit reached) is an answer, not the end of the session', async () => {
    saveSession(grant('token-1'));
    mockFetch(() => json(403, { error: { code: 14100, message: 'Bet limit reached' } }));
    await expect(api('POST', '/api/game/games/x/play', { body: {} })).rejects.toMatchObject({
      status: 403,
      code: 14100,
    });
    expect(readSession()).not.toBeNull();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('apiPage resolves to the data and the page meta', async () => {
    mockFetch(() => json(200, { data: [{ id: 'a' }], meta: { page: 2, perPage: 1, totalPages: 3, totalRows: 3 } }));
    await expect(apiPage('/api/game/spins', { query: { page: 2 } })).resolves.toEqual({
      data: [{ id: 'a' }],
      meta: { page: 2, perPage: 1, totalPages: 3, totalRows: 3 },
    });
  });

  it('a wrong password on login (auth: false) is just an error: no redirect', async () => {
    mockFetch(() => json(401, { error: { code: 16002, message: 'Invalid credentials' } }));
    await expect(api('POST', '/api/player/sessions', { body: {}, auth: false })).rejects.toMatchObject({ status: 401 });
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('boot-time probes can fail quietly', async () => {
    saveSession(grant('token-1'));
    mockFetch(() => json(401, { error: { code: 401, message: 'Unauthorized' } }));
    await expect(api('GET', '/api/player/profile', { redirectOnAuthError: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(navigateTo).not.toHaveBeenCalled();
  });
});

describe('localisedHomePath', () => {
  it('has no prefix for the default locale and keeps a supported one', () => {
    window.history.replaceState(null, '', '/profile');
    expect(localisedHomePath('?sign-in')).toBe('/?sign-in');
    window.history.replaceState(null, '', '/pt-br/bonuses');
    expect(localisedHomePath()).toBe('/pt-br/');
  });
});
