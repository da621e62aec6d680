import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventName } from '@casino/contracts';
import { readMailbox } from '../../modules/messages/index.ts';
import { bearer, freshClients, register } from '../../modules/player/__tests__/helpers.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { waitFor } from '../../test/wait.ts';
import { outbox } from '../tables.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const { from, newNumber } = freshClients();
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload, headers: { ...from(), ...headers } });
const playerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
const eventsOf = async (event: EventName, playerId: string) =>
  (await server.ctx.db.select().from(outbox).where(eq(outbox.event, event)))
    .map((r) => r.payload)
    .filter((p) => p.playerId === playerId);
/** The latest message to `to` matching `pattern`, its first group. */
const sent = (to: string, pattern: RegExp) =>
  waitFor(async () => {
    for (const m of await readMailbox(server.ctx.db, to)) {
      const match = pattern.exec(m.body);
      if (match) return match[1];
    }
    return undefined;
  });

describe('the player module writes its events (for the quests)', () => {
  it('player.email.confirmed once, when the link confirms the address', async () => {
    const { body, auth } = await register(server.app, { locale: 'en' });
    const email = body.email as string;
    const playerId = playerOf(auth.accessToken);
    const code = await sent(email, /\/verify\/([\w-]+)/);
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/player/profile/confirmations/email', { code: code! });
      expect(res.json()).toEqual({ data: { status: 'confirmed' } });
    }
    expect(await eventsOf('player.email.confirmed', playerId)).toEqual([{ playerId, email }]);
  });

  it('player.phone.confirmed when a texted code confirms a number', async () => {
    const { auth } = await register(server.app, { locale: 'en' });
    const playerId = playerOf(auth.accessToken);
    const phone = newNumber();
    const headers = bearer(auth.accessToken);
    expect(
      (await post('/api/player/otp/send', { phone, reason: 'phoneVerification', locale: 'en' }, headers)).statusCode,
    ).toBe(200);
    const code = await sent(phone, /\b(\d{6})\b/);
    const verified = await post('/api/player/otp/verify', { phone, code: code!, reason: 'phoneVerification' }, headers);
    expect(verified.statusCode).toBe(200);
    expect(await eventsOf('player.phone.confirmed', playerId)).toEqual([{ playerId, phone }]);
  });

  it('player.profile.updated naming the fields saved (never their values), none for a save that changes nothing', async () => {
    const { auth } = await register(server.app, { locale: 'en' });
    const playerId = playerOf(auth.accessToken);
    const put = (payload: object) =>
      server.app.inject({ method: 'PUT', url: '/api/player/profile', payload, headers: bearer(auth.accessToken) });
    expect((await put({ city: 'Porto', nickname: 'Ana' })).statusCode).toBe(200);
    expect((await put({ city: 'Porto' })).statusCode).toBe(200);
    expect(await eventsOf('player.profile.updated', playerId)).toEqual([{ playerId, fields: ['city', 'nickname'] }]);
  });
});
