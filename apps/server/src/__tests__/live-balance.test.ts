import { Centrifuge, type PublicationContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Channel, type AuthResult } from '@casino/contracts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { login, register } from '../modules/player/__tests__/helpers.ts';

/**
 * The whole path a player sees: the real centrifuge client on our hub, an operator credit over
 * the loopback ops API, the ledger, the outbox dispatcher and the push of the full account.
 */
let server: TestServer;
let wsUrl: string;
let httpUrl: string;

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  wsUrl = `ws://127.0.0.1:${address.port}/connection/websocket`;
  httpUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => server.close());

function connect(token: string | (() => Promise<string>)) {
  const client = new Centrifuge(wsUrl, {
    websocket: WebSocket,
    ...(typeof token === 'string' ? { token } : { getToken: token }),
  });
  client.connect();
  return client;
}

const next = <T>(subscribe: (resolve: (value: T) => void) => void, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    // Names what it waited for (the callback's source), so a timeout on a loaded machine says which.
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${String(subscribe)}`)), ms);
    subscribe((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });

async function credit(email: string, amount: string) {
  const res = await fetch(`${httpUrl}/api/admin/commands/credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-secret': server.ctx.opsSecret },
    body: JSON.stringify({ email, amount, currency: 'EUR' }),
  });
  expect(res.status).toBe(200);
}

describe('live balance over the push hub', () => {
  it('delivers account.balance.updated with the full account after an ops credit', async () => {
    const { auth, body } = await register(server.app);
    const client = connect(auth.accessToken);
    const sub = client.newSubscription(Channel.walletAccounts(auth.profile.id));
    const subscribed = next((resolve) => sub.once('subscribed', resolve));
    sub.subscribe();
    await subscribed;

    const publication = next<PublicationContext>((resolve) => sub.once('publication', resolve));
    await credit(body.email as string, '12.34');
    const { data } = await publication;
    expect(data).toMatchObject({
      event: 'account.balance.updated',
      account: {
        currency: 'EUR',
        status: 1,
        balance: 12.34,
        realBalance: 12.34,
        bonusBalance: 0,
        lockedBalance: 0,
        withdrawalBalance: 12.34,
      },
    });
    client.disconnect();
  });

  it("refuses another player's channel with 103", async () => {
    const me = await register(server.app);
    const other = await register(server.app);
    const client = connect(me.auth.accessToken);
    const sub = client.newSubscription(Channel.walletAccounts(other.auth.profile.id));
    const refused = next<{ code: number }>((resolve) => sub.once('unsubscribed', resolve));
    sub.subscribe();
    expect((await refused).code).toBe(103);
    client.disconnect();
  });

  it('asks for a new token (109) when the API has rotated the session past the socket token, then connects', async () => {
    const { auth } = await register(server.app);
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/api/player/sessions/refresh',
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    const current = (refreshed.json() as { data: AuthResult }).data.accessToken;
    let asked = 0;
    const client = new Centrifuge(wsUrl, {
      websocket: WebSocket,
      token: auth.accessToken, // the old, rotated-away token
      getToken: async () => {
        asked += 1;
        return current;
      },
      minReconnectDelay: 50,
    });
    const connected = next((resolve) => client.once('connected', resolve));
    client.connect();
    await connected;
    expect(asked).toBe(1);
    client.disconnect();
  });

  it('ends the socket of a logged-out session for good (3500)', async () => {
    const { auth } = await register(server.app);
    await server.app.inject({
      method: 'POST',
      url: '/api/player/sessions/logout',
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    const client = connect(auth.accessToken);
    const closed = next<{ code: number }>((resolve) => client.once('disconnected', resolve));
    expect((await closed).code).toBe(3500);
  });

  it('closes a live socket the moment its session logs out, and no balance reaches it after', async () => {
    const { auth, body } = await register(server.app);
    // A second session of the same player (another device) keeps its socket.
    const other = await login(server.app, body.email as string, body.password as string);
    expect(other.statusCode).toBe(200);
    const otherToken = (other.json() as { data: AuthResult }).data.accessToken;
    const client = connect(auth.accessToken);
    const survivor = connect(otherToken);
    // Both listened for at once: awaited one after the other, the second could connect while the test
    // waited for the first, and its event had passed when its listener came (a 5 s timeout, twice).
    await Promise.all([
      next((resolve) => client.once('connected', resolve)),
      next((resolve) => survivor.once('connected', resolve)),
    ]);
    const sub = survivor.newSubscription(Channel.walletAccounts(auth.profile.id));
    const subscribed = next((resolve) => sub.once('subscribed', resolve));
    sub.subscribe();
    await subscribed;

    const closed = next<{ code: number }>((resolve) => client.once('disconnected', resolve), 2000);
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/player/sessions/logout',
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await closed).code).toBe(3500);
    expect(client.state).toBe('disconnected');
    // The other session is untouched: it still hears the player's balance.
    const pushed = next<PublicationContext>((resolve) => sub.once('publication', resolve));
    await credit(body.email as string, '1.00');
    expect(await pushed).toBeTruthy();
    expect(survivor.state).toBe('connected');
    survivor.disconnect();
  });

  it('keeps the socket when the session only rotates its token', async () => {
    const { auth } = await register(server.app);
    let current = auth.accessToken;
    const client = connect(async () => current);
    await next((resolve) => client.once('connected', resolve));
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/api/player/sessions/refresh',
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(refreshed.statusCode).toBe(200);
    current = (refreshed.json() as { data: AuthResult }).data.accessToken;
    let disconnected = false;
    client.once('disconnected', () => (disconnected = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(disconnected).toBe(false);
    expect(client.state).toBe('connected');
    client.disconnect();
  });
});
