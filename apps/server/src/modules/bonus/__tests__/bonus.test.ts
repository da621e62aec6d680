import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  BonusResult,
  BonusStatus,
  bonusDefinitionInputSchema,
  ErrorCode,
  playerBonusSchema,
  type BonusDefinitionSource,
} from '@casino/contracts';
import { rowsOf } from '../../../db/rows.ts';
import { opsCall, createTestServer, type TestServer } from '../../../test/server.ts';
import { bearer, register } from '../../player/__tests__/helpers.ts';
import { accountRow, createGame, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { accountIn, postEntry } from '../../wallet/index.ts';
import { createDefinition, DEFAULT_BONUS_RULES, expireDueBonuses, issueBonus } from '../service.ts';
import { playerBonuses } from '../tables.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0' });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Each player calls from an address of its own: a test meets only its own rate-limit counters. */
const addresses = new Map<string, string>();
const addressOf = (token: string) => {
  if (!addresses.has(token)) addresses.set(token, `10.9.${Math.floor(addresses.size / 250)}.${addresses.size % 250}`);
  return addresses.get(token)!;
};
const call = async (token: string, method: 'GET' | 'PUT', url: string) => {
  const res = await server.app.inject({ method, url, headers: bearer(token), remoteAddress: addressOf(token) });
  return { status: res.statusCode, json: res.json() as Json };
};

/** A definition of its own per test (names are unique): €10.00 bonus, ×2 wagering by default. */
async function definition(overrides: Partial<BonusDefinitionSource> = {}) {
  const input: BonusDefinitionSource = {
    name: `Test bonus ${randomUUID().slice(0, 8)}`,
    amounts: { EUR: 1_000 },
    wagerMultiplier: 2,
    maxBet: {},
    maxConversion: {},
    contributions: { slots: 100, roulette: 10 },
    excludedGames: [],
    activationDays: 30,
    wageringDays: 30,
    ...overrides,
  };
  return createDefinition(server.ctx.db, bonusDefinitionInputSchema.parse(input), async () => null);
}

/** A signed-up player with `real` EUR minor units, a slot and a live session on it. */
async function player(real: bigint, gameType = 'slots') {
  const { auth } = await register(server.app, { locale: 'en' });
  const token = auth.accessToken as string;
  const playerId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  const account = (await accountIn(server.ctx.db, playerId, 'EUR'))!;
  if (real > 0n)
    await postEntry(server.ctx.db, {
      accountId: account.id,
      idempotencyKey: `fund:${account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: real,
    });
  const game = await createGame(server.ctx.db, { type: gameType });
  const session = await openSession(server.ctx, { playerId, accountId: account.id, gameId: game.id });
  const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
  return { token, playerId, account, game, wallet };
}

async function issued(playerId: string, name: string) {
  return issueBonus(server.ctx, DEFAULT_BONUS_RULES, { playerId, definition: name, currency: 'EUR', source: 'test' });
}

/** A round: a bet and a closing win. */
async function round(wallet: Record<string, unknown>, stake: number, win: number) {
  const roundId = txId('r');
  const bet = await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId, amount: stake });
  if (bet.status !== 200) return bet;
  return walletCall(server, 'win', { ...wallet, transactionId: txId('w'), roundId, amount: win, closeRound: true });
}

const bonusRow = async (id: string) =>
  (await server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.id, id)))[0]!;

/**
 * The ledger proves every balance, real and bonus apart; and the stored wagering progress equals the
 * settled stakes (its own rounds, closed while it was active, by their game's share) recomputed.
 */
async function audit(accountId: string, { progress = true } = {}) {
  const [sums] = await rowsOf<{ real: string; bonus: string; real_balance: string; bonus_balance: string }>(
    server.ctx.db,
    sql`select coalesce(sum(l.real_delta), 0)::text as real, coalesce(sum(l.bonus_delta), 0)::text as bonus,
               a.real_balance::text, a.bonus_balance::text
          from wallet_accounts a left join ledger_entries l on l.account_id = a.id
         where a.id = ${accountId}::uuid group by a.id`,
  );
  expect(sums!.real).toBe(sums!.real_balance);
  expect(sums!.bonus).toBe(sums!.bonus_balance);
  if (!progress) return;
  const bonuses = await server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.accountId, accountId));
  for (const bonus of bonuses.filter((b) => b.activatedAt)) {
    const [settled] = await rowsOf<{ stakes: string }>(
      server.ctx.db,
      sql`select coalesce(sum(r.bet_minor * coalesce((${JSON.stringify(bonus.contributions)}::jsonb ->> g.type)::int, 0) / 100), 0)::text as stakes
            from game_rounds r join games g on g.id = r.game_id
           where r.account_id = ${accountId}::uuid and r.closed and r.bonus_id = ${bonus.id}::uuid
             and (${bonus.finishedAt?.toISOString() ?? null}::timestamptz is null or r.closed_at <= ${bonus.finishedAt?.toISOString() ?? null}::timestamptz)
             and not (r.game_id = any(${`{${bonus.excludedGames.join(',')}}`}::uuid[]))`,
    );
    const recomputed = BigInt(settled!.stakes);
    expect(bonus.wagerProgressMinor).toBe(
      recomputed > bonus.wagerRequiredMinor ? bonus.wagerRequiredMinor : recomputed,
    );
  }
}

describe('a bonus from issue to wagered', () => {
  it('is issued, activated as bonus money, staked after real money, wagered by settled stakes and then turns real', async () => {
    const def = await definition({ maxConversion: { EUR: 900 } });
    const { token, playerId, account, wallet } = await player(300n);
    const bonus = await issued(playerId, def.name);

    const list = await call(token, 'GET', '/api/game/player-bonuses?status[]=1&status[]=2&currency[]=EUR');
    expect(list.status).toBe(200);
    expect(list.json.data).toHaveLength(1);
    expect(playerBonusSchema.parse(list.json.data[0])).toMatchObject({
      id: bonus.id,
      status: BonusStatus.issued,
      amount: 10,
      requiredWagerCasinoAmount: 20,
      currentWagerAmount: 0,
      wagerCasino: 2,
    });
    // Issued: no money yet.
    expect((await accountRow(server.ctx.db, account.id)).bonusBalance).toBe(0n);

    const activated = await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`);
    expect(activated.status).toBe(200);
    expect(activated.json.data).toMatchObject({ status: BonusStatus.active, result: BonusResult.issued });
    expect(await accountRow(server.ctx.db, account.id)).toMatchObject({ realBalance: 300n, bonusBalance: 1_000n });

    // The provider is told real + bonus; a €5 stake takes the €3 real first, then €2 bonus.
    const balance = await walletCall(server, 'balance', { token: wallet.token });
    expect(balance.body.balance).toBe(1_300);
    const first = await round(wallet, 500, 250);
    expect(first.status).toBe(200);
    // The win follows the stake: 3/5 real (150), 2/5 bonus (100).
    expect(await accountRow(server.ctx.db, account.id)).toMatchObject({ realBalance: 150n, bonusBalance: 900n });
    expect((await bonusRow(bonus.id)).wagerProgressMinor).toBe(500n);

    // Wagering: €20 of settled stakes on a slot (100 %); the bonus then turns real, capped at €9.
    for (let i = 0; i < 3; i++) expect((await round(wallet, 500, 500)).status).toBe(200);
    const done = await bonusRow(bonus.id);
    expect(done).toMatchObject({ status: BonusStatus.finished, result: BonusResult.played });
    const after = await accountRow(server.ctx.db, account.id);
    expect(after.bonusBalance).toBe(0n);
    expect(done.convertedMinor).toBe(900n);
    expect(after.realBalance).toBe(150n + 900n);
    await audit(account.id);
    // Finished bonuses leave the active/issued list and show in the finished one.
    expect((await call(token, 'GET', '/api/game/player-bonuses?status[]=1&status[]=2')).json.data).toEqual([]);
    const finished = await call(token, 'GET', '/api/game/player-bonuses?status[]=3&currency[]=EUR');
    expect(finished.json.data.map((b: Json) => [b.id, b.result])).toEqual([[bonus.id, BonusResult.played]]);
    expect((await call(token, 'GET', '/api/game/player-bonuses?status[]=3&currency[]=USD')).json.data).toEqual([]);

    // The player was told: issued, activated, progress, wagered.
    const events = await rowsOf<{ change: string }>(
      server.ctx.db,
      sql`select payload->>'change' as change from outbox where event = 'bonus.updated' and payload->>'bonusId' = ${bonus.id} order by id`,
    );
    expect(events.map((e) => e.change)).toEqual([
      'issued',
      'activated',
      'progress',
      'progress',
      'progress',
      'finished',
    ]);
  });

  it('counts a game by its share, and an excluded game not at all (nor may it take bonus money)', async () => {
    const excludedGame = await createGame(server.ctx.db, { type: 'slots' });
    const def = await definition({ wagerMultiplier: 10 });
    const { token, playerId, account, wallet } = await player(0n, 'roulette');
    const bonus = await issued(playerId, def.name);
    await server.ctx.db
      .update(playerBonuses)
      .set({ excludedGames: [excludedGame.id] })
      .where(eq(playerBonuses.id, bonus.id));
    expect((await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`)).status).toBe(200);
    expect((await round(wallet, 100, 0)).status).toBe(200);
    expect((await bonusRow(bonus.id)).wagerProgressMinor).toBe(10n); // roulette: 10 %

    const session = await openSession(server.ctx, { playerId, accountId: account.id, gameId: excludedGame.id });
    const refused = await walletCall(server, 'bet', {
      token: session.token,
      gameIdentity: excludedGame.identity,
      currency: 'EUR',
      transactionId: txId('b'),
      roundId: txId('r'),
      amount: 100,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(ErrorCode.restrictedBets);
    expect((await accountRow(server.ctx.db, account.id)).bonusBalance).toBe(900n);
    await audit(account.id);
  });

  it("refuses a stake above the maximum bet, a round's stakes together (a split stake does not slip under it)", async () => {
    const def = await definition({ maxBet: { EUR: 500 } });
    const { token, playerId, account, wallet } = await player(5_000n);
    const bonus = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`);
    const above = await walletCall(server, 'bet', {
      ...wallet,
      transactionId: txId('b'),
      roundId: txId('r'),
      amount: 501,
    });
    expect(above.status).toBe(403);
    expect(above.body.error.code).toBe(ErrorCode.bonusMaxBetExceeded);
    expect(above.body.error.message).toContain('5.00 EUR');
    const roundId = txId('r');
    expect(
      (await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId, amount: 300 })).status,
    ).toBe(200);
    const split = await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId, amount: 300 });
    expect(split.body.error.code).toBe(ErrorCode.bonusMaxBetExceeded);
    // The open game page is told, with the maximum in money.
    const [event] = await rowsOf<{ payload: Json }>(
      server.ctx.db,
      sql`select payload from outbox where event = 'game.bet.max.exceeded' and payload->>'playerId' = ${playerId} order by id limit 1`,
    );
    expect(event!.payload).toMatchObject({ gameIdentity: wallet.gameIdentity, currency: 'EUR', maxBet: '500' });
    expect((await accountRow(server.ctx.db, account.id)).realBalance).toBe(4_700n);
    await audit(account.id);
  });
});

describe('the end of a bonus', () => {
  it('cancelled: the bonus money and the bonus share of an open round are forfeited', async () => {
    const def = await definition();
    const { token, playerId, account, wallet } = await player(100n);
    const bonus = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`);
    // A round staked €1 real + €3 bonus stays open while the bonus is cancelled.
    const roundId = txId('r');
    expect(
      (await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId, amount: 400 })).status,
    ).toBe(200);
    const listed = await call(token, 'GET', '/api/game/player-bonuses?status[]=2');
    expect(listed.json.data[0].openedTransactionsCount).toBe(1);
    const cancelled = await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data).toMatchObject({ status: BonusStatus.finished, result: BonusResult.canceled });
    expect(await accountRow(server.ctx.db, account.id)).toMatchObject({ realBalance: 0n, bonusBalance: 0n });
    expect((await bonusRow(bonus.id)).forfeitedMinor).toBe(700n);
    // The win pays its real share (1/4) only.
    const win = await walletCall(server, 'win', {
      ...wallet,
      transactionId: txId('w'),
      roundId,
      amount: 800,
      closeRound: true,
    });
    expect(win.status).toBe(200);
    expect(await accountRow(server.ctx.db, account.id)).toMatchObject({ realBalance: 200n, bonusBalance: 0n });
    // Cancelling again changes nothing.
    expect((await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/cancel`)).status).toBe(409);
    await audit(account.id);
  });

  it('lost once the bonus money runs out; expired when its time is up', async () => {
    const def = await definition({ wagerMultiplier: 50 });
    const { token, playerId, account, wallet } = await player(0n);
    const lost = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${lost.id}/activate`);
    expect((await round(wallet, 1_000, 0)).status).toBe(200);
    expect(await bonusRow(lost.id)).toMatchObject({ status: BonusStatus.finished, result: BonusResult.lost });

    const expiring = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${expiring.id}/activate`);
    expect((await accountRow(server.ctx.db, account.id)).bonusBalance).toBe(1_000n);
    expect(await expireDueBonuses(server.ctx, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await bonusRow(expiring.id)).toMatchObject({ status: BonusStatus.finished, result: BonusResult.expired });
    expect((await accountRow(server.ctx.db, account.id)).bonusBalance).toBe(0n);
    await audit(account.id);
  });

  it('lost only once its rounds staked with bonus money are closed: an open one may still win', async () => {
    const def = await definition({ wagerMultiplier: 50 });
    const { token, playerId, account, wallet } = await player(0n);
    const bonus = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`);
    // €6 of the bonus money rides on an open round; the other €4 is lost in a round of its own.
    const open = txId('r');
    expect(
      (await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId: open, amount: 600 })).status,
    ).toBe(200);
    expect((await round(wallet, 400, 0)).status).toBe(200);
    expect((await accountRow(server.ctx.db, account.id)).bonusBalance).toBe(0n);
    expect(await bonusRow(bonus.id)).toMatchObject({ status: BonusStatus.active });
    // The open round closes lost: nothing is left to wait for.
    const closed = { ...wallet, transactionId: txId('w'), roundId: open, amount: 0, closeRound: true };
    expect((await walletCall(server, 'win', closed)).status).toBe(200);
    expect(await bonusRow(bonus.id)).toMatchObject({ status: BonusStatus.finished, result: BonusResult.lost });
    await audit(account.id);
  });

  it('activating another bonus cancels the active one first: one active bonus per currency', async () => {
    const def = await definition();
    const { token, playerId, account } = await player(0n);
    const first = await issued(playerId, def.name);
    const second = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${first.id}/activate`);
    expect((await call(token, 'PUT', `/api/game/player-bonuses/${second.id}/activate`)).status).toBe(200);
    expect(await bonusRow(first.id)).toMatchObject({ status: BonusStatus.finished, result: BonusResult.canceled });
    expect((await accountRow(server.ctx.db, account.id)).bonusBalance).toBe(1_000n);
    await audit(account.id);
  });
});

describe('a round belongs to the bonus that staked it, for its whole life', () => {
  const bet = (wallet: Record<string, unknown>, roundId: string, amount: number, transactionId = txId('b')) =>
    walletCall(server, 'bet', { ...wallet, transactionId, roundId, amount });
  const win = (wallet: Record<string, unknown>, roundId: string, amount: number) =>
    walletCall(server, 'win', { ...wallet, transactionId: txId('w'), roundId, amount, closeRound: true });

  it("bonus hopping: rounds of bonus A's money settling after B was activated pay B nothing and count toward nothing", async () => {
    // The outside test's setup: a welcome bonus (€20 to wager €200, conversion capped) and a lightly wagered
    // one (€5, €25 to wager, no cap); four crash rounds of A's money left open while B is activated.
    const welcome = await definition({
      amounts: { EUR: 2_000 },
      wagerMultiplier: 10,
      contributions: { crash: 100 },
      maxConversion: { EUR: 2_000 },
    });
    const light = await definition({ amounts: { EUR: 500 }, wagerMultiplier: 5, contributions: { crash: 100 } });
    const { token, playerId, account, wallet } = await player(0n, 'crash');
    const a = await issued(playerId, welcome.name);
    const b = await issued(playerId, light.name);
    expect((await call(token, 'PUT', `/api/game/player-bonuses/${a.id}/activate`)).status).toBe(200);
    const rounds = Array.from({ length: 4 }, () => txId('r'));
    for (const roundId of rounds) expect((await bet(wallet, roundId, 500)).status).toBe(200);
    expect((await accountRow(server.ctx.db, account.id)).bonusBalance).toBe(0n);

    expect((await call(token, 'PUT', `/api/game/player-bonuses/${b.id}/activate`)).status).toBe(200);
    expect(await bonusRow(a.id)).toMatchObject({ status: BonusStatus.finished, result: BonusResult.canceled });
    // A's rounds crash out high: their wins were staked with A's money, which is gone.
    for (const roundId of rounds) expect((await win(wallet, roundId, 1_250)).status).toBe(200);

    expect(await accountRow(server.ctx.db, account.id)).toMatchObject({ realBalance: 0n, bonusBalance: 500n });
    expect((await bonusRow(b.id)).wagerProgressMinor).toBe(0n);
    expect((await bonusRow(a.id)).wagerProgressMinor).toBe(0n);
    await audit(account.id);
  });

  it('a round opened before a bonus was activated counts for nothing toward it, and never takes its money', async () => {
    const def = await definition({ amounts: { EUR: 1_000 }, wagerMultiplier: 10, maxBet: { EUR: 500 } });
    const { token, playerId, account, wallet } = await player(20_000n);
    const bonus = await issued(playerId, def.name);
    const roundId = txId('r');
    expect((await bet(wallet, roundId, 10_000)).status).toBe(200);
    expect((await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`)).status).toBe(200);
    // A later stake in that round is real money only, whatever the bonus's maximum bet: it is not the bonus's.
    expect((await bet(wallet, roundId, 10_000)).status).toBe(200);
    const short = await bet(wallet, roundId, 100);
    expect(short.body.error.code).toBe(ErrorCode.insufficientFunds);
    expect(await accountRow(server.ctx.db, account.id)).toMatchObject({ realBalance: 0n, bonusBalance: 1_000n });
    expect((await win(wallet, roundId, 0)).status).toBe(200);
    expect(await bonusRow(bonus.id)).toMatchObject({ status: BonusStatus.active, wagerProgressMinor: 0n });
    await audit(account.id);
  });

  it("a refund of a bet staked with bonus A's money, after B was activated, gives B nothing", async () => {
    const def = await definition();
    const { token, playerId, account, wallet } = await player(100n);
    const a = await issued(playerId, def.name);
    const b = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${a.id}/activate`);
    const roundId = txId('r');
    const staked = txId('b');
    // €1 real + €3 of A's bonus money.
    expect((await bet(wallet, roundId, 400, staked)).status).toBe(200);
    await call(token, 'PUT', `/api/game/player-bonuses/${b.id}/activate`);
    const refund = await walletCall(server, 'rollback', {
      ...wallet,
      transactionId: txId('rb'),
      referenceTransactionId: staked,
      roundId,
    });
    expect(refund.status).toBe(200);
    expect(await accountRow(server.ctx.db, account.id)).toMatchObject({ realBalance: 100n, bonusBalance: 1_000n });
    await audit(account.id);
  });

  it("a round of the active bonus counts toward it and pays its win's bonus share as before", async () => {
    const def = await definition({ contributions: { slots: 100 } });
    const { token, playerId, account, wallet } = await player(0n);
    const bonus = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`);
    const roundId = txId('r');
    expect((await bet(wallet, roundId, 400)).status).toBe(200);
    expect((await win(wallet, roundId, 1_000)).status).toBe(200);
    expect(await accountRow(server.ctx.db, account.id)).toMatchObject({ realBalance: 0n, bonusBalance: 1_600n });
    expect((await bonusRow(bonus.id)).wagerProgressMinor).toBe(400n);
    await audit(account.id);
  });
});

describe('what a hostile client tries', () => {
  it("another player's bonus is not found; an unknown id, a huge or NUL id is refused cleanly", async () => {
    const def = await definition();
    const owner = await player(0n);
    const other = await player(0n);
    const bonus = await issued(owner.playerId, def.name);
    expect((await call(other.token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`)).status).toBe(404);
    expect((await call(other.token, 'PUT', `/api/game/player-bonuses/${bonus.id}/cancel`)).status).toBe(404);
    expect((await call(other.token, 'PUT', `/api/game/player-bonuses/${randomUUID()}/activate`)).status).toBe(404);
    expect((await call(other.token, 'PUT', `/api/game/player-bonuses/a%00b/activate`)).status).toBe(422);
    expect((await call(other.token, 'PUT', `/api/game/player-bonuses/${'x'.repeat(5000)}/activate`)).status).toBe(422);
    expect((await call(other.token, 'GET', '/api/game/player-bonuses?status[]=9')).status).toBe(422);
    expect((await bonusRow(bonus.id)).status).toBe(BonusStatus.issued);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/game/player-bonuses' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('twenty simultaneous activations of one bonus post its money once', async () => {
    const def = await definition();
    const { token, playerId, account } = await player(0n);
    const bonus = await issued(playerId, def.name);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect((await accountRow(server.ctx.db, account.id)).bonusBalance).toBe(1_000n);
    await audit(account.id);
  });

  it('bets, a cancel and the completion racing on one account never create money', async () => {
    const def = await definition({ wagerMultiplier: 1 });
    const { token, playerId, account, wallet } = await player(2_000n);
    const bonus = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`);
    // €10 of wagering: any two closed €5 rounds complete it, while twenty rounds and a cancel race.
    await Promise.all([
      ...Array.from({ length: 20 }, () => round(wallet, 500, 400)),
      call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/cancel`),
    ]);
    const after = await accountRow(server.ctx.db, account.id);
    const end = await bonusRow(bonus.id);
    expect(end.status).toBe(BonusStatus.finished);
    // Whatever order won: what came in is €20 real + €10 bonus; every round lost €1; what the bonus's
    // end converted is all that became real of the bonus money.
    const [played] = await rowsOf<{ stakes: string; wins: string }>(
      server.ctx.db,
      sql`select coalesce(sum(bet_minor), 0)::text as stakes, coalesce(sum(win_minor), 0)::text as wins
            from game_rounds where account_id = ${account.id}::uuid`,
    );
    expect(after.realBalance + after.bonusBalance).toBeLessThanOrEqual(
      3_000n - BigInt(played!.stakes) + BigInt(played!.wins),
    );
    // The moments of racing calls are taken before they wait for the account's lock, so they do not
    // order the rounds against the cancel: the progress is held to its bounds instead of recomputed.
    expect(end.wagerProgressMinor).toBeLessThanOrEqual(end.wagerRequiredMinor);
    expect(end.wagerProgressMinor).toBeLessThanOrEqual(BigInt(played!.stakes));
    await audit(account.id, { progress: false });
  });

  it("rounds racing the switch to another bonus: the new bonus holds exactly its own rounds' money", async () => {
    const def = await definition({ amounts: { EUR: 5_000 }, wagerMultiplier: 10 });
    const { token, playerId, account, wallet } = await player(0n);
    const a = await issued(playerId, def.name);
    const b = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${a.id}/activate`);
    await Promise.all([
      ...Array.from({ length: 20 }, () => round(wallet, 100, 300)),
      call(token, 'PUT', `/api/game/player-bonuses/${b.id}/activate`),
    ]);
    expect(await bonusRow(b.id)).toMatchObject({ status: BonusStatus.active });
    const [own] = await rowsOf<{ stakes: string; wins: string }>(
      server.ctx.db,
      sql`select coalesce(sum(bet_bonus_minor), 0)::text as stakes, coalesce(sum(win_bonus_minor), 0)::text as wins
            from game_rounds where bonus_id = ${b.id}::uuid`,
    );
    const after = await accountRow(server.ctx.db, account.id);
    expect(after.bonusBalance).toBe(5_000n - BigInt(own!.stakes) + BigInt(own!.wins));
    expect(after.realBalance).toBe(0n);
    // As in the race above, the calls' moments do not order them against the switch: A's progress is held
    // to the stakes of its own rounds instead of recomputed by time.
    const [ofA] = await rowsOf<{ stakes: string }>(
      server.ctx.db,
      sql`select coalesce(sum(bet_minor), 0)::text as stakes from game_rounds where bonus_id = ${a.id}::uuid and closed`,
    );
    expect((await bonusRow(a.id)).wagerProgressMinor).toBeLessThanOrEqual(BigInt(ofA!.stakes));
    await audit(account.id, { progress: false });
  });

  it('bonus money never leaves through a withdrawal: only real money can be asked for', async () => {
    const def = await definition();
    const { token, playerId, account } = await player(3_000n);
    const bonus = await issued(playerId, def.name);
    await call(token, 'PUT', `/api/game/player-bonuses/${bonus.id}/activate`);
    const withdraw = (amount: number) =>
      server.app.inject({
        method: 'POST',
        url: '/api/payment/invoices/withdrawal',
        headers: bearer(token),
        remoteAddress: addressOf(token),
        payload: { method: 'bank_transfer', currency: 'EUR', amount, fields: { iban: 'DE89370400440532013000' } },
      });
    // €30 real + €10 bonus on the account: €35 is more than the real money.
    const tooMuch = await withdraw(35);
    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(await accountRow(server.ctx.db, account.id)).toMatchObject({ realBalance: 3_000n, bonusBalance: 1_000n });
    const all = await withdraw(30);
    expect(all.statusCode, all.body).toBe(200);
    expect(await accountRow(server.ctx.db, account.id)).toMatchObject({
      realBalance: 0n,
      lockedBalance: 3_000n,
      bonusBalance: 1_000n,
    });
    await audit(account.id);
  });

  it('nothing is issued to an excluded player, nor in a currency the bonus does not offer', async () => {
    const def = await definition();
    const { playerId, token } = await player(0n);
    await expect(
      issueBonus(server.ctx, DEFAULT_BONUS_RULES, { playerId, definition: def.name, currency: 'USD', source: 'test' }),
    ).rejects.toThrow(/not offered in USD/);
    const excluded = await opsCall(server, 'exclude', { player: playerId, type: 'cooling-off', days: 1 });
    expect(excluded.statusCode).toBe(200);
    await expect(issued(playerId, def.name)).rejects.toThrow(/excluded/);
    expect((await call(token, 'GET', '/api/game/player-bonuses')).json.data ?? []).toEqual([]);
  });

  it('the operator creates, lists, disables and issues through the ops endpoint', async () => {
    const name = `Ops bonus ${randomUUID().slice(0, 6)}`;
    const created = await opsCall(server, 'bonus', {
      action: 'create',
      definition: { name, amounts: { EUR: 2_500 }, wagerMultiplier: 40, maxBet: { EUR: 500 } },
    });
    expect(created.statusCode).toBe(200);
    const listed = await opsCall(server, 'bonus', { action: 'list' });
    // The multiplier is capped at BONUS_MAX_WAGER (10).
    expect(listed.json().data.message).toContain(`${name}  [enabled]  25.00 EUR  wagering ×10`);
    const { playerId } = await player(0n);
    const issuedNow = await opsCall(server, 'bonus', { action: 'issue', player: playerId, name, currency: 'EUR' });
    expect(issuedNow.statusCode).toBe(200);
    const [row] = await server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId));
    expect(row).toMatchObject({ wagerMultiplier: 10, wagerRequiredMinor: 25_000n, maxBetMinor: 500n });
    expect((await opsCall(server, 'bonus', { action: 'disable', name })).statusCode).toBe(200);
    const refused = await opsCall(server, 'bonus', { action: 'issue', player: playerId, name, currency: 'EUR' });
    expect(refused.statusCode).toBe(409);
    expect((await opsCall(server, 'bonus', { action: 'create', definition: { name } })).statusCode).toBe(422);
  });
});
