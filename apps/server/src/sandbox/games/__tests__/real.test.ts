import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashTimeOf, type CrashOutcome, type SlotOutcome } from '@casino/games/engines';
import { gameRounds } from '../../../modules/game/play/tables.ts';
import { authHeader, createPlayer } from '../../../modules/wallet/__tests__/factories.ts';
import { ledgerEntries, walletAccounts } from '../../../modules/wallet/tables.ts';
import { credit } from '../../../modules/wallet/index.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { sandboxGameRounds } from '../tables.ts';
import { catalogueGame, rigSeed, type Json } from './helpers.ts';

/**
 * Real money end to end over real HTTP: the casino's play route calls the provider's launch API, the
 * game UI calls the provider, the provider calls the casino's seamless wallet.
 */
let server: TestServer;
let base: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = await createTestServer({ GAME_MIN_SPIN_MS: '0' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

/** A player with `amount` EUR, who launched `engine` for real through the casino: the provider session id. */
async function realSession(engine: 'slot' | 'dice' | 'crash' | 'roulette', amount: string) {
  const game = await catalogueGame(server, engine);
  const player = await createPlayer(server.ctx.db);
  const credited = await credit(server.ctx.db, {
    playerId: player.id,
    amount,
    currency: 'EUR',
    idempotencyKey: `test:${randomUUID()}`,
    reason: 'test',
  });
  const response = await fetch(`${base}/api/game/games/${encodeURIComponent(game.identity)}/play`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await authHeader(server.ctx, player.id)) },
    body: JSON.stringify({ demoMode: false, accountId: credited.account.id }),
  });
  const body = (await response.json()) as Json;
  expect(response.status, JSON.stringify(body)).toBe(200);
  const sid = (body.data.gameUrl as string).split('/').pop()!;
  return { sid, accountId: credited.account.id, game };
}

async function ui(method: 'GET' | 'POST', url: string, body?: Json) {
  const response = await fetch(`${base}/sandbox/games/api${url}`, {
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function balanceOf(accountId: string): Promise<number> {
  const [row] = await server.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId));
  return Number(row!.realBalance);
}

async function casinoRound(providerRoundId: string) {
  const [row] = await server.ctx.db.select().from(gameRounds).where(eq(gameRounds.providerRoundId, providerRoundId));
  return row;
}

describe('real money', () => {
  it('shows the casino balance, debits the bet and credits the win through the wallet', async () => {
    const { sid, accountId } = await realSession('dice', '100.00');
    const info = await ui('GET', `/sessions/${sid}`);
    expect(info.body.session).toMatchObject({ mode: 'real', currency: 'EUR', balance: 10_000 });

    const { status, body } = await ui('POST', `/sessions/${sid}/rounds`, {
      bet: 500,
      params: { target: 50, over: true },
    });
    expect(status).toBe(200);
    const expected = 10_000 - 500 + body.round.win;
    expect(body.balance).toBe(expected);
    expect(await balanceOf(accountId)).toBe(expected);

    const [provider] = await server.ctx.db
      .select()
      .from(sandboxGameRounds)
      .where(eq(sandboxGameRounds.id, body.round.id));
    expect(provider).toMatchObject({ status: 'settled', walletPending: false });
    const entries = await server.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, accountId), like(ledgerEntries.idempotencyKey, 'game:%')));
    expect(entries.map((e) => [e.kind, Number(e.realDelta)])).toEqual(
      body.round.win > 0
        ? [
            ['bet', -500],
            ['win', body.round.win],
          ]
        : [['bet', -500]],
    );
    expect(await casinoRound(body.round.id)).toMatchObject({
      closed: true,
      betMinor: 500n,
      winMinor: BigInt(body.round.win),
    });
  });

  it('passes the casino’s refusal through to the game with its code and balance', async () => {
    const { sid, accountId } = await realSession('dice', '0.50');
    const refused = await ui('POST', `/sessions/${sid}/rounds`, { bet: 100, params: { target: 50, over: true } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 15001, balance: 50 });
    expect(await balanceOf(accountId)).toBe(50);
    // The refused bet is no round: nothing in the history, the nonce is still 0.
    expect((await ui('GET', `/sessions/${sid}/rounds`)).body.rounds).toEqual([]);
    expect((await ui('GET', `/sessions/${sid}`)).body.session.fairness.nonce).toBe(0);
  });

  it('crash: the bet at the start, the win at the cash-out; a crashed round closes with a win of 0', async () => {
    const won = await realSession('crash', '100.00');
    await rigSeed(server, won.sid, 'crash', (o) => (o as CrashOutcome).crashPoint >= 3);
    const started = await ui('POST', `/sessions/${won.sid}/rounds`, { bet: 1000, params: {} });
    expect(started.body.balance).toBe(9_000);
    expect(await balanceOf(won.accountId)).toBe(9_000);
    expect(await casinoRound(started.body.round.id)).toMatchObject({ closed: false, betMinor: 1000n });
    await sleep(crashTimeOf(1.1));
    const cashed = await ui('POST', `/sessions/${won.sid}/rounds/${started.body.round.id}/cashout`);
    expect(cashed.body.round.settled).toBe(true);
    expect(cashed.body.round.win).toBeGreaterThanOrEqual(1100);
    expect(cashed.body.balance).toBe(9_000 + cashed.body.round.win);
    expect(await balanceOf(won.accountId)).toBe(9_000 + cashed.body.round.win);
    expect(await casinoRound(started.body.round.id)).toMatchObject({
      closed: true,
      winMinor: BigInt(cashed.body.round.win),
    });

    const lost = await realSession('crash', '100.00');
    await rigSeed(server, lost.sid, 'crash', (o) => (o as CrashOutcome).crashPoint <= 1.05);
    const doomed = await ui('POST', `/sessions/${lost.sid}/rounds`, { bet: 1000, params: {} });
    // Nobody asks: the provider's own timer settles the crash and closes the casino round.
    await sleep(crashTimeOf(1.05));
    // Polled: on a loaded machine the provider's timer and the wallet call may take a moment longer.
    await expect
      .poll(() => casinoRound(doomed.body.round.id), { timeout: 5_000 })
      .toMatchObject({ closed: true, betMinor: 1000n, winMinor: 0n });
    expect(await balanceOf(lost.accountId)).toBe(9_000);
  });

  it('crash: a round the auto cash-out settled answers every poll with the win in the balance', async () => {
    const { sid, accountId } = await realSession('crash', '100.00');
    await rigSeed(server, sid, 'crash', (o) => (o as CrashOutcome).crashPoint >= 1.5);
    const started = await ui('POST', `/sessions/${sid}/rounds`, { bet: 100, params: { autoCashout: 1.2 } });
    expect(started.body.balance).toBe(9_900);
    await sleep(crashTimeOf(1.2) - 150);
    // Poll as fast as a game could, through the moment the provider's timer settles the round and
    // sends its win: no answer may show the round settled with the balance still without its win.
    const settledAnswers: { win: number; balance: number }[] = [];
    const until = Date.now() + 1500;
    while (Date.now() < until && settledAnswers.length < 5) {
      const polled = await ui('GET', `/sessions/${sid}/rounds/${started.body.round.id}`);
      if (polled.body.round.settled) settledAnswers.push({ win: polled.body.round.win, balance: polled.body.balance });
      await sleep(5);
    }
    expect(settledAnswers.length).toBeGreaterThan(0);
    for (const answer of settledAnswers) expect(answer).toEqual({ win: 120, balance: 9_900 + 120 });
    expect(await balanceOf(accountId)).toBe(9_900 + 120);
  });

  it('slot free spins pay into the triggering round, which the last free spin closes', async () => {
    const { sid, accountId } = await realSession('slot', '100.00');
    const trigger = (await rigSeed(
      server,
      sid,
      'slot',
      (o) => (o as SlotOutcome).freeSpinsAwarded > 0,
      200,
    )) as SlotOutcome;
    const first = await ui('POST', `/sessions/${sid}/rounds`, { bet: 200, params: {} });
    expect(first.body.freeSpinsLeft).toBe(10);
    const roundId = first.body.round.id as string;
    expect(await casinoRound(roundId)).toMatchObject({
      closed: false,
      betMinor: 200n,
      winMinor: BigInt(trigger.totalWin),
    });

    let total = trigger.totalWin;
    let left = 10;
    while (left > 0) {
      const spin = await ui('POST', `/sessions/${sid}/rounds`, { bet: 0, params: {} });
      expect(spin.status).toBe(200);
      total += spin.body.round.win;
      left = spin.body.freeSpinsLeft;
      expect(await casinoRound(roundId)).toMatchObject({ closed: left === 0 });
    }
    expect(await casinoRound(roundId)).toMatchObject({ closed: true, betMinor: 200n, winMinor: BigInt(total) });
    expect(await balanceOf(accountId)).toBe(10_000 - 200 + total);
  });
});

describe('when the wallet answer is lost', () => {
  /** A proxy in front of the casino wallet that forwards every call but loses the answer of the chosen ones. */
  async function lossyProxy(lose: (call: string, count: number) => boolean) {
    const counts = new Map<string, number>();
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const call = req.url!.split('/').pop()!;
        const count = (counts.get(call) ?? 0) + 1;
        counts.set(call, count);
        const upstream = await fetch(`${base}${req.url}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-signature': String(req.headers['x-signature']),
            'x-request-id': String(req.headers['x-request-id']),
          },
          body: Buffer.concat(chunks),
        });
        const text = await upstream.text();
        if (lose(call, count)) {
          res.writeHead(502).end('bad gateway');
          return;
        }
        res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    server.ctx.config.game.walletUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    return {
      counts,
      async close() {
        server.ctx.config.game.walletUrl = null;
        proxy.closeAllConnections();
        await new Promise((resolve) => proxy.close(resolve));
      },
    };
  }

  it('rolls back a bet whose answer never came, so the player is not charged', async () => {
    const { sid, accountId } = await realSession('dice', '100.00');
    const proxy = await lossyProxy((call) => call === 'bet');
    try {
      const result = await ui('POST', `/sessions/${sid}/rounds`, { bet: 500, params: { target: 50, over: true } });
      expect(result.status).toBe(503);
      expect(result.body.error.code).toBe('wallet_unavailable');
      expect(proxy.counts.get('rollback')).toBe(1);
    } finally {
      await proxy.close();
    }
    expect(await balanceOf(accountId)).toBe(10_000);
    const kinds = await server.ctx.db
      .select({ kind: ledgerEntries.kind, delta: ledgerEntries.realDelta })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, accountId), like(ledgerEntries.idempotencyKey, 'game:%')))
      // Ledger order, not heap order: PostgreSQL returns rows in any order without one.
      .orderBy(ledgerEntries.id);
    expect(kinds.map((k) => [k.kind, Number(k.delta)])).toEqual([
      ['bet', -500],
      ['rollback', 500],
    ]);
    expect((await ui('GET', `/sessions/${sid}/rounds`)).body.rounds).toEqual([]);
  });

  it('retries a lost win with the same transaction id, and the casino credits it once', async () => {
    const { sid, accountId } = await realSession('dice', '100.00');
    // Roll over 2.00: a win is all but certain, and the first win answer is lost.
    const proxy = await lossyProxy((call, count) => call === 'win' && count === 1);
    let round: Json;
    try {
      const result = await ui('POST', `/sessions/${sid}/rounds`, { bet: 500, params: { target: 2, over: true } });
      expect(result.status).toBe(200);
      round = result.body.round;
      expect(proxy.counts.get('win')).toBe(2);
      expect(result.body.balance).toBe(10_000 - 500 + round.win);
    } finally {
      await proxy.close();
    }
    expect(await balanceOf(accountId)).toBe(10_000 - 500 + round.win);
    const wins = await server.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.kind, 'win')));
    expect(wins.length).toBe(round.win > 0 ? 1 : 0);
  });
});
