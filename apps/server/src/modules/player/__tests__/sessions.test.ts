import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { authResultSchema, ErrorCode, PlayerStatus } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { players, playerSessions } from '../tables.ts';
import { bearer, expectErrorEnvelope, login, profile, refresh, register } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    ACCESS_TOKEN_TTL: '60',
    SESSION_IDLE_TTL: '3600',
    SESSION_MAX_TTL: '7200',
    LOGIN_RATE_LIMIT: '10',
  });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const sessionRow = async (id: string) =>
  (await server.ctx.db.select().from(playerSessions).where(eq(playerSessions.id, id)))[0]!;
const logout = (token: string) =>
  server.app.inject({ method: 'POST', url: '/api/player/sessions/logout', headers: bearer(token) });
/** Moves the clock (Date only; timers and the database keep running). */
const travel = (seconds: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
};

describe('POST /api/player/sessions (login)', () => {
  it('opens a session and answers an AuthResult', async () => {
    const { body, auth: registered } = await register(server.app, { email: 'login.ok@example.com' });
    const res = await login(server.app, 'LOGIN.OK@example.com ', body.password as string, {
      'cf-ipcountry': 'PT',
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0',
    });
    expect(res.statusCode).toBe(200);
    const auth = authResultSchema.parse(res.json().data);
    expect(auth.sessionId).not.toBe(registered.sessionId);
    expect(auth.profile).toMatchObject({ id: registered.profile.id, isNewlyRegistered: false });
    expect(await sessionRow(auth.sessionId)).toMatchObject({
      country: 'PT',
      deviceType: 'desktop',
      ip: '127.0.0.1',
      closedAt: null,
    });
    expect((await profile(server.app, auth.accessToken)).statusCode).toBe(200);
    // Both sessions stay open: logging in elsewhere does not end the first device's session.
    expect((await profile(server.app, registered.accessToken)).statusCode).toBe(200);
  });

  it('stores the fingerprint sent with the login', async () => {
    const { body } = await register(server.app);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/player/sessions',
      payload: { login: body.email, password: body.password, fingerprint: 'fp-login' },
    });
    expect((await sessionRow(res.json().data.sessionId)).fingerprint).toBe('fp-login');
  });

  it('answers wrong password and unknown email alike with 401 16002', async () => {
    const { body } = await register(server.app);
    const wrong = expectErrorEnvelope(await login(server.app, body.email as string, 'not-the-password'), 401);
    const unknown = expectErrorEnvelope(await login(server.app, 'nobody@example.com', 'whatever-password'), 401);
    expect(wrong).toEqual({ code: ErrorCode.invalidCredentials, message: 'Wrong email or password' });
    expect(unknown).toEqual(wrong);
  });

  it('refuses a blocked or self-excluded player with 403 11002, after checking the password', async () => {
    const { body, auth } = await register(server.app);
    await server.ctx.db.update(players).set({ status: PlayerStatus.blocked }).where(eq(players.id, auth.profile.id));
    expect(expectErrorEnvelope(await login(server.app, body.email as string, body.password as string), 403).code).toBe(
      ErrorCode.accountBlocked,
    );
    expect(expectErrorEnvelope(await login(server.app, body.email as string, 'wrong-password'), 401).code).toBe(
      ErrorCode.invalidCredentials,
    );
    await server.ctx.db
      .update(players)
      .set({ status: PlayerStatus.selfExcluded })
      .where(eq(players.id, auth.profile.id));
    expect(expectErrorEnvelope(await login(server.app, body.email as string, body.password as string), 403).code).toBe(
      ErrorCode.accountBlocked,
    );
  });

  it('refuses sign-in from a country where sign-in is restricted', async () => {
    const { body } = await register(server.app);
    expectErrorEnvelope(
      await login(server.app, body.email as string, body.password as string, { 'cf-ipcountry': 'AU' }),
      403,
    );
  });

  it('validates the body', async () => {
    const post = (payload: unknown, headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'POST', url: '/api/player/sessions', payload: payload as string, headers });
    expect(expectErrorEnvelope(await post({ login: 'not-an-email', password: 'x' }), 422).fields).toHaveProperty(
      'login',
    );
    expect(expectErrorEnvelope(await post({ login: 'a@b.co', password: '' }), 422).fields).toEqual({
      password: ['Value is required'],
    });
    expect(expectErrorEnvelope(await post({ login: 'a@b.co' }), 422).fields).toHaveProperty('password');
    expect(expectErrorEnvelope(await post({ login: 1, password: true }), 422).fields).toHaveProperty('login');
    expect(
      JSON.stringify(expectErrorEnvelope(await post({ login: 'a@b.co', password: 'x', remember: true }), 422)),
    ).toContain('remember');
    expectErrorEnvelope(await post({ login: 'a@b.co', password: 'p'.repeat(2 * 1024 * 1024) }), 413);
    expectErrorEnvelope(await post('{"login":', { 'content-type': 'application/json' }), 422);
    const text = await post('login=a@b.co', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expectErrorEnvelope(text, text.statusCode);
  });
});

describe('POST /api/player/sessions/refresh', () => {
  it('rotates the token: the new one works, the old one no longer does', async () => {
    const { auth } = await register(server.app);
    const before = await sessionRow(auth.sessionId);
    const res = await refresh(server.app, auth.accessToken);
    expect(res.statusCode).toBe(200);
    const next = authResultSchema.parse(res.json().data);
    expect(next.sessionId).toBe(auth.sessionId);
    expect(next.accessToken).not.toBe(auth.accessToken);
    expect(next.profile).toMatchObject({ id: auth.profile.id, isNewlyRegistered: false });
    const after = await sessionRow(auth.sessionId);
    expect(after.tokenId).not.toBe(before.tokenId);
    expect(after.refreshedAt.getTime()).toBeGreaterThanOrEqual(before.refreshedAt.getTime());

    expect(expectErrorEnvelope(await profile(server.app, auth.accessToken), 401).code).toBe(401);
    expect((await profile(server.app, next.accessToken)).statusCode).toBe(200);
  });

  it('ends the session when an old token is replayed after a refresh', async () => {
    const { auth } = await register(server.app);
    const next = (await refresh(server.app, auth.accessToken)).json().data;
    const replay = await refresh(server.app, auth.accessToken);
    expect(expectErrorEnvelope(replay, 401).code).toBe(ErrorCode.sessionClosed);
    expect(await sessionRow(auth.sessionId)).toMatchObject({ closeReason: 'token_replay', closedAt: expect.any(Date) });
    // The legitimate holder's new token stops working too: the thief and the owner both must log in again.
    expectErrorEnvelope(await profile(server.app, next.accessToken), 401);
    expectErrorEnvelope(await refresh(server.app, next.accessToken), 401);
  });

  it('renews an expired token within the idle window', async () => {
    const { auth } = await register(server.app);
    travel(120); // access TTL is 60 s
    expect(expectErrorEnvelope(await profile(server.app, auth.accessToken), 401).message).toBe('Token expired');
    const res = await refresh(server.app, auth.accessToken);
    expect(res.statusCode).toBe(200);
    expect((await profile(server.app, res.json().data.accessToken)).statusCode).toBe(200);
  });

  it('closes a session idle for longer than SESSION_IDLE_TTL', async () => {
    const { auth } = await register(server.app);
    travel(3601);
    expect(expectErrorEnvelope(await refresh(server.app, auth.accessToken), 401).code).toBe(ErrorCode.sessionClosed);
    expect((await sessionRow(auth.sessionId)).closeReason).toBe('idle');
  });

  it('ends a session SESSION_MAX_TTL after sign-in, however often it was refreshed', async () => {
    const { auth } = await register(server.app);
    let token = auth.accessToken;
    // Refreshed every 50 minutes (never idle): fine until two hours after sign-in.
    for (let i = 0; i < 2; i++) {
      travel(3000);
      const res = await refresh(server.app, token);
      expect(res.statusCode).toBe(200);
      token = res.json().data.accessToken;
    }
    travel(1300);
    expect(expectErrorEnvelope(await refresh(server.app, token), 401).code).toBe(ErrorCode.sessionClosed);
    expect((await sessionRow(auth.sessionId)).closeReason).toBe('max_age');
  });

  it('ends the session of a player blocked meanwhile', async () => {
    const { auth } = await register(server.app);
    await server.ctx.db.update(players).set({ status: PlayerStatus.blocked }).where(eq(players.id, auth.profile.id));
    expect(expectErrorEnvelope(await refresh(server.app, auth.accessToken), 403).code).toBe(ErrorCode.accountBlocked);
    expect((await sessionRow(auth.sessionId)).closeReason).toBe('blocked');
  });

  it('refuses a missing, malformed or forged bearer token', async () => {
    const { auth } = await register(server.app);
    const post = (headers: Record<string, string>) =>
      server.app.inject({ method: 'POST', url: '/api/player/sessions/refresh', headers });
    expectErrorEnvelope(await post({}), 401);
    expectErrorEnvelope(await post({ authorization: 'Basic abc' }), 401);
    expectErrorEnvelope(await post({ authorization: 'Bearer not.a.jwt' }), 401);
    const [h, p] = auth.accessToken.split('.');
    expectErrorEnvelope(await post({ authorization: `Bearer ${h}.${p}.${'A'.repeat(43)}` }), 401);
    // None of these ended the real session.
    expect((await profile(server.app, auth.accessToken)).statusCode).toBe(200);
  });
});

describe('POST /api/player/sessions/logout', () => {
  it('closes the session: the token is useless for profile and refresh', async () => {
    const { auth } = await register(server.app);
    const res = await logout(auth.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    expect((await sessionRow(auth.sessionId)).closeReason).toBe('logout');
    expectErrorEnvelope(await profile(server.app, auth.accessToken), 401);
    expectErrorEnvelope(await refresh(server.app, auth.accessToken), 401);
    expectErrorEnvelope(await logout(auth.accessToken), 401);
  });

  it('requires a token', async () => {
    expectErrorEnvelope(await server.app.inject({ method: 'POST', url: '/api/player/sessions/logout' }), 401);
  });
});

describe('GET /api/player/profile', () => {
  it('requires a valid token', async () => {
    expectErrorEnvelope(await server.app.inject({ method: 'GET', url: '/api/player/profile' }), 401);
    expectErrorEnvelope(await profile(server.app, 'garbage'), 401);
  });
});

describe('session states (push hub and API token check)', () => {
  const isCurrent = async (claims: { playerId: string; sessionId: string; tokenId: string }) =>
    (await server.ctx.sessions.tokenState(claims)) === 'current';
  it('is true only for the current token of an open session of that player', async () => {
    const { auth } = await register(server.app);
    const claims = await server.ctx.tokens.verify(auth.accessToken);
    expect(await isCurrent(claims)).toBe(true);
    expect(await isCurrent({ ...claims, playerId: crypto.randomUUID() })).toBe(false);
    const next = (await refresh(server.app, auth.accessToken)).json().data;
    expect(await isCurrent(claims)).toBe(false);
    const nextClaims = await server.ctx.tokens.verify(next.accessToken);
    expect(await isCurrent(nextClaims)).toBe(true);
    await logout(next.accessToken);
    expect(await isCurrent(nextClaims)).toBe(false);
  });
});
