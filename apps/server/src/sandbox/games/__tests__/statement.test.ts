import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@casino/contracts';
import { signCall, verifyCall } from '../../../lib/signing.ts';
import { gameStatements } from '../../../modules/game/index.ts';
import { authHeader, createPlayer } from '../../../modules/wallet/__tests__/factories.ts';
import { credit } from '../../../modules/wallet/index.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { sandboxGameRounds } from '../tables.ts';
import { catalogueGame, rigSeed, type Json } from './helpers.ts';

/**
 * The sandbox game provider's daily statement of the wallet calls the casino took, over real HTTP, and
 * the casino's native adapter that fetches and verifies it.
 */
let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await createTestServer({ GAME_MIN_SPIN_MS: '0' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

/** A player with `amount` EUR who launched a dice game for real through the casino: the provider session id. */
async function realSession(amount: string) {
  const game = await catalogueGame(server, 'dice');
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
  return { sid: (body.data.gameUrl as string).split('/').pop()!, game };
}

async function roll(sid: string, bet: number, target: number) {
  const response = await fetch(`${base}/sandbox/games/api/sessions/${sid}/rounds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bet, params: { target, over: true } }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const roundRow = async (id: string) =>
  (await server.ctx.db.select().from(sandboxGameRounds).where(eq(sandboxGameRounds.id, id)))[0]!;

const statementPath = (date: string, query = '') => `/sandbox/games/api/statements/${date}${query}`;

/** A GET of the statement, signed as the casino signs its launch (or with the headers given). */
async function statement(path: string, headers?: Record<string, string>) {
  const signed = signCall(server.ctx.gameWalletSecret, { method: 'GET', path, body: '' });
  const response = await fetch(`${base}${path}`, { headers: headers ?? signed });
  return { response, body: await response.text(), requestId: signed['x-request-id'] };
}

const linesOf = async (date: string) =>
  (JSON.parse((await statement(statementPath(date))).body) as Json).transactions as Json[];
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A proxy in front of the casino wallet that forwards every call but loses the answer of the bets. */
async function losingBetAnswers() {
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
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
      if (req.url!.endsWith('/bet')) res.writeHead(502).end('bad gateway');
      else res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  server.ctx.config.game.walletUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return async () => {
    server.ctx.config.game.walletUrl = null;
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  };
}

/** Rounds played once for the whole file: a win, a loss, a rolled-back bet and a refused bet. */
let rounds: { won: Json; lost: Json; voided: Json; refused: Json; gameIdentity: string };

describe('the game provider’s daily statement', () => {
  beforeAll(async () => {
    const winner = await realSession('100.00');
    await rigSeed(server, winner.sid, 'dice', (o) => o.totalWin > 0, 500, { target: 50, over: true });
    const won = await roll(winner.sid, 500, 50);
    expect(won.body.round.win).toBeGreaterThan(0);
    const loser = await realSession('100.00');
    await rigSeed(server, loser.sid, 'dice', (o) => o.totalWin === 0, 500, { target: 50, over: true });
    const lost = await roll(loser.sid, 500, 50);
    expect(lost.body.round.win).toBe(0);
    const unlucky = await realSession('100.00');
    const restore = await losingBetAnswers();
    try {
      expect((await roll(unlucky.sid, 500, 50)).status).toBe(503);
    } finally {
      await restore();
    }
    const [voided] = await server.ctx.db.select().from(sandboxGameRounds).where(eq(sandboxGameRounds.status, 'voided'));
    const poor = await realSession('0.50');
    expect((await roll(poor.sid, 100, 50)).status).toBe(422);
    const [refused] = await server.ctx.db
      .select()
      .from(sandboxGameRounds)
      .where(eq(sandboxGameRounds.status, 'rejected'));
    rounds = {
      won: await roundRow(won.body.round.id),
      lost: await roundRow(lost.body.round.id),
      voided: voided!,
      refused: refused!,
      gameIdentity: winner.game.identity,
    };
  });

  it('lists the bet and the win of a round with their transaction ids, dated when they were made', async () => {
    const { won } = rounds;
    const lines = await linesOf(dayOf(won.createdAt));
    expect(lines.filter((t) => t.roundId === won.walletRoundId)).toEqual([
      {
        transactionId: won.betTxId,
        roundId: won.walletRoundId,
        gameIdentity: rounds.gameIdentity,
        kind: 'bet',
        currency: 'EUR',
        amountMinor: '500',
        at: won.createdAt.toISOString(),
      },
      {
        transactionId: won.winTxId,
        roundId: won.walletRoundId,
        gameIdentity: rounds.gameIdentity,
        kind: 'win',
        currency: 'EUR',
        amountMinor: String(won.win),
        at: won.settledAt.toISOString(),
      },
    ]);
    // A lost round's win of 0 is a call the provider makes: it is listed.
    expect(
      (await linesOf(dayOf(rounds.lost.settledAt))).filter((t) => t.roundId === rounds.lost.walletRoundId),
    ).toMatchObject([
      { kind: 'bet', amountMinor: '500' },
      { kind: 'win', transactionId: rounds.lost.winTxId, amountMinor: '0' },
    ]);
  });

  it('lists a bet whose answer was lost with its rollback, never a refused bet', async () => {
    const { voided, refused } = rounds;
    expect(voided).toMatchObject({ walletPending: false, walletError: null });
    const lines = await linesOf(dayOf(voided.settledAt));
    expect(lines.filter((t) => t.roundId === voided.walletRoundId)).toMatchObject([
      { kind: 'bet', transactionId: voided.betTxId, amountMinor: '500' },
      { kind: 'rollback', transactionId: voided.rollbackTxId, amountMinor: '500', at: voided.settledAt.toISOString() },
    ]);
    expect(lines.filter((t) => t.transactionId === refused.betTxId || t.roundId === refused.walletRoundId)).toEqual([]);
  });

  it('answers CSV row for row as JSON, signed over its bytes', async () => {
    const date = dayOf(rounds.won.createdAt);
    const json = await statement(statementPath(date));
    const csv = await statement(statementPath(date, '?format=csv'));
    for (const [answer, path] of [
      [json, statementPath(date)],
      [csv, statementPath(date, '?format=csv')],
    ] as const) {
      expect(answer.response.status).toBe(200);
      expect(answer.response.headers.get('x-request-id')).toBe(answer.requestId);
      expect(() =>
        verifyCall(
          server.ctx.gameWalletSecret,
          { method: 'GET', path, body: answer.body },
          { signature: answer.response.headers.get('x-signature') ?? undefined, requestId: answer.requestId },
        ),
      ).not.toThrow();
    }
    expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows] = csv.body.trimEnd().split('\r\n');
    expect(header).toBe('transaction_id,round_id,game_identity,kind,currency,amount_minor,at');
    const parsed = JSON.parse(json.body) as Json;
    expect(parsed).toMatchObject({ date, provider: 'games' });
    expect(rows).toEqual(
      (parsed.transactions as Json[]).map((t) =>
        [t.transactionId, t.roundId, t.gameIdentity, t.kind, t.currency, t.amountMinor, t.at].join(','),
      ),
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
  });

  it('lists a call on the UTC day it was made, and no other', async () => {
    const player = await realSession('100.00');
    const played = await roll(player.sid, 500, 50);
    const lastNight = new Date(Date.UTC(2025, 2, 9, 23, 59, 59, 999));
    await server.ctx.db
      .update(sandboxGameRounds)
      .set({ createdAt: lastNight, settledAt: new Date(Date.UTC(2025, 2, 10)) })
      .where(eq(sandboxGameRounds.id, played.body.round.id));
    const round = await roundRow(played.body.round.id);
    expect((await linesOf('2025-03-09')).filter((t) => t.roundId === round.walletRoundId)).toMatchObject([
      { kind: 'bet' },
    ]);
    expect((await linesOf('2025-03-10')).filter((t) => t.roundId === round.walletRoundId)).toMatchObject([
      { kind: 'win' },
    ]);
    expect((await linesOf(dayOf(new Date()))).filter((t) => t.roundId === round.walletRoundId)).toEqual([]);
  });

  it('answers only a call the casino signed (401), and a calendar date only (422)', async () => {
    const path = statementPath('2026-11-30');
    const unsigned = await statement(path, {});
    expect(unsigned.response.status).toBe(401);
    expect(JSON.parse(unsigned.body).error.code).toBe('bad_signature');
    expect(
      (await statement(path, signCall(server.ctx.paymentSecret, { method: 'GET', path, body: '' }))).response.status,
    ).toBe(401);
    const bad = await statement(statementPath('2026-02-30'));
    expect(bad.response.status).toBe(422);
    expect(JSON.parse(bad.body).error.code).toBe('invalid_request');
  });
});

describe('gameStatements', () => {
  it('answers the lines of money moved, keyed as the casino’s ledger entries', async () => {
    const days = [...new Set([rounds.won.createdAt, rounds.won.settledAt, rounds.voided.settledAt].map(dayOf))];
    const statements = (await Promise.all(days.map((day) => gameStatements(server.ctx, day)))).flat();
    // Lantern publishes no statement: the native aggregator's alone.
    expect(new Set(statements.map((s) => s.partner))).toEqual(new Set(['native']));
    const lines = statements.flatMap((s) => s.lines);
    expect(lines.find((l) => l.ledgerKey === `game:${rounds.won.betTxId}`)).toMatchObject({
      partnerId: rounds.won.betTxId,
      kind: 'bet',
      currency: 'EUR',
      amountMinor: 500n,
      feeMinor: 0n,
      detail: rounds.gameIdentity,
    });
    expect(lines.find((l) => l.ledgerKey === `game:${rounds.won.winTxId}`)).toMatchObject({
      kind: 'win',
      amountMinor: BigInt(rounds.won.win),
    });
    expect(lines.find((l) => l.ledgerKey === `game:${rounds.voided.rollbackTxId}`)).toMatchObject({
      kind: 'rollback',
      amountMinor: 500n,
    });
    // A win of 0 moved no money: no ledger entry, no line.
    expect(lines.find((l) => l.partnerId === rounds.lost.winTxId)).toBeUndefined();
    const keys = new Set(
      (
        await server.ctx.database.query<{ idempotency_key: string }>(
          'statement_test_keys',
          'select idempotency_key from ledger_entries',
          [],
        )
      ).map((row) => row.idempotency_key),
    );
    for (const line of lines) expect(keys.has(line.ledgerKey), `${line.kind} ${line.ledgerKey}`).toBe(true);
    // The win's bet and win, the loss's bet, the lost bet and its rollback (the boundary test's round moved away).
    expect(lines).toHaveLength(5);
  });

  it('refuses a statement whose body was changed on the way', async () => {
    const day = dayOf(rounds.won.createdAt);
    const proxy = http.createServer(async (req, res) => {
      const upstream = await fetch(`${base}${req.url}`, {
        headers: {
          'x-signature': String(req.headers['x-signature']),
          'x-request-id': String(req.headers['x-request-id']),
        },
      });
      const body = (await upstream.text()).replace('"amountMinor":"500"', '"amountMinor":"5"');
      res
        .writeHead(upstream.status, {
          'content-type': 'application/json',
          'x-signature': upstream.headers.get('x-signature') ?? '',
          'x-request-id': upstream.headers.get('x-request-id') ?? '',
        })
        .end(body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    server.ctx.config.game.providerUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      await expect(gameStatements(server.ctx, day)).rejects.toMatchObject({ code: ErrorCode.invalidSignature });
    } finally {
      server.ctx.config.game.providerUrl = null;
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
    expect((await gameStatements(server.ctx, day))[0]!.lines.length).toBeGreaterThan(0);
  });
});
