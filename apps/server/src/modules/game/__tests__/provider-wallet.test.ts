import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { BetStatus, LimitDefinition } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { outbox } from '../../../outbox/tables.ts';
import { players } from '../../player/tables.ts';
import { playerLimits } from '../../limits/tables.ts';
import { setMoneyLimit } from '../../limits/service.ts';
import { ledgerEntries } from '../../wallet/tables.ts';
import { opsExclude } from '../../limits/commands.ts';
import { limitsPorts } from '../../../module-list.ts';
import { gameRounds, gameSessions } from '../play/tables.ts';
import { games } from '../catalogue/tables.ts';
import { accountRow, createGame, fundedPlayer, openSession, signedRequest, txId, walletCall } from './play-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A player with `minor` EUR, a game and a live session on it. */
async function setup(minor = 10_000n, options: { country?: string; email?: string } = {}) {
  const db = server.ctx.db;
  const game = await createGame(db);
  const { player, account } = await fundedPlayer(db, minor, 'EUR', options.email);
  const session = await openSession(server.ctx, {
    playerId: player.id,
    accountId: account.id,
    gameId: game.id,
    country: options.country ?? 'DE',
  });
  const base = { token: session.token, gameIdentity: game.identity };
  const bet = (amount: number, extra: Record<string, unknown> = {}) =>
    walletCall(server, 'bet', {
      ...base,
      transactionId: txId('bet'),
      roundId: txId('round'),
      amount,
      currency: 'EUR',
      ...extra,
    });
  const win = (roundId: string, amount: number, extra: Record<string, unknown> = {}) =>
    walletCall(server, 'win', {
      ...base,
      transactionId: txId('win'),
      roundId,
      amount,
      currency: 'EUR',
      closeRound: true,
      ...extra,
    });
  return { db, game, player, account, session, base, bet, win };
}

const gameEntries = (accountId: string) =>
  server.ctx.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), like(ledgerEntries.idempotencyKey, 'game:%')))
    // In the order written: PostgreSQL returns rows in no promised order without one (seen reversed once).
    .orderBy(asc(ledgerEntries.id));

describe('signature and timestamp', () => {
  it('refuses a missing or wrong signature and a stale timestamp with 401 15010; accepts a correct one', async () => {
    const { base } = await setup();
    const secret = server.ctx.gameWalletSecret;
    const url = '/api/provider-wallet/balance';

    const good = signedRequest(secret, { token: base.token });
    const missing = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: good.raw,
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe(15010);

    const wrong = signedRequest('another-secret-another-secret-000', { token: base.token });
    expect(
      (await server.app.inject({ method: 'POST', url, headers: wrong.headers, payload: wrong.raw })).json().error.code,
    ).toBe(15010);

    // Signed for other bytes: whitespace changes the signature even if the JSON means the same.
    const tampered = await server.app.inject({ method: 'POST', url, headers: good.headers, payload: `${good.raw} ` });
    expect(tampered.json().error.code).toBe(15010);

    const stale = signedRequest(secret, { token: base.token }, { timestamp: Date.now() - 6 * 60_000 });
    const staleResponse = await server.app.inject({ method: 'POST', url, headers: stale.headers, payload: stale.raw });
    expect(staleResponse.statusCode).toBe(401);
    expect(staleResponse.json().error).toMatchObject({ code: 15010, message: expect.stringContaining('timestamp') });

    const ok = await server.app.inject({ method: 'POST', url, headers: good.headers, payload: good.raw });
    expect(ok.statusCode).toBe(200);

    const huge = signedRequest(secret, { token: base.token, padding: 'x'.repeat(20_000) });
    expect(
      (await server.app.inject({ method: 'POST', url, headers: huge.headers, payload: huge.raw })).statusCode,
    ).toBe(413);
  });

  it('validates bodies: amounts are integer minor units', async () => {
    const { bet } = await setup();
    const fractional = await bet(1.5);
    expect(fractional.status).toBe(422);
    expect(fractional.body.error.fields).toHaveProperty('amount');
    expect((await bet(-1)).status).toBe(422);
  });
});

describe('balance', () => {
  it('answers the session account balance in minor units; an unknown token is 401 15011', async () => {
    const { base } = await setup(12_345n);
    expect(await walletCall(server, 'balance', { token: base.token })).toEqual({
      status: 200,
      body: { currency: 'EUR', balance: 12_345 },
    });
    const unknown = await walletCall(server, 'balance', { token: 'no-such-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe(15011);
  });
});

describe('bet and win', () => {
  it('debits the bet and credits the win through the ledger, closes the round as won and announces the winner', async () => {
    const { account, player, base, game } = await setup(10_000n);
    const published: unknown[] = [];
    const unsubscribe = await server.ctx.broker.subscribe('game:winners:desktop:DE', (pub) => published.push(pub.data));
    onTestFinished(unsubscribe);
    const roundId = txId('round');
    const betId = txId('bet');
    const bet = await walletCall(server, 'bet', {
      ...base,
      transactionId: betId,
      roundId,
      amount: 250,
      currency: 'EUR',
    });
    expect(bet).toEqual({ status: 200, body: { transactionId: betId, currency: 'EUR', balance: 9_750 } });
    const winId = txId('win');
    const win = await walletCall(server, 'win', {
      ...base,
      transactionId: winId,
      roundId,
      amount: 1_000,
      currency: 'EUR',
      closeRound: true,
    });
    expect(win).toEqual({ status: 200, body: { transactionId: winId, currency: 'EUR', balance: 10_750 } });

    expect((await accountRow(server.ctx.db, account.id)).realBalance).toBe(10_750n);
    const entries = await gameEntries(account.id);
    expect(entries.map((e) => [e.idempotencyKey, e.kind, e.realDelta])).toEqual(
      expect.arrayContaining([
        [`game:${betId}`, 'bet', -250n],
        [`game:${winId}`, 'win', 1_000n],
      ]),
    );
    const [round] = await server.ctx.db.select().from(gameRounds).where(eq(gameRounds.providerRoundId, roundId));
    expect(round).toMatchObject({
      betMinor: 250n,
      winMinor: 1_000n,
      closed: true,
      status: BetStatus.won,
      playerId: player.id,
    });

    const balanceEvents = await server.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.event, 'wallet.balance.changed'), sql`${outbox.payload} ->> 'playerId' = ${player.id}`));
    expect(balanceEvents.map((e) => e.payload.real)).toEqual(['10000', '9750', '10750']); // funding, bet, win
    const [settled] = await server.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.event, 'game.bet.settled'), sql`${outbox.payload} ->> 'roundId' = ${round!.id}`));
    expect(settled!.payload).toMatchObject({
      playerId: player.id,
      gameId: game.id,
      gameType: 'slots',
      stake: { real: '250', bonus: '0' },
      win: { real: '1000', bonus: '0' },
    });
    // The winners feed follows the closed round through the outbox, a moment after the call.
    const announced = expect.objectContaining({
      amount: 2.5,
      payout: 10,
      currency: 'EUR',
      gameId: game.id,
      gameName: game.name,
    });
    await expect
      .poll(() => published, { timeout: 5_000 })
      .toContainEqual({ event: 'game.winner', winner: announced, winners: [announced] });
  });

  it('batches the winners feed: a burst of wins is one or two publications carrying them all, newest first', async () => {
    const { base, game } = await setup(100_000n);
    // Only this game's wins: on a shared Redis, test files running beside this one publish wins on the
    // same channel (a batch may mix theirs with ours).
    const published: { payout: number }[][] = [];
    const unsubscribe = await server.ctx.broker.subscribe('game:winners:desktop:DE', (pub) => {
      const ours = (pub.data as { winners: { payout: number; gameId: string }[] }).winners.filter(
        (w) => w.gameId === game.id,
      );
      if (ours.length > 0) published.push(ours);
    });
    onTestFinished(unsubscribe);
    for (const payout of [3, 4, 5, 6, 7, 8]) {
      const roundId = txId('round');
      await walletCall(server, 'bet', { ...base, transactionId: txId('bet'), roundId, amount: 100, currency: 'EUR' });
      await walletCall(server, 'win', {
        ...base,
        transactionId: txId('win'),
        roundId,
        amount: payout * 100,
        currency: 'EUR',
        closeRound: true,
      });
    }
    await expect.poll(() => published.flat().length, { timeout: 5_000 }).toBe(6);
    expect(published.length).toBeLessThanOrEqual(2);
    const payouts = published.toReversed().flatMap((p) => p.map((w) => w.payout));
    expect(payouts).toEqual([8, 7, 6, 5, 4, 3]);
  });

  it('a bet with closeRound and no win closes the round as lost; a later bet on it is 409 15012', async () => {
    const { bet, base } = await setup();
    const roundId = txId('round');
    expect((await bet(100, { roundId, closeRound: true })).status).toBe(200);
    const [round] = await server.ctx.db.select().from(gameRounds).where(eq(gameRounds.providerRoundId, roundId));
    expect(round).toMatchObject({ closed: true, status: BetStatus.lost });
    const again = await bet(100, { roundId });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(15012);
    const lateWin = await walletCall(server, 'win', {
      ...base,
      transactionId: txId('win'),
      roundId,
      amount: 5,
      currency: 'EUR',
      closeRound: true,
    });
    expect(lateWin.body.error.code).toBe(15012);
  });

  it('a win of 0 closes the round as lost without a ledger entry', async () => {
    const { bet, win, account } = await setup(1_000n);
    const roundId = txId('round');
    await bet(100, { roundId });
    const answer = await win(roundId, 0);
    expect(answer).toMatchObject({ status: 200, body: { balance: 900 } });
    expect((await gameEntries(account.id)).filter((e) => e.kind === 'win')).toHaveLength(0);
    const [round] = await server.ctx.db.select().from(gameRounds).where(eq(gameRounds.providerRoundId, roundId));
    expect(round).toMatchObject({ closed: true, status: BetStatus.lost, winMinor: 0n });
  });

  it('refuses a bet beyond the balance with 422 15001, the balance and the currency', async () => {
    const { bet, account } = await setup(300n);
    const refused = await bet(301);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 15001, balance: 300, currency: 'EUR' });
    expect((await accountRow(server.ctx.db, account.id)).realBalance).toBe(300n);
  });

  it('refuses a bet whose game or currency is not the session’s', async () => {
    const { bet } = await setup();
    expect((await bet(10, { gameIdentity: 'some-other-game' })).status).toBe(422);
    expect((await bet(10, { currency: 'USD' })).status).toBe(422);
  });
});

describe('idempotency', () => {
  it('a replay returns the first answer (the balance as it was then), even after later bets, and moves no money', async () => {
    const { base, account } = await setup(10_000n);
    const first = { ...base, transactionId: txId('bet'), roundId: txId('round'), amount: 100, currency: 'EUR' };
    const answer = await walletCall(server, 'bet', first);
    expect(answer.body.balance).toBe(9_900);
    await walletCall(server, 'bet', { ...first, transactionId: txId('bet'), amount: 500 });
    const replay = await walletCall(server, 'bet', first);
    expect(replay).toEqual(answer);
    expect((await accountRow(server.ctx.db, account.id)).realBalance).toBe(9_400n);
    expect(await gameEntries(account.id)).toHaveLength(2);
  });

  it('the same transaction id with other details is 409 15002', async () => {
    const { base } = await setup();
    const first = { ...base, transactionId: txId('bet'), roundId: txId('round'), amount: 100, currency: 'EUR' };
    await walletCall(server, 'bet', first);
    const other = await walletCall(server, 'bet', { ...first, amount: 101 });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe(15002);
    const asWin = await walletCall(server, 'win', { ...first, closeRound: true });
    expect(asWin.body.error.code).toBe(15002);
  });
});

describe('rollback', () => {
  it('a rollback before its bet is remembered: the bet is then 409 15013 with the balance and never debited', async () => {
    const { base, account } = await setup(1_000n);
    const betId = txId('bet');
    const roundId = txId('round');
    const rollback = await walletCall(server, 'rollback', {
      ...base,
      transactionId: txId('rb'),
      referenceTransactionId: betId,
      roundId,
    });
    expect(rollback).toMatchObject({ status: 200, body: { currency: 'EUR', balance: 1_000 } });

    const bet = { ...base, transactionId: betId, roundId, amount: 400, currency: 'EUR' };
    const late = await walletCall(server, 'bet', bet);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 15013, balance: 1_000, currency: 'EUR' });
    expect(await walletCall(server, 'bet', bet)).toEqual(late);
    expect((await accountRow(server.ctx.db, account.id)).realBalance).toBe(1_000n);
    expect(await gameEntries(account.id)).toHaveLength(0);
  });

  it('refunds a bet exactly once; the round becomes rolled back', async () => {
    const { base, account } = await setup(1_000n);
    const betId = txId('bet');
    const roundId = txId('round');
    await walletCall(server, 'bet', { ...base, transactionId: betId, roundId, amount: 400, currency: 'EUR' });
    const rollback = { ...base, transactionId: txId('rb'), referenceTransactionId: betId, roundId };
    const first = await walletCall(server, 'rollback', rollback);
    expect(first).toEqual({
      status: 200,
      body: { transactionId: rollback.transactionId, currency: 'EUR', balance: 1_000 },
    });
    expect(await walletCall(server, 'rollback', rollback)).toEqual(first);
    const another = await walletCall(server, 'rollback', { ...rollback, transactionId: txId('rb') });
    expect(another).toMatchObject({ status: 200, body: { balance: 1_000 } });

    expect((await accountRow(server.ctx.db, account.id)).realBalance).toBe(1_000n);
    expect((await gameEntries(account.id)).map((e) => [e.kind, e.realDelta])).toEqual([
      ['bet', -400n],
      ['rollback', 400n],
    ]);
    const [round] = await server.ctx.db.select().from(gameRounds).where(eq(gameRounds.providerRoundId, roundId));
    expect(round).toMatchObject({ status: BetStatus.rolledBack, betMinor: 0n });
  });

  it('refuses to roll back a win (422)', async () => {
    const { base, bet, win } = await setup(1_000n);
    const roundId = txId('round');
    await bet(100, { roundId });
    const winId = txId('win');
    await win(roundId, 300, { transactionId: winId });
    const refused = await walletCall(server, 'rollback', {
      ...base,
      transactionId: txId('rb'),
      referenceTransactionId: winId,
      roundId,
    });
    expect(refused.status).toBe(422);
  });
});

describe('session expiry', () => {
  it('accepts a win and a rollback after the session expired, but refuses a new bet with 401 15011', async () => {
    const { base, bet, win, session, account } = await setup(1_000n);
    const roundId = txId('round');
    const betId = txId('bet');
    await bet(100, { roundId, transactionId: betId });
    const otherRound = txId('round');
    await bet(50, { roundId: otherRound });
    await server.ctx.db
      .update(gameSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(gameSessions.id, session.id));

    expect((await win(roundId, 300)).status).toBe(200);
    expect(
      (
        await walletCall(server, 'rollback', {
          ...base,
          transactionId: txId('rb'),
          referenceTransactionId: betId,
          roundId,
        })
      ).status,
    ).toBe(200);
    const late = await bet(10);
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe(15011);
    expect((await accountRow(server.ctx.db, account.id)).realBalance).toBe(1_000n - 100n + 300n + 100n - 50n);
  });

  it('self-exclusion by the operator closes live sessions: bets stop (15011), wins still settle', async () => {
    const { bet, win, player } = await setup(1_000n);
    const roundId = txId('round');
    await bet(100, { roundId });
    const message = await opsExclude(server.ctx, { email: player.email, type: 'cooling-off', days: 1 }, limitsPorts);
    expect(message.message).toContain('closed 1 live game session');
    expect((await bet(10)).body.error.code).toBe(15011);
    expect((await win(roundId, 200)).status).toBe(200);
  });
});

describe('responsible gaming and restrictions at bet time', () => {
  it('limited player: 403 14103', async () => {
    const { bet, player } = await setup();
    await server.ctx.db.update(players).set({ status: 2 }).where(eq(players.id, player.id));
    const refused = await bet(10);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(14103);
  });

  it('self-excluded or cooling off: 403 14105', async () => {
    const { bet, player } = await setup();
    await server.ctx.db.insert(playerLimits).values({
      playerId: player.id,
      type: LimitDefinition.selfExclusion,
      // Begun a second ago: by default it begins at the database's now(), in microseconds, and a bet in
      // the same millisecond (the server's clock) would come before it (seen once on PostgreSQL).
      startsAt: new Date(Date.now() - 1_000),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const refused = await bet(10);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(14105);
  });

  it('bet limit: bets in the period + this bet above the limit is 403 14100', async () => {
    const { bet, player, account } = await setup(10_000n);
    await setMoneyLimit(server.ctx.db, {
      playerId: player.id,
      type: LimitDefinition.bet,
      period: 'daily',
      currency: 'EUR',
      amountMinor: 500n,
    });
    expect((await bet(300)).status).toBe(200);
    expect((await bet(200)).status).toBe(200);
    const over = await bet(1);
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe(14100);
    expect((await accountRow(server.ctx.db, account.id)).realBalance).toBe(9_500n);
  });

  it('loss limit: (bets − wins) in the period + this bet above the limit is 403 14101', async () => {
    const { bet, win, player } = await setup(10_000n);
    await setMoneyLimit(server.ctx.db, {
      playerId: player.id,
      type: LimitDefinition.loss,
      period: 'weekly',
      currency: 'EUR',
      amountMinor: 500n,
    });
    const roundId = txId('round');
    expect((await bet(400, { roundId })).status).toBe(200);
    expect((await win(roundId, 300)).status).toBe(200); // net loss 100
    expect((await bet(400)).status).toBe(200); // net loss 500
    const over = await bet(1);
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe(14101);
  });

  it('a game disabled by the operator refuses bets with 403 14306 and pushes game.bet.restricted to the player', async () => {
    const { bet, player, game } = await setup();
    const pushed: unknown[] = [];
    onTestFinished(await server.ctx.broker.subscribe(`game:bets#${player.id}`, (pub) => pushed.push(pub.data)));
    await server.ctx.db.update(games).set({ isEnabled: false }).where(eq(games.id, game.id));
    const refused = await bet(10);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(14306);
    const events = await server.ctx.db.select().from(outbox).where(eq(outbox.event, 'game.bet.restricted'));
    expect(events.map((e) => e.payload)).toContainEqual({ playerId: player.id, gameIdentity: game.identity });
    // The push is derived from the event.
    await expect
      .poll(() => pushed, { timeout: 5_000 })
      .toEqual([{ event: 'game.bet.restricted', gameIdentity: game.identity }]);
  });

  it('a game blocked in the session’s country refuses bets with 403 14308', async () => {
    const { bet, game } = await setup(1_000n, { country: 'IT' });
    expect((await bet(10)).status).toBe(200);
    await server.ctx.db
      .update(games)
      .set({ blockedCountries: ['IT'] })
      .where(eq(games.id, game.id));
    const refused = await bet(10);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(14308);
  });
});
