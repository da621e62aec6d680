import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerSession } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { bearer, expectErrorEnvelope, login, profile, register } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => server?.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const list = (token: string, query = '') =>
  server.app.inject({ method: 'GET', url: `/api/player/sessions${query}`, headers: bearer(token) });
const close = (token: string, id: string) =>
  server.app.inject({
    method: 'PUT',
    url: `/api/player/sessions/${encodeURIComponent(id)}/close`,
    headers: bearer(token),
  });

describe('the player sessions (devices)', () => {
  it('lists every session newest first with device, browser, address and country; the current one marked', async () => {
    const { body, auth } = await register(
      server.app,
      {},
      { 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '203.0.113.7' },
    );
    const phone = await login(server.app, body.email as string, body.password as string, {
      'user-agent': SAFARI_IPHONE,
      'x-forwarded-for': '198.51.100.23',
      'cf-ipcountry': 'DE',
    });
    const phoneToken = phone.json().data.accessToken as string;

    const res = await list(phoneToken);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json() as { data: PlayerSession[]; meta: { totalRows: number } };
    expect(meta.totalRows).toBe(2);
    expect(data.map((s) => [s.client, s.deviceType, s.ip, s.current])).toEqual([
      ['Safari on iOS', 'mobile', '198.51.100.23', true],
      ['Chrome on Windows', 'desktop', '203.0.113.7', false],
    ]);
    expect(data[0]).toMatchObject({ country: 'DE', closedAt: null });
    expect(data[1]!.id).toBe(auth.sessionId);
    expect((await list(phoneToken, '?perPage=1&page=2')).json().data.map((s: PlayerSession) => s.id)).toEqual([
      auth.sessionId,
    ]);
  });

  it('ends another device: its token stops working at once, the list shows it ended', async () => {
    const { body, auth } = await register(server.app);
    const other = (await login(server.app, body.email as string, body.password as string)).json().data.accessToken;
    const closed = await close(auth.accessToken, (await list(other)).json().data[0].id);
    expect(closed.statusCode).toBe(200);
    expectErrorEnvelope(await profile(server.app, other), 401);
    expect((await profile(server.app, auth.accessToken)).statusCode).toBe(200);
    const [ended] = (await list(auth.accessToken)).json().data as PlayerSession[];
    expect(ended!.closedAt).toEqual(expect.any(String));
  });

  it("answers 404 for another player's session or a junk id, and changes nothing", async () => {
    const mine = await register(server.app);
    const theirs = await register(server.app);
    for (const id of [theirs.auth.sessionId, 'not-a-uuid', '00000000-0000-0000-0000-000000000000', 'x'.repeat(64)]) {
      expectErrorEnvelope(await close(mine.auth.accessToken, id), 404);
    }
    expect((await profile(server.app, theirs.auth.accessToken)).statusCode).toBe(200);
    expectErrorEnvelope(await close(mine.auth.accessToken, 'x'.repeat(65)), 422);
    expectErrorEnvelope(await list(mine.auth.accessToken, '?perPage=1000'), 422);
  });

  it('closes a session once when the same close is raced twenty times', async () => {
    const { body, auth } = await register(server.app);
    const other = (await login(server.app, body.email as string, body.password as string)).json().data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => close(auth.accessToken, other.sessionId)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const ended = ((await list(auth.accessToken)).json().data as PlayerSession[]).filter((s) => s.closedAt);
    expect(ended.map((s) => s.id)).toEqual([other.sessionId]);
    expect((await profile(server.app, auth.accessToken)).statusCode).toBe(200);
  });

  it('requires a player (401)', async () => {
    expectErrorEnvelope(await server.app.inject({ method: 'GET', url: '/api/player/sessions' }), 401);
    expectErrorEnvelope(
      await server.app.inject({
        method: 'PUT',
        url: '/api/player/sessions/00000000-0000-0000-0000-000000000000/close',
      }),
      401,
    );
  });
});
