import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, PlayerStatus } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { opsCredit } from '../../wallet/commands.ts';
import { playerOf } from '../command-naming.ts';
import { bearer, expectErrorEnvelope, login, profile, register } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => server?.close());

const put = (url: string, token: string, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
const close = (token: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/player/close', headers: bearer(token), payload, remoteAddress });

describe('changing the password to the same one', () => {
  it('is refused on the new password field, and the password stays', async () => {
    const { body, auth } = await register(server.app);
    const same = body.password as string;
    const refused = expectErrorEnvelope(
      await put('/api/player/passwords', auth.accessToken, {
        currentPassword: same,
        newPassword: same,
        repeatNewPassword: same,
      }),
      422,
    );
    expect(refused.fields).toEqual({ newPassword: ['The new password must differ from the current one'] });
    expect((await login(server.app, body.email as string, same)).statusCode).toBe(200);
  });
});

describe('the profile country', () => {
  it('is set once, then locked like the name and birth date', async () => {
    const { auth } = await register(server.app, { country: 'DE' });
    const rules = (
      await server.app.inject({ method: 'GET', url: '/api/player/fields/validations?scenario=profile' })
    ).json().data as { name: string; editable: boolean }[];
    expect(rules.find((f) => f.name === 'country')?.editable).toBe(false);
    const refused = expectErrorEnvelope(await put('/api/player/profile', auth.accessToken, { country: 'BR' }), 422);
    expect(refused.fields).toEqual({
      country: ['This field can no longer be changed. Please contact our Support Team.'],
    });
    expect((await profile(server.app, auth.accessToken)).json().data.country).toBe('DE');
  });
});

describe('POST /api/player/close', () => {
  it('needs the password, ends every session, and refuses sign-in afterwards; records are kept', async () => {
    const { body, auth } = await register(server.app);
    const email = body.email as string;
    const password = body.password as string;
    const other = (await login(server.app, email, password)).json().data.accessToken as string;

    const wrong = expectErrorEnvelope(await close(auth.accessToken, { password: 'not-my-password' }), 422);
    expect(wrong.fields).toHaveProperty('password');
    expect((await profile(server.app, other)).statusCode).toBe(200);

    expect((await close(auth.accessToken, { password })).json()).toEqual({ data: { ok: true } });
    expectErrorEnvelope(await profile(server.app, auth.accessToken), 401);
    expectErrorEnvelope(await profile(server.app, other), 401);
    const refused = expectErrorEnvelope(await login(server.app, email, password), 403);
    expect(refused).toMatchObject({ code: ErrorCode.accountClosed, message: 'This account is closed' });
    const { players } = await import('../tables.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await server.ctx.db.select().from(players).where(eq(players.email, email));
    // Kept for the regulator's retention period: status changes, personal data stays.
    expect(row).toMatchObject({ status: PlayerStatus.closed, email });
  });

  it('refuses while real money is on the account: withdraw it first', async () => {
    const { body, auth } = await register(server.app);
    await opsCredit(server.ctx, { email: body.email as string, amount: '5', currency: 'EUR' }, playerOf);
    const refused = expectErrorEnvelope(await close(auth.accessToken, { password: body.password }), 409);
    expect(refused.message).toBe('Withdraw your balance before you close your account');
    expect((await profile(server.app, auth.accessToken)).statusCode).toBe(200);
  });

  it('refuses a guest', async () => {
    expectErrorEnvelope(
      await server.app.inject({ method: 'POST', url: '/api/player/close', payload: { password: 'x' } }),
      401,
    );
  });
});

describe('POST /api/player/close, attacked', () => {
  it('twenty closes at once: the account closes, every answer 200, 401 or 429 (flood guard), sign-in refused', async () => {
    const { body, auth } = await register(server.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => close(auth.accessToken, { password: body.password })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 401 || s === 429),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(200);
    const refused = expectErrorEnvelope(await login(server.app, body.email as string, body.password as string), 403);
    expect(refused.code).toBe(ErrorCode.accountClosed);
  });

  it('NUL bytes and a huge password are refused in the envelope and close nothing', async () => {
    const { auth } = await register(server.app);
    for (const password of ['a\u0000b', 'x'.repeat(1_000_000), '\ud800']) {
      const answer = await close(auth.accessToken, { password });
      expect(answer.statusCode, password.slice(0, 8)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, password.slice(0, 8)).toBeLessThan(500);
      expect(answer.json().error.code).toBeGreaterThanOrEqual(400);
    }
    expect((await profile(server.app, auth.accessToken)).statusCode).toBe(200);
  });

  it('a credit racing the close: refused or closed under the wallet lock, never an error or a deadlock', async () => {
    // Twelve players, each closing while an operator credit arrives: either the close is refused
    // (the credit came first) or the account closes at 0 and the later credit waits for the player.
    for (let i = 0; i < 12; i++) {
      const { body, auth } = await register(server.app);
      const email = body.email as string;
      const [answer] = await Promise.all([
        close(auth.accessToken, { password: body.password }, `10.9.0.${i + 1}`),
        opsCredit(server.ctx, { email, amount: '5', currency: 'EUR', reference: `race-${i}` }, playerOf),
      ]);
      expect([200, 409]).toContain(answer.statusCode);
    }
  });
});
