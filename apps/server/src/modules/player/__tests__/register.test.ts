import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authResultSchema } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { walletAccounts } from '../../wallet/tables.ts';
import { players, playerSessions } from '../tables.ts';
import { bearer, expectErrorEnvelope, login, profile, register, registerBody } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/api/player/register', payload: payload as object, headers });

describe('POST /api/player/register', () => {
  it('creates the player, an active account in the registration currency and a session', async () => {
    const body = registerBody({
      email: '  New.Player@Example.COM ',
      currency: 'BTC',
      receiveEmailPromo: true,
      affiliateTag: 'aff-42',
      fingerprint: 'fp-1',
      locale: 'pt-br',
      nickname: 'Lucky',
    });
    const res = await post(body, {
      'cf-ipcountry': 'BR',
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148',
    });
    expect(res.statusCode).toBe(200);
    const auth = res.json().data;
    expect(authResultSchema.parse(auth)).toBeTruthy();
    expect(auth.tokenType).toBe('Bearer');
    expect(Date.parse(auth.expiresAfter)).toBeGreaterThan(Date.now());
    expect(auth.profile).toMatchObject({
      email: 'new.player@example.com',
      currency: 'BTC',
      country: 'BR',
      locale: 'pt-br',
      nickname: 'Lucky',
      status: 1,
      receiveEmailPromo: true,
      agreedTc: true,
      isNewlyRegistered: true,
    });
    expect(auth.profile.externalId).toBeGreaterThanOrEqual(100001);

    const [row] = await server.ctx.db.select().from(players).where(eq(players.id, auth.profile.id));
    expect(row).toMatchObject({ affiliateTag: 'aff-42', registrationIp: '127.0.0.1' });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(body.password as string);

    const accounts = await server.ctx.db
      .select()
      .from(walletAccounts)
      .where(eq(walletAccounts.playerId, auth.profile.id));
    expect(accounts).toEqual([expect.objectContaining({ currency: 'BTC', isActive: true, realBalance: 0n })]);

    const [session] = await server.ctx.db.select().from(playerSessions).where(eq(playerSessions.id, auth.sessionId));
    expect(session).toMatchObject({
      playerId: auth.profile.id,
      country: 'BR',
      deviceType: 'mobile',
      fingerprint: 'fp-1',
      closedAt: null,
    });

    const me = await profile(server.app, auth.accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: auth.profile.id, isNewlyRegistered: false });
  });

  it('shows the account through the wallet API', async () => {
    const { auth } = await register(server.app, { currency: 'USD' });
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/wallet/accounts',
      headers: bearer(auth.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ currency: 'USD', status: 1, balance: 0 })]);
  });

  it('takes the country from the geo header, falls back to the default and stores the country locale', async () => {
    const fromGeo = await register(server.app, {}, { 'cf-ipcountry': 'AT' });
    expect(fromGeo.auth.profile).toMatchObject({ country: 'AT', locale: 'de' });
    const fromDefault = await register(server.app);
    expect(fromDefault.auth.profile.country).toBe('DE');
    const declared = await register(server.app, { country: 'PT', locale: 'xx' }, { 'cf-ipcountry': 'AT' });
    expect(declared.auth.profile).toMatchObject({ country: 'PT', locale: 'pt-br' });
  });

  it('lets the registered player log in with the same password', async () => {
    const { body } = await register(server.app, { email: 'Login.After@Example.com' });
    const res = await login(server.app, 'login.after@example.com', body.password as string);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.profile.isNewlyRegistered).toBe(false);
  });

  describe('field rules (same as the web form)', () => {
    it('rejects a short password', async () => {
      const error = expectErrorEnvelope(
        await post(registerBody({ password: 'abc', password_confirmation: 'abc' })),
        422,
      );
      expect(error.fields).toEqual({ password: ['This field should be at least 6 characters long'] });
    });

    it('rejects a mismatched confirmation', async () => {
      const error = expectErrorEnvelope(await post(registerBody({ password_confirmation: 'something-else' })), 422);
      expect(error.fields).toEqual({ password_confirmation: ['The value must be equal to the password value'] });
    });

    it('compares the confirmation exactly as typed (the password is not trimmed)', async () => {
      const error = expectErrorEnvelope(
        await post(registerBody({ password: ' secret-pass', password_confirmation: 'secret-pass' })),
        422,
      );
      expect(error.fields).toEqual({ password_confirmation: ['The value must be equal to the password value'] });
    });

    it('rejects an unknown currency and a sub-unit code', async () => {
      expect(expectErrorEnvelope(await post(registerBody({ currency: 'XYZ' })), 422).fields).toHaveProperty('currency');
      expect(expectErrorEnvelope(await post(registerBody({ currency: 'mBTC' })), 422).fields).toHaveProperty(
        'currency',
      );
    });

    it('refuses a nickname with hidden or direction-changing characters (it is shown to others)', async () => {
      for (const nickname of ['Lucky\u202Egnp.exe', 'ad\u200Bmin', 'two\nlines']) {
        const error = expectErrorEnvelope(await post(registerBody({ nickname })), 422);
        expect(error.fields?.nickname, JSON.stringify(nickname)).toEqual([
          'The value contains invisible or direction-changing characters',
        ]);
      }
      expect((await post(registerBody({ nickname: 'Zoë 🎰' }))).statusCode).toBe(200);
    });

    it('refuses a password from the common-password list, in any letter case', async () => {
      for (const password of ['password123', 'Qwerty123', 'iloveyou']) {
        const error = expectErrorEnvelope(await post(registerBody({ password, password_confirmation: password })), 422);
        expect(error.fields?.password, password).toEqual([
          'This password is one of the most common ones. Choose one that is harder to guess',
        ]);
      }
      const rare = 'lantern-orbit-77';
      expect((await post(registerBody({ password: rare, password_confirmation: rare }))).statusCode).toBe(200);
    });

    it('requires accepted agreements', async () => {
      const declined = expectErrorEnvelope(await post(registerBody({ agreements: false })), 422);
      expect(declined.fields).toEqual({ agreements: ['You must accept the terms and conditions'] });
      const { agreements: _omit, ...missing } = registerBody();
      expect(expectErrorEnvelope(await post(missing), 422).fields).toHaveProperty('agreements');
    });

    it('rejects an invalid or empty email and an unknown country', async () => {
      expect(expectErrorEnvelope(await post(registerBody({ email: 'not-an-email' })), 422).fields).toEqual({
        email: ['Value is not a valid email address'],
      });
      expect(expectErrorEnvelope(await post(registerBody({ email: '' })), 422).fields?.email).toContain(
        'Value is required',
      );
      expect(expectErrorEnvelope(await post(registerBody({ country: 'US' })), 422).fields).toHaveProperty('country');
    });

    it('reports every broken field at once', async () => {
      const error = expectErrorEnvelope(
        await post(registerBody({ email: 'x', password: '1', password_confirmation: '2', currency: 'ZZZ' })),
        422,
      );
      expect(Object.keys(error.fields ?? {}).sort()).toEqual([
        'currency',
        'email',
        'password',
        'password_confirmation',
      ]);
    });
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const { body } = await register(server.app, { email: 'taken@example.com' });
    const again = await post(
      registerBody({ email: 'TAKEN@Example.com', password: body.password, password_confirmation: body.password }),
    );
    const error = expectErrorEnvelope(again, 422);
    expect(error.fields).toEqual({ email: ['This email is already registered'] });
    const count = await server.ctx.db.select().from(players).where(eq(players.email, 'taken@example.com'));
    expect(count).toHaveLength(1);
  });

  it('lets only one of two simultaneous registrations of an email win', async () => {
    const body = registerBody({ email: 'race@example.com' });
    const results = await Promise.all([post(body), post(body), post(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    const [player] = await server.ctx.db.select().from(players).where(eq(players.email, 'race@example.com'));
    expect(
      await server.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.playerId, player!.id)),
    ).toHaveLength(1);
  });

  it('refuses sign-up from a restricted country', async () => {
    expectErrorEnvelope(await post(registerBody(), { 'cf-ipcountry': 'AU' }), 403);
    expectErrorEnvelope(await post(registerBody(), { 'cf-ipcountry': 'US' }), 403);
  });

  describe('bad input is always a 4xx envelope', () => {
    it('wrong types', async () => {
      const error = expectErrorEnvelope(
        await post(registerBody({ email: 42, agreements: 'yes', currency: ['EUR'] })),
        422,
      );
      expect(Object.keys(error.fields ?? {})).toEqual(expect.arrayContaining(['email', 'agreements', 'currency']));
    });

    it('missing fields and an empty object', async () => {
      expectErrorEnvelope(await post({}), 422);
      expectErrorEnvelope(await post({ email: 'a@b.co' }), 422);
    });

    it('extra fields', async () => {
      const error = expectErrorEnvelope(await post(registerBody({ isAdmin: true } as never)), 422);
      expect(JSON.stringify(error)).toContain('isAdmin');
    });

    it('overlong values', async () => {
      expectErrorEnvelope(await post(registerBody({ email: `${'a'.repeat(300)}@example.com` })), 422);
      expectErrorEnvelope(await post(registerBody({ affiliateTag: 'x'.repeat(1000) })), 422);
    });

    it('a 2 MB body', async () => {
      const res = await post(registerBody({ nickname: 'x'.repeat(2 * 1024 * 1024) }));
      expect(expectErrorEnvelope(res, 413).code).toBe(413);
    });

    it('malformed JSON, an empty body, a non-JSON content type, a JSON array', async () => {
      const raw = (payload: string, contentType: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/player/register',
          payload,
          headers: { 'content-type': contentType },
        });
      for (const res of [
        await raw('{"email": "a@b.co",', 'application/json'),
        await raw('', 'application/json'),
        await raw('email=a@b.co&password=secret', 'application/x-www-form-urlencoded'),
        await raw('hello', 'text/plain'),
        await raw('[1,2,3]', 'application/json'),
        await raw('{"__proto__": {"admin": true}}', 'application/json'),
      ]) {
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expectErrorEnvelope(res, res.statusCode);
      }
    });
  });
});
