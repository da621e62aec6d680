import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { bonusDefinitionInputSchema } from '@casino/contracts';
import { eq, sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { rowsOf } from '../../../db/rows.ts';
import { activateBonus, createDefinition, DEFAULT_BONUS_RULES, issueBonus } from '../../bonus/index.ts';
import { moneyAtRisk, playSinceDays } from '../../wallet/index.ts';
import { ledgerEntries } from '../../wallet/tables.ts';
import { gameTransactions } from '../play/tables.ts';
import { accountRow, createGame, fundedPlayer, openSession, txId, walletCall } from './play-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A player with `real` EUR minor units and, with `bonus`, an active bonus of that amount; a game and a live session on it. */
async function setup(real: bigint, bonus: bigint) {
  const db = server.ctx.db;
  const game = await createGame(db);
  const { player, account } = await fundedPlayer(db, real);
  if (bonus > 0n) {
    const name = `Seam bonus ${randomUUID().slice(0, 8)}`;
    await createDefinition(
      db,
      { ...bonusDefinitionInputSchema.parse({ name, amounts: { EUR: Number(bonus) }, wagerMultiplier: 10 }) },
      async () => null,
    );
    const issued = await issueBonus(server.ctx, DEFAULT_BONUS_RULES, {
      playerId: player.id,
      definition: name,
      currency: 'EUR',
      source: 'test',
    });
    await activateBonus(server.ctx, player.id, issued.id);
  }
  const session = await openSession(server.ctx, { playerId: player.id, accountId: account.id, gameId: game.id });
  const base = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
  return { db, game, player, account, base };
}

type Counts = { stake_real: string; stake_bonus: string; win_real: string; win_bonus: string; at_risk: string };
const countsOf = async (accountId: string) =>
  rowsOf<Counts & { day: string }>(
    server.ctx.db,
    sql`select day::text, stake_real::text, stake_bonus::text, win_real::text, win_bonus::text, at_risk::text
          from wallet_play_counts where account_id = ${accountId}::uuid order by day`,
  );

describe('the stake seam (real money first, then bonus money)', () => {
  it('tells the provider what can be staked, and plays a stake only bonus money covers from bonus money', async () => {
    const { db, account, base } = await setup(0n, 5_000n);
    const balance = await walletCall(server, 'balance', { token: base.token });
    expect(balance.status).toBe(200);
    expect(balance.body.balance).toBe(5_000);

    const bet = await walletCall(server, 'bet', {
      ...base,
      transactionId: txId('bet'),
      roundId: txId('r'),
      amount: 100,
    });
    expect(bet.status).toBe(200);
    expect(bet.body.balance).toBe(4_900);
    const row = await accountRow(db, account.id);
    expect(row.realBalance).toBe(0n);
    expect(row.bonusBalance).toBe(4_900n);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, account.id));
    expect(entries.map((e) => [e.kind, e.realDelta, e.bonusDelta])).toEqual([
      ['bonus', 0n, 5_000n],
      ['bet', 0n, -100n],
    ]);
    // What the provider is told is exactly what can be staked: all of it, and not a cent more.
    const all = await walletCall(server, 'bet', {
      ...base,
      transactionId: txId('bet'),
      roundId: txId('r'),
      amount: 4_900,
    });
    expect(all.status).toBe(200);
    expect(all.body.balance).toBe(0);
    const more = await walletCall(server, 'bet', {
      ...base,
      transactionId: txId('bet'),
      roundId: txId('r'),
      amount: 1,
    });
    expect(more.body.error).toMatchObject({ code: 15001, balance: 0 });
  });

  it('a stake takes real money first; the win follows the stake; a rollback refunds to where the stake came from', async () => {
    const { db, account, base } = await setup(300n, 5_000n);
    const round = txId('r');
    const betId = txId('bet');
    const bet = await walletCall(server, 'bet', { ...base, transactionId: betId, roundId: round, amount: 400 });
    expect(bet.status).toBe(200);
    expect(bet.body.balance).toBe(4_900); // 300 real + 100 bonus staked
    expect(await accountRow(db, account.id)).toMatchObject({ realBalance: 0n, bonusBalance: 4_900n });
    const second = txId('bet');
    await walletCall(server, 'bet', { ...base, transactionId: second, roundId: round, amount: 100 });
    const rollback = await walletCall(server, 'rollback', {
      token: base.token,
      gameIdentity: base.gameIdentity,
      transactionId: txId('rb'),
      referenceTransactionId: second,
      roundId: round,
    });
    expect(rollback.status).toBe(200);
    expect(await accountRow(db, account.id)).toMatchObject({ realBalance: 0n, bonusBalance: 4_900n });
    const win = await walletCall(server, 'win', {
      ...base,
      transactionId: txId('win'),
      roundId: round,
      amount: 1_000,
      closeRound: true,
    });
    expect(win.status).toBe(200);
    // The round staked 300 real and 100 bonus: the win pays 750 real and 250 bonus.
    expect(await accountRow(db, account.id)).toMatchObject({ realBalance: 750n, bonusBalance: 5_150n });
    expect(win.body.balance).toBe(5_900);
    // The play count: stakes net of the rollback, the win, and the turnover rule's money at risk at close.
    const [counts] = await countsOf(account.id);
    expect(counts).toMatchObject({
      stake_real: '300',
      stake_bonus: '100',
      win_real: '750',
      win_bonus: '250',
      at_risk: '400',
    });
  });
});

describe('the play count (wallet_play_counts)', () => {
  it('equals play recomputed from the game transactions and rounds after a mixed scenario', async () => {
    const { db, account, base } = await setup(100_000n, 0n);
    const rounds = [txId('r'), txId('r'), txId('r')];
    const bets: string[] = [];
    for (const [i, round] of rounds.entries()) {
      const id = txId('bet');
      bets.push(id);
      await walletCall(server, 'bet', { ...base, transactionId: id, roundId: round, amount: 100 * (i + 1) });
    }
    // Round 0 lost (closed by a zero win), round 1 won big, round 2 rolled back and closed empty.
    await walletCall(server, 'win', {
      ...base,
      transactionId: txId('w'),
      roundId: rounds[0],
      amount: 0,
      closeRound: true,
    });
    await walletCall(server, 'win', {
      ...base,
      transactionId: txId('w'),
      roundId: rounds[1],
      amount: 900,
      closeRound: true,
    });
    await walletCall(server, 'rollback', {
      token: base.token,
      gameIdentity: base.gameIdentity,
      transactionId: txId('rb'),
      referenceTransactionId: bets[2],
      roundId: rounds[2],
    });
    // A replayed call counts nothing twice.
    const replay = { ...base, transactionId: txId('w'), roundId: rounds[2], amount: 0, closeRound: true };
    await walletCall(server, 'win', replay);
    await walletCall(server, 'win', replay);

    const [recomputed] = await rowsOf<{ stakes: string; wins: string; at_risk: string }>(
      db,
      sql`select (select coalesce(sum(amount_minor) filter (where kind = 'bet'), 0) from game_transactions t
                   join game_rounds r on r.id = t.round_id where r.account_id = ${account.id}::uuid and t.status = 'applied')::text as stakes,
                 (select coalesce(sum(amount_minor) filter (where kind = 'win'), 0) from game_transactions t
                   join game_rounds r on r.id = t.round_id where r.account_id = ${account.id}::uuid and t.status = 'applied')::text as wins,
                 (select coalesce(sum(least(bet_minor, abs(win_minor - bet_minor))), 0) from game_rounds
                   where account_id = ${account.id}::uuid and closed)::text as at_risk`,
    );
    const [counts] = await countsOf(account.id);
    expect(recomputed).toEqual({ stakes: '300', wins: '900', at_risk: '300' });
    expect(counts).toMatchObject({
      stake_real: recomputed!.stakes,
      win_real: recomputed!.wins,
      at_risk: recomputed!.at_risk,
    });
    const calls = await db
      .select()
      .from(gameTransactions)
      .where(eq(gameTransactions.playerId, (await accountRow(db, account.id)).playerId));
    // What the limits read: each period start answered, equal starts (a Monday's day and week) each.
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const player = (await accountRow(db, account.id)).playerId;
    expect(await playSinceDays(db, player, 'EUR', [today, today, new Date('2000-01-01T00:00:00Z')])).toEqual([
      { stakes: 300n, wins: 900n },
      { stakes: 300n, wins: 900n },
      { stakes: 300n, wins: 900n },
    ]);
    expect(await moneyAtRisk(db, account.id)).toBe(300n);
    expect(calls.length).toBe(7); // 3 bets, 2 wins, a rollback, the closing win once (its replay stores nothing)
  });
});
