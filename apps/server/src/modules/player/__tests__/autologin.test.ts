import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { authResultSchema, ErrorCode, PlayerStatus } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { issueAutologin } from '../autologin.ts';
import { findPlayer } from '../lookup.ts';
import { players } from '../tables.ts';
import { expectErrorEnvelope, register } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ PUBLIC_URL: 'https://casino.example' });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
const signIn = (token: unknown) =>
  server.app.inject({
    method: 'POST',
    url: '/api/player/sessions/token',
    payload: { token },
    headers: { 'x-forwarded-for': `10.20.0.${++n % 250}` },
  });
const issue = async (email: string, redirectPath?: string) => {
  const player = await findPlayer(server.ctx.db, { email });
  const { url } = await issueAutologin(server.ctx.db, player?.id ?? email, {
    publicUrl: 'https://casino.example',
    redirectPath,
  });
  return new URL(url);
};

describe('POST /api/player/sessions/token (autologin)', () => {
  it('signs the player in once with a link the operator issued', async () => {
    const { body, auth } = await register(server.app);
    const link = await issue((body.email as string).toUpperCase(), '/games/fortuna-magica');
    expect(link.origin + link.pathname).toBe('https://casino.example/auth/autologin');
    expect(link.searchParams.get('redirectUrl')).toBe('/games/fortuna-magica');
    const token = link.searchParams.get('state')!;
    const first = await signIn(token);
    expect(first.statusCode).toBe(200);
    const result = authResultSchema.parse(first.json().data);
    expect(result.profile.id).toBe(auth.profile.id);
    expect(result.sessionId).not.toBe(auth.sessionId);
    const again = expectErrorEnvelope(await signIn(token), 401);
    expect(again).toMatchObject({
      code: ErrorCode.invalidCredentials,
      message: 'This sign-in link is no longer valid',
    });
  });

  it('dies after 10 minutes, and a newer link voids the older', async () => {
    const { body } = await register(server.app);
    const older = (await issue(body.email as string)).searchParams.get('state')!;
    const newer = (await issue(body.email as string)).searchParams.get('state')!;
    expectErrorEnvelope(await signIn(older), 401);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 601_000);
    expectErrorEnvelope(await signIn(newer), 401);
  });

  it('twenty sign-ins racing with one link: one session opens', async () => {
    const { body } = await register(server.app);
    const token = (await issue(body.email as string)).searchParams.get('state')!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(19);
  });

  it('never redirects off the site', async () => {
    const { body } = await register(server.app);
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])
      expect((await issue(body.email as string, bad)).searchParams.get('redirectUrl')).toBe('/');
  });

  it('refuses a blocked player, an unknown e-mail and bad input', async () => {
    const { body } = await register(server.app);
    const token = (await issue(body.email as string)).searchParams.get('state')!;
    await server.ctx.db
      .update(players)
      .set({ status: PlayerStatus.blocked })
      .where(eq(players.email, body.email as string));
    expect(expectErrorEnvelope(await signIn(token), 403).code).toBe(ErrorCode.accountBlocked);
    await expect(issue('nobody@example.com')).rejects.toThrow(/No player/);
    expectErrorEnvelope(await signIn(''), 422);
    expectErrorEnvelope(await signIn('t'.repeat(129)), 422);
    expectErrorEnvelope(await signIn({ $ne: null }), 422);
    expectErrorEnvelope(await signIn('a\u0000b'), 422);
    expectErrorEnvelope(await signIn('made-up-token'), 401);
  });
});
