import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorEnvelopeSchema } from '@casino/contracts';
import { opsExclude } from '../../limits/commands.ts';
import { limitsPorts } from '../../../module-list.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { issueAutologin } from '../autologin.ts';
import { findPlayer } from '../lookup.ts';
import { loginWithIdentity } from '../social.ts';
import { bearer, expectErrorEnvelope, login, profile, refresh, register } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0' });
});
afterAll(() => server?.close());

/** The whole envelope, checked against the contract, as the web app reads it. */
const envelope = (res: { statusCode: number; json(): unknown }, status: number) => {
  expectErrorEnvelope(res, status);
  return errorEnvelopeSchema.parse(res.json()).error;
};

async function twoDevices() {
  const { body, auth } = await register(server.app);
  const email = body.email as string;
  const password = body.password as string;
  const other = (await login(server.app, email, password)).json().data.accessToken as string;
  return { email, password, token: auth.accessToken, other };
}

const startExclusion = (token: string, definition: 4 | 5, period: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/player/limits',
    headers: bearer(token),
    payload: { definition, period },
  });

/** A one-time sign-in link's token (the autologin route opens a session as every way in does). */
async function autologin(email: string) {
  const player = await findPlayer(server.ctx.db, { email });
  const { url } = await issueAutologin(server.ctx.db, player!.id, { publicUrl: 'https://casino.example' });
  const token = new URL(url).searchParams.get('state');
  return server.app.inject({ method: 'POST', url: '/api/player/sessions/token', payload: { token } });
}

describe('a refused sign-in during an exclusion says which one it is', () => {
  it('self-exclusion and cooling-off answer 11007 with their end and their kind', async () => {
    const excluded = await twoDevices();
    expect((await startExclusion(excluded.token, 4, '6_months')).statusCode).toBe(200);
    const selfExcluded = envelope(await autologin(excluded.email), 403);
    expect(selfExcluded).toMatchObject({ code: ErrorCode.accountExcluded, reason: 'self_exclusion' });
    expect(new Date(selfExcluded.until!).getTime()).toBeGreaterThan(Date.now() + 150 * 86_400_000);

    const resting = await twoDevices();
    expect((await startExclusion(resting.token, 5, '1_week')).statusCode).toBe(200);
    const coolingOff = envelope(await autologin(resting.email), 403);
    expect(coolingOff).toMatchObject({ code: ErrorCode.accountExcluded, reason: 'cooling_off' });
  });

  it('a social sign-in (Google) is refused the same way', async () => {
    const { email } = await twoDevices();
    await opsExclude(server.ctx, { email, type: 'self-exclusion', days: 30 }, limitsPorts);
    const identity = { issuer: 'https://idp.example/', subject: `google|${email}`, email, emailVerified: true };
    const client = { ip: '127.0.0.1', country: 'DE', userAgent: null, fingerprint: null };
    await expect(
      loginWithIdentity(server.ctx, server.ctx.tokens, identity, { provider: 'auth0', idToken: 'x' }, client),
    ).rejects.toMatchObject({
      code: ErrorCode.accountExcluded,
      details: { reason: 'self_exclusion', until: expect.stringMatching(/^\d{4}-/) },
    });
  });
});

describe('a device whose session was ended elsewhere is told why', () => {
  it('signed out from the sessions list of another device: on its next call and on refresh', async () => {
    const { token, other } = await twoDevices();
    const list = await server.app.inject({ method: 'GET', url: '/api/player/sessions', headers: bearer(token) });
    const otherId = (list.json().data as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
    const closed = await server.app.inject({
      method: 'PUT',
      url: `/api/player/sessions/${otherId}/close`,
      headers: bearer(token),
    });
    expect(closed.statusCode).toBe(200);
    expect(envelope(await profile(server.app, other), 401)).toMatchObject({
      code: ErrorCode.sessionClosed,
      reason: 'closed_by_player',
    });
    expect(envelope(await refresh(server.app, other), 401)).toMatchObject({
      code: ErrorCode.sessionClosed,
      reason: 'closed_by_player',
    });
  });

  it('a password changed on another device', async () => {
    const { token, other, password } = await twoDevices();
    const changed = await server.app.inject({
      method: 'PUT',
      url: '/api/player/passwords',
      headers: bearer(token),
      payload: { currentPassword: password, newPassword: 'changed-pass-1', repeatNewPassword: 'changed-pass-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect(envelope(await profile(server.app, other), 401)).toMatchObject({ reason: 'password_changed' });
  });

  it('an exclusion, by the player on another device or by an operator', async () => {
    const byPlayer = await twoDevices();
    expect((await startExclusion(byPlayer.token, 5, '1_day')).statusCode).toBe(200);
    expect(envelope(await profile(server.app, byPlayer.other), 401)).toMatchObject({ reason: 'excluded' });

    const byOperator = await twoDevices();
    await opsExclude(server.ctx, { email: byOperator.email, type: 'cooling-off', days: 1 }, limitsPorts);
    expect(envelope(await refresh(server.app, byOperator.other), 401)).toMatchObject({ reason: 'excluded' });
  });

  it('says nothing of a session to a token it had already replaced', async () => {
    const { token } = await twoDevices();
    const renewed = await refresh(server.app, token);
    expect(renewed.statusCode).toBe(200);
    const stale = envelope(await profile(server.app, token), 401);
    expect(stale.reason).toBeUndefined();
  });
});
