import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Centrifuge, type PublicationContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Channel, type AuthResult } from '@casino/contracts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { signCall } from '../lib/signing.ts';
import { applyDueLimitChanges } from '../modules/limits/index.ts';
import { registerBody } from '../modules/player/__tests__/helpers.ts';
import { createServer, type RunningServer } from '../server.ts';
import { createTestDatabase } from '../test/server.ts';
import { waitFor } from '../test/wait.ts';

/**
 * Two server nodes on one PostgreSQL and one Redis, as `PROCESSES=2` or two machines run them: a
 * player signs up on A and watches their balance there while the deposit webhook and the game's
 * wallet calls land on B; a logout on B closes the socket on A; a job both nodes run does each piece
 * of work once; the login rate limit and the signed-call replay guard count across both.
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
type Node = RunningServer & { url: string; ws: string; database: Database };
let template: Database;
let a: Node;
let b: Node;
/** ROLE=api and ROLE=worker, on a database of their own (A and B would run its lanes too). */
let apiTemplate: Database;
let api: Node;
let worker: Node;
const clients: Centrifuge[] = [];

async function startNode(databaseUrl: string, env: Record<string, string>): Promise<Node> {
  const database = await openDatabase({ databaseUrl });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-node-')),
    WEB_DIST: path.join(os.tmpdir(), 'casino-no-web-build'),
    TRUST_PROXY: '1',
    WITHDRAWAL_VERIFICATION: 'never',
    TURNOVER_MULTIPLIER: '0',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL!,
    ...env,
  });
  const server = await createServer(config, { database });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    ...server,
    database,
    url: `http://127.0.0.1:${address.port}`,
    ws: `ws://127.0.0.1:${address.port}/connection/websocket`,
  };
}

beforeAll(async () => {
  if (!enabled) return;
  template = await createTestDatabase();
  const url = (template.pool!.options as { connectionString: string }).connectionString;
  // What the nodes of one deployment share: the database, Redis (and its prefix), the secrets.
  const shared = {
    JWT_SECRET: 'two-nodes-secret-two-nodes-secret-0001',
    GAME_WALLET_SECRET: 'two-nodes-wallet-secret-two-nodes-0001',
    REDIS_PREFIX: `two-nodes-${process.pid}-${Date.now()}:`,
    LOGIN_RATE_LIMIT: '3',
    SIGN_UP_PER_ADDRESS: '0',
  };
  a = await startNode(url, shared);
  b = await startNode(url, shared);
  apiTemplate = await createTestDatabase();
  const apiUrl = (apiTemplate.pool!.options as { connectionString: string }).connectionString;
  const pair = { ...shared, REDIS_PREFIX: `api-worker-${process.pid}-${Date.now()}:`, BONUS_JOB_MS: '200' };
  worker = await startNode(apiUrl, { ...pair, ROLE: 'worker' });
  api = await startNode(apiUrl, { ...pair, ROLE: 'api' });
}, 120_000);
afterAll(async () => {
  for (const client of clients) client.disconnect();
  for (const node of [a, b, api, worker]) await node?.close();
  for (const node of [a, b, api, worker]) await node?.database.close();
  await template?.close();
  await apiTemplate?.close();
});

async function call(node: Node, method: string, pathname: string, token?: string, body?: unknown) {
  const response = await fetch(`${node.url}${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, json: (await response.json().catch(() => null)) as any };
}

async function signUp(node: Node) {
  const body = registerBody({ locale: 'en' });
  const { status, json } = await call(node, 'POST', '/api/player/register', undefined, body);
  expect(status).toBe(200);
  const auth = json.data as AuthResult;
  return {
    email: body.email as string,
    password: body.password as string,
    token: auth.accessToken,
    id: auth.profile.id,
  };
}

function balanceUpdates(node: Node, token: string, playerId: string) {
  const client = new Centrifuge(node.ws, { websocket: WebSocket, token, minReconnectDelay: 60_000 });
  clients.push(client);
  const balances: string[] = [];
  const sub = client.newSubscription(Channel.walletAccounts(playerId));
  sub.on('publication', (ctx: PublicationContext) => {
    const account = (ctx.data as { account?: { balance?: unknown } }).account;
    if (account?.balance !== undefined) balances.push(String(account.balance));
  });
  const subscribed = new Promise<void>((resolve) => sub.once('subscribed', () => resolve()));
  sub.subscribe();
  client.connect();
  return { client, balances, subscribed };
}

function signedWalletCall(node: Node, kind: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const pathname = `/api/provider-wallet/${kind}`;
  const headers = signCall(node.ctx.gameWalletSecret, { method: 'POST', path: pathname, body: raw });
  const send = (target: Node) =>
    fetch(`${target.url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: raw,
    });
  return { send };
}

/** A card deposit on `node`: the invoice, then the sandbox provider's card page paid (its webhook comes back to `node`). */
async function cardDeposit(node: Node, token: string, amount: number) {
  const invoice = await call(node, 'POST', '/api/payment/invoices/deposit', token, {
    method: 'card',
    currency: 'EUR',
    amount,
  });
  expect(invoice.status).toBe(200);
  await fetch(`${node.url}${invoice.json.data.action as string}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
  });
}

describe.runIf(enabled)('two nodes on one PostgreSQL and Redis', () => {
  it('sign-up on A; deposit webhook and play on B; the balance pushed to A; logout on B closes A’s socket', async () => {
    const player = await signUp(a);
    const live = balanceUpdates(a, player.token, player.id);
    await live.subscribed;

    // A card deposit on B: the provider's signed webhook reaches B, the credit is pushed through Redis to A.
    await cardDeposit(b, player.token, 40);
    await waitFor(async () => live.balances.find((balance) => Number(balance) === 40));

    // A real-money game launched on B; the provider's signed bet lands on B; A hears it.
    const [game] = (await call(b, 'GET', '/api/game/games?perPage=1')).json.data;
    const play = await call(b, 'POST', `/api/game/games/${game.identity}/play`, player.token, { demoMode: false });
    expect(play.status).toBe(200);
    const bet = signedWalletCall(b, 'bet', {
      token: play.json.data.token,
      transactionId: `two-nodes-${Date.now()}`,
      roundId: `two-nodes-round-${Date.now()}`,
      gameIdentity: game.identity,
      amount: 250,
      currency: 'EUR',
    });
    expect((await bet.send(b)).status).toBe(200);
    await waitFor(async () => live.balances.find((balance) => Number(balance) === 37.5));
    // The same signed request replayed on the other node: its request id was seen (the guard is in Redis).
    const replayed = await bet.send(a);
    expect(replayed.status).toBe(401);
    expect(((await replayed.json()) as { error: { code: number } }).error.code).toBe(15010);

    // Logout on B: the socket on A closes within a second.
    const closed = new Promise<number>((resolve) => live.client.once('disconnected', () => resolve(Date.now())));
    const loggedOutAt = Date.now();
    expect((await call(b, 'POST', '/api/player/sessions/logout', player.token)).status).toBe(200);
    const closedAt = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 3000)),
    ]);
    expect(closedAt).toBeGreaterThan(0);
    expect(closedAt - loggedOutAt).toBeLessThan(1000);
  }, 60_000);

  it('a favourite added or removed on B shows on A’s next catalogue page, though A read that page before', async () => {
    const player = await signUp(a);
    const page = '/api/game/games?collectionId[]=slots&sortBy=popularity&sortOrder=desc&perPage=3';
    const hearts = async () =>
      ((await call(a, 'GET', page, player.token)).json.data as { isFavorite: boolean }[]).map((g) => g.isFavorite);
    const [, second] = (await call(a, 'GET', page)).json.data as { identity: string }[];
    expect(await hearts()).toEqual([false, false, false]);
    expect((await call(b, 'POST', `/api/game/games/${second!.identity}/favorite`, player.token)).status).toBe(200);
    // A is told through Redis; the forget is on its way before B answers, so a moment is enough.
    await waitFor(async () => ((await hearts())[1] ? true : undefined), 1000);
    expect((await call(b, 'DELETE', `/api/game/games/${second!.identity}/favorite`, player.token)).status).toBe(200);
    await waitFor(async () => ((await hearts())[1] ? undefined : true), 1000);
  });

  it('the login rate limit counts across both nodes', async () => {
    const player = await signUp(a);
    const attempt = (node: Node) =>
      call(node, 'POST', '/api/player/sessions', undefined, { login: player.email, password: 'wrong-password' });
    const statuses = [];
    for (const node of [a, b, a, b]) statuses.push((await attempt(node)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('a job both nodes run applies each due limit raise once', async () => {
    const players = await Promise.all([signUp(a), signUp(b), signUp(a)]);
    for (const [i, player] of players.entries()) {
      const node = i % 2 ? b : a;
      const added = await call(node, 'POST', '/api/player/limits', player.token, {
        definition: 3,
        period: 'daily',
        currency: 'EUR',
        amount: 50,
      });
      expect(added.status).toBe(200);
      const raised = await call(node, 'PUT', `/api/player/limits/${added.json.data.id}`, player.token, {
        period: 'daily',
        amount: 80,
      });
      expect(raised.json.data.pending).toMatchObject({ amount: 80, confirmed: false });
      // Whichever node's mail worker sent it keeps it in its development mailbox.
      const mail = await waitFor(async () => {
        for (const inbox of [a, b]) {
          const box = await call(inbox, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(player.email)}`);
          const found = (box.json.data as { subject: string; body: string }[]).find(
            (m) => m.subject === 'Confirm your limit change',
          );
          if (found) return found;
        }
        return undefined;
      });
      const confirmToken = /confirm-limit=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
      expect((await call(b, 'POST', '/api/player/limits/confirm', player.token, { token: confirmToken })).status).toBe(
        200,
      );
    }
    // A day later both nodes' limits job wakes at the same moment.
    const later = new Date(Date.now() + 25 * 3_600_000);
    const [onA, onB] = await Promise.all([applyDueLimitChanges(a.ctx, later), applyDueLimitChanges(b.ctx, later)]);
    expect(onA + onB).toBe(3);
    // Each player has the raised limit once, from that moment (not twice, not a second announcement).
    for (const player of players) {
      const rows = await a.database.pool!.query<{ amount: string; starts: Date }>(
        `select amount_minor::text as amount, starts_at as starts from player_limits where player_id = $1 order by created_at`,
        [player.id],
      );
      expect(rows.rows.map((r) => r.amount)).toEqual(['5000', '8000']);
    }
  }, 60_000);
});

describe('ROLE', () => {
  it('api and worker need the database and Redis they share', () => {
    for (const ROLE of ['api', 'worker'])
      expect(() => loadConfig({ NODE_ENV: 'test', ROLE })).toThrow(
        new ConfigError(
          `Invalid configuration:\n  ROLE: ${ROLE} shares the work with other processes, through DATABASE_URL and REDIS_URL: set both`,
        ),
      );
    expect(() => loadConfig({ NODE_ENV: 'test', ROLE: 'both' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test' }).role).toBe('all');
  });
});

describe.runIf(enabled)('an api node and a worker on one PostgreSQL and Redis', () => {
  it('a deposit webhook on the api node, its lanes on the worker, the balance pushed to the socket on the api node', async () => {
    const player = await signUp(api);
    const live = balanceUpdates(api, player.token, player.id);
    await live.subscribed;
    // The sandbox provider's page on the api node; its signed webhook comes back to the api node.
    await cardDeposit(api, player.token, 25);
    await waitFor(async () => live.balances.find((balance) => Number(balance) === 25));

    // Only the worker runs lanes and jobs: it has seen every lane, and the api node counts no job run.
    const lanes = await worker.database.pool!.query<{ consumer: string }>('select consumer from outbox_cursors');
    expect(lanes.rows.map((r) => r.consumer)).toEqual(expect.arrayContaining(['push', 'notifications']));
    const jobRuns = async (node: Node) =>
      (await node.ctx.metrics.registry.getSingleMetric('job_runs_total')?.get())?.values.reduce(
        (n, v) => n + v.value,
        0,
      ) ?? 0;
    await waitFor(async () => (await jobRuns(worker)) > 0);
    expect(await jobRuns(api)).toBe(0);
    // The manifests' lanes are registered where they run: on the worker, none on the api node.
    expect(worker.ctx.outboxConsumers.lanes().map((lane) => lane.name)).toEqual(
      expect.arrayContaining(['messages', 'quests', 'loyalty']),
    );
    expect(api.ctx.outboxConsumers.lanes()).toEqual([]);
  }, 60_000);

  it('a worker serves no player: the API, the push hub and the site answer 404; health, metrics and partners answer', async () => {
    for (const pathname of ['/api/settings/locales', '/api/game/games?perPage=1', '/', '/connection/websocket']) {
      const response = await fetch(`${worker.url}${pathname}`);
      expect(response.status, pathname).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 404, message: 'Not found: this process is a worker' } });
    }
    // A path that only starts like an allowed one reaches no player route either (sent as typed: fetch
    // would resolve the dot segments first).
    const raw = (pathname: string) =>
      new Promise<number>((resolve, reject) =>
        http.get(`${worker.url}${pathname}`, (res) => resolve(res.resume().statusCode ?? 0)).on('error', reject),
      );
    for (const pathname of ['/api/health/../settings/locales', '/sandbox/..%2Fapi/settings/locales', '/metricsx'])
      expect(await raw(pathname), pathname).toBe(404);
    expect((await fetch(`${worker.url}/api/ready`)).status).toBe(200);
    expect((await fetch(`${worker.url}/metrics`)).status).toBe(200);
    // A partner's unsigned wallet call reaches the wallet's own refusal, not the worker's 404.
    const wallet = await fetch(`${worker.url}/api/provider-wallet/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(wallet.status).toBe(401);
    // And the api node serves players.
    expect((await fetch(`${api.url}/api/settings/locales`)).status).toBe(200);
  });
});
