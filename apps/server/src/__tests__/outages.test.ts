import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Centrifuge, type PublicationContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Channel, type AuthResult } from '@casino/contracts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { signCall } from '../lib/signing.ts';
import { registerBody } from '../modules/player/__tests__/helpers.ts';
import { createServer, type RunningServer } from '../server.ts';
import { createTestDatabase } from '../test/server.ts';
import { tcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { waitFor } from '../test/wait.ts';

/**
 * A node whose PostgreSQL and Redis are reached through hops this file can cut or freeze: what players,
 * game providers and a load balancer get while a dependency is away, and how soon it all comes back.
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let database: Database;
let pg: TcpProxy;
let redis: TcpProxy;
let node: RunningServer & { url: string; ws: string };
const clients: Centrifuge[] = [];

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestDatabase();
  const databaseUrl = (database.pool!.options as { connectionString: string }).connectionString;
  const at = (url: string) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) });
  pg = await tcpProxy(at(databaseUrl));
  redis = await tcpProxy(at(process.env.REDIS_URL!));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-outage-')),
    WEB_DIST: path.join(os.tmpdir(), 'casino-no-web-build'),
    JWT_SECRET: 'outages-secret-outages-secret-outages-01',
    TRUST_PROXY: '1',
    SEED_DEMO: '0',
    SIGN_UP_PER_ADDRESS: '0',
    WITHDRAWAL_VERIFICATION: 'never',
    DATABASE_URL: pg.url(databaseUrl),
    REDIS_URL: redis.url(process.env.REDIS_URL!),
    REDIS_PREFIX: `outages-${process.pid}-${Date.now()}:`,
  });
  const server = await createServer(config);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  node = { ...server, url: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/connection/websocket` };
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis?.restore();
  await pg?.restore();
  await node?.close();
  await pg?.close();
  await redis?.close();
  await database?.close();
});

async function call(method: string, pathname: string, token?: string, body?: unknown) {
  const started = Date.now();
  const response = await fetch(`${node.url}${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return {
    status: response.status,
    ms: Date.now() - started,
    retryAfter: response.headers.get('retry-after'),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    json: (await response.json().catch(() => null)) as any,
  };
}

async function playerWithGame() {
  const body = registerBody({ locale: 'en' });
  const signedUp = await call('POST', '/api/player/register', undefined, body);
  expect(signedUp.status).toBe(200);
  const auth = signedUp.json.data as AuthResult;
  const credit = await node.app.inject({
    method: 'POST',
    url: '/api/admin/commands/credit',
    headers: { 'x-ops-secret': node.ctx.opsSecret },
    payload: { email: body.email, currency: 'EUR', amount: '50' },
  });
  expect(credit.statusCode).toBe(200);
  const [game] = (await call('GET', '/api/game/games?perPage=1')).json.data;
  const play = await call('POST', `/api/game/games/${game.identity}/play`, auth.accessToken, { demoMode: false });
  expect(play.status).toBe(200);
  return {
    email: body.email as string,
    password: body.password as string,
    token: auth.accessToken,
    id: auth.profile.id,
    game: game.identity as string,
    session: play.json.data.token as string,
  };
}

/** A game provider's signed wallet call, ready to send (and send again: the same signature). */
function walletCall(kind: 'bet' | 'win', body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const pathname = `/api/provider-wallet/${kind}`;
  const headers = signCall(node.ctx.gameWalletSecret, { method: 'POST', path: pathname, body: raw });
  return async () => {
    const started = Date.now();
    const response = await fetch(`${node.url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: raw,
      signal: AbortSignal.timeout(15_000),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, ms: Date.now() - started, json: (await response.json()) as any };
  };
}

let round = 0;
const bet = (player: { session: string; game: string }, amount = 100) =>
  walletCall('bet', {
    token: player.session,
    transactionId: `outage-bet-${process.pid}-${++round}`,
    roundId: `outage-round-${process.pid}-${round}`,
    gameIdentity: player.game,
    amount,
    currency: 'EUR',
  });

describe.runIf(enabled)('outages of Redis and PostgreSQL', () => {
  it('Redis away: bets settle, a replay is still refused, sign-in works, readiness names Redis', async () => {
    const player = await playerWithGame();
    await redis.cut();
    try {
      const send = bet(player);
      const first = await send();
      expect(first.status).toBe(200);
      expect(first.ms).toBeLessThan(1_000);
      expect(first.json.balance).toBe(4900);
      // The same signed request again: refused by this node's memory while Redis is away.
      const replayed = await send();
      expect(replayed.status).toBe(401);
      expect(replayed.json.error.code).toBe(15010);

      const signIn = await call('POST', '/api/player/sessions', undefined, {
        login: player.email,
        password: player.password,
      });
      expect(signIn.status).toBe(200);
      expect(signIn.ms).toBeLessThan(1_000);
      // Failed sign-ins are still counted, in this process: the sixth wrong password in a row is paused.
      const wrong = [];
      for (let i = 0; i < 8; i++)
        wrong.push(
          (await call('POST', '/api/player/sessions', undefined, { login: player.email, password: 'Wrong-1234' }))
            .status,
        );
      expect(wrong).toContain(429);

      const ready = await call('GET', '/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.json.data).toMatchObject({ status: 'degraded', database: { up: true }, redis: { up: false } });
      expect(ready.ms).toBeLessThan(1_000);

      await redis.restore();
      await waitFor(async () => (await call('GET', '/api/ready')).json.data?.status === 'ready', 10_000);
      // Back on Redis, an id this node remembered alone is still refused.
      expect((await send()).status).toBe(401);
      expect((await bet(player)()).json.balance).toBe(4800);
    } finally {
      await redis.restore();
    }
  }, 60_000);

  it('PostgreSQL away: 503 with Retry-After within a second, readiness names the database, all back at once', async () => {
    const player = await playerWithGame();
    await pg.cut();
    try {
      const profile = await call('GET', '/api/player/profile', player.token);
      expect(profile.status).toBe(503);
      expect(profile.retryAfter).toBe('5');
      expect(profile.json.error.code).toBe(503);
      expect(profile.ms).toBeLessThan(1_000);
      const ready = await call('GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(1_200);
      expect(ready.json.error.report).toMatchObject({ ready: false, database: { up: false }, redis: { up: true } });
    } finally {
      await pg.restore();
    }
    const started = Date.now();
    await waitFor(async () => (await call('GET', '/api/player/profile', player.token)).status === 200, 10_000);
    expect(Date.now() - started).toBeLessThan(2_000);
  }, 60_000);

  it('PostgreSQL frozen: readiness answers 503 within its deadline, and requests finish once it thaws', async () => {
    const player = await playerWithGame();
    pg.freeze();
    let inFlight: Promise<{ status: number }> | null = null;
    try {
      inFlight = call('GET', '/api/player/profile', player.token);
      const ready = await call('GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(1_500);
      expect(ready.json.error.report.database).toMatchObject({ up: false, reason: expect.stringMatching(/no answer/) });
    } finally {
      await pg.restore();
    }
    expect([200, 503]).toContain((await inFlight).status);
    await waitFor(async () => (await call('GET', '/api/ready')).status === 200, 10_000);
  }, 60_000);

  it('PostgreSQL frozen: requests caught by it are refused within a second, the next at once; back within a second of the thaw', async () => {
    const player = await playerWithGame();
    pg.freeze();
    let held: Promise<Array<{ status: number; ms: number }>> | null = null;
    try {
      // More requests than the pool has connections, caught by the freeze with their statements sent.
      held = Promise.all(Array.from({ length: 14 }, () => call('GET', '/api/player/profile', player.token)));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const attemptsBefore = pg.accepted;
      for (let i = 0; i < 10; i++) {
        const refused = await call('GET', '/api/player/profile', player.token);
        expect(refused.status).toBe(503);
        expect(refused.retryAfter).toBe('5');
        // Before the breaker each waited the whole connect deadline and left a connection attempt behind.
        expect(refused.ms).toBeLessThan(250);
      }
      const ready = await call('GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(250);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // One probe at a time, each waiting its connect deadline: a few attempts, not one per request.
      expect(pg.accepted - attemptsBefore).toBeLessThanOrEqual(3);
    } finally {
      await pg.restore();
    }
    const thawed = Date.now();
    await waitFor(async () => (await call('GET', '/api/player/profile', player.token)).status === 200, 10_000);
    expect(Date.now() - thawed).toBeLessThan(1_500);
    // Those too were refused within about a second (a probe found no answer), not at the 10 s query deadline.
    for (const caught of await held!) {
      expect(caught.status).toBe(503);
      expect(caught.ms).toBeLessThan(1_000);
    }
  }, 60_000);

  it('a statement that is only slow keeps running: the probe finds PostgreSQL answering', async () => {
    const slow = node.ctx.database.pool!.query('select pg_sleep(1.2) as slept');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const ready = await call('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect((await slow).rows).toEqual([{ slept: '' }]);
  }, 30_000);

  it('pushes resume within a second of PostgreSQL coming back, however long it was away', async () => {
    const player = await playerWithGame();
    const client = new Centrifuge(node.ws, { websocket: WebSocket, token: player.token, minReconnectDelay: 60_000 });
    clients.push(client);
    const balances: string[] = [];
    const sub = client.newSubscription(Channel.walletAccounts(player.id));
    sub.on('publication', (ctx: PublicationContext) => {
      const account = (ctx.data as { account?: { balance?: unknown } }).account;
      if (account?.balance !== undefined) balances.push(String(account.balance));
    });
    const subscribed = new Promise<void>((resolve) => sub.once('subscribed', () => resolve()));
    sub.subscribe();
    client.connect();
    await subscribed;

    await pg.cut();
    // A lane that doubled its wait on each failure (0.5, 1, 2, 4, 8 s from a 250 ms poll) would be
    // 7.5 s into an 8 s wait now, and quiet for 7 s more after the database is back.
    await new Promise((resolve) => setTimeout(resolve, 8_500));
    await pg.restore();
    await waitFor(async () => (await call('GET', '/api/ready')).status === 200, 10_000);
    const settled = await bet(player, 250)();
    expect(settled.status).toBe(200);
    const started = Date.now();
    await waitFor(async () => balances.some((balance) => Number(balance) === 47.5), 10_000);
    expect(Date.now() - started).toBeLessThan(1_500);
  }, 60_000);
});
