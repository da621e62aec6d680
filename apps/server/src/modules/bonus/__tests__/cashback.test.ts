import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  BonusStatus,
  bonusDefinitionInputSchema,
  cashbackResponseSchema,
  LimitDefinition,
  type BonusDefinitionSource,
} from '@casino/contracts';
import { rowsOf } from '../../../db/rows.ts';
import { opsCall, createTestServer, type TestServer } from '../../../test/server.ts';
import { bearer, register } from '../../player/__tests__/helpers.ts';
import { createGame, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { excludePlayer } from '../../limits/index.ts';
import { accountIn, postEntry } from '../../wallet/index.ts';
import { lastEndedPeriod, periodOf, runCashback } from '../cashback.ts';
import { createDefinition, DEFAULT_BONUS_RULES, issueBonus } from '../service.ts';
import { cashbackPayouts, playerBonuses } from '../tables.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0' });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const addresses = new Map<string, string>();
const addressOf = (token: string) => {
  if (!addresses.has(token)) addresses.set(token, `10.11.${Math.floor(addresses.size / 250)}.${addresses.size % 250}`);
  return addresses.get(token)!;
};
const get = async (token: string, url: string) => {
  const res = await server.app.inject({ method: 'GET', url, headers: bearer(token), remoteAddress: addressOf(token) });
  return { status: res.statusCode, json: res.json() as Json };
};

/** A weekly cashback programme of its own per test: 10 % of net losses, ×3 wagering, EUR. */
async function programme(overrides: Partial<BonusDefinitionSource> = {}) {
  const input: BonusDefinitionSource = {
    name: `Cashback ${randomUUID().slice(0, 8)}`,
    amounts: { EUR: 0 },
    cashback: { percentage: 10, period: 'week' },
    wagerMultiplier: 3,
    maxBet: {},
    maxConversion: {},
    contributions: { slots: 100 },
    excludedGames: [],
    activationDays: 14,
    wageringDays: 14,
    ...overrides,
  };
  return createDefinition(server.ctx.db, bonusDefinitionInputSchema.parse(input), async () => null);
}

/** A signed-up player (consenting to bonuses unless told) with `real` EUR minor units and a slot session. */
async function player(real: bigint, { consent = true } = {}) {
  const { auth } = await register(server.app, { locale: 'en' });
  const token = auth.accessToken as string;
  const playerId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  if (consent) await server.ctx.db.execute(sql`update players set receive_bonus = true where id = ${playerId}::uuid`);
  const account = (await accountIn(server.ctx.db, playerId, 'EUR'))!;
  if (real > 0n)
    await postEntry(server.ctx.db, {
      accountId: account.id,
      idempotencyKey: `fund:${account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: real,
    });
  const game = await createGame(server.ctx.db, { type: 'slots' });
  const session = await openSession(server.ctx, { playerId, accountId: account.id, gameId: game.id });
  const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
  return { token, playerId, account, wallet };
}

/** A round: a bet and a closing win. */
async function round(wallet: Record<string, unknown>, stake: number, win: number) {
  const roundId = txId('r');
  const bet = await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId, amount: stake });
  expect(bet.status).toBe(200);
  const res = await walletCall(server, 'win', {
    ...wallet,
    transactionId: txId('w'),
    roundId,
    amount: win,
    closeRound: true,
  });
  expect(res.status).toBe(200);
}

/** This week (today's play) is paid once it has ended: the job runs "next Monday". */
const thisWeek = periodOf('week', new Date());
const payday = new Date(`${thisWeek.end}T00:05:00Z`);
const run = (name: string, now = payday) =>
  runCashback(server.ctx, DEFAULT_BONUS_RULES, {
    now,
    definition: name,
    onError: (err) => {
      throw err;
    },
  });

const bonusesOf = (playerId: string) =>
  server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId));

/** Σ ledger = balance, real and bonus apart. */
async function audit(accountId: string) {
  const [sums] = await rowsOf<{ real: string; bonus: string; real_balance: string; bonus_balance: string }>(
    server.ctx.db,
    sql`select coalesce(sum(l.real_delta), 0)::text as real, coalesce(sum(l.bonus_delta), 0)::text as bonus,
               a.real_balance::text, a.bonus_balance::text
          from wallet_accounts a left join ledger_entries l on l.account_id = a.id
         where a.id = ${accountId}::uuid group by a.id`,
  );
  expect(sums!.real).toBe(sums!.real_balance);
  expect(sums!.bonus).toBe(sums!.bonus_balance);
}

describe('withdrawing with an active bonus', () => {
  it('is allowed for real money only; the bonus stays active with its bonus money; isBonusCancelLock once wagering started', async () => {
    const def = await programme({
      amounts: { EUR: 1_000 },
      cashback: undefined,
      promotional: false,
      wagerMultiplier: 5,
    });
    const { token, account, wallet } = await player(10_000n);
    const bonus = await issueBonus(server.ctx, DEFAULT_BONUS_RULES, {
      playerId: account.playerId,
      definition: def.name,
      currency: 'EUR',
      source: 'test',
    });
    const put = (url: string) =>
      server.app.inject({ method: 'PUT', url, headers: bearer(token), remoteAddress: addressOf(token) });
    expect((await put(`/api/game/player-bonuses/${bonus.id}/activate`)).statusCode).toBe(200);
    const listed = async () => (await get(token, '/api/game/player-bonuses?status[]=2')).json.data[0] as Json;
    expect(await listed()).toMatchObject({ status: BonusStatus.active, isBonusCancelLock: false });
    await round(wallet, 100, 0); // real money first: wagering starts
    expect(await listed()).toMatchObject({ isBonusCancelLock: true });

    const withdraw = (amount: number) =>
      server.app.inject({
        method: 'POST',
        url: '/api/payment/invoices/withdrawal',
        headers: bearer(token),
        remoteAddress: addressOf(token),
        payload: { method: 'bank_transfer', currency: 'EUR', amount, fields: { iban: 'DE89370400440532013000' } },
      });
    // €99 real + €10 bonus on the account: more than the real money is refused; the real money is not.
    const tooMuch = await withdraw(100);
    expect(tooMuch.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMuch.statusCode).toBeLessThan(500);
    const ok = await withdraw(99);
    expect(ok.statusCode).toBe(200);
    const [after] = await rowsOf<{ real: string; bonus: string; locked: string }>(
      server.ctx.db,
      sql`select real_balance::text as real, bonus_balance::text as bonus, locked_balance::text as locked
            from wallet_accounts where id = ${account.id}::uuid`,
    );
    expect(after).toEqual({ real: '0', bonus: '1000', locked: '9900' });
    expect(await listed()).toMatchObject({ id: bonus.id, status: BonusStatus.active });
    await audit(account.id);
  });
});

describe('cashback periods', () => {
  it('runs Monday to Sunday UTC, and the job pays the week that has ended', () => {
    expect(periodOf('week', new Date('2026-11-25T13:00:00Z'))).toEqual({ start: '2026-11-23', end: '2026-11-30' });
    expect(periodOf('week', new Date('2026-11-23T00:00:00Z'))).toEqual({ start: '2026-11-23', end: '2026-11-30' });
    expect(periodOf('week', new Date('2026-11-29T23:59:59Z'))).toEqual({ start: '2026-11-23', end: '2026-11-30' });
    expect(lastEndedPeriod('week', new Date('2026-11-30T00:00:01Z'))).toEqual({
      start: '2026-11-23',
      end: '2026-11-30',
    });
    expect(periodOf('day', new Date('2026-11-25T13:00:00Z'))).toEqual({ start: '2026-11-25', end: '2026-11-26' });
    expect(lastEndedPeriod('day', new Date('2026-01-01T08:00:00Z'))).toEqual({
      start: '2025-12-31',
      end: '2026-01-01',
    });
  });
});

describe('cashback', () => {
  it('pays 10 % of the week’s net real-money losses once, as a bonus with its own wagering, shown on the page', async () => {
    const def = await programme();
    const { token, playerId, account, wallet } = await player(10_000n);
    await round(wallet, 3_000, 500); // −25.00
    await round(wallet, 1_000, 1_700); // +7.00 → net loss 18.00 → cashback 1.80

    // While the week runs: the running figure and the next payout.
    const during = await get(token, '/api/game/bonuses/cashback?currency=EUR');
    expect(during.status).toBe(200);
    const body = cashbackResponseSchema.parse(during.json);
    expect(body.data).toEqual([]);
    expect(body.current.find((c) => c.bonusName === def.name)).toMatchObject({
      currency: 'EUR',
      percentage: 10,
      period: 'week',
      netLoss: 18,
      amount: 1.8,
      periodStart: thisWeek.start,
      periodEnd: thisWeek.end,
      nextPayoutAt: `${thisWeek.end}T00:00:00.000Z`,
      optedIn: true,
    });

    // Before the week ends the job pays nothing of it.
    const early = await run(def.name, new Date());
    expect(early.runs[0]!.periodStart).not.toBe(thisWeek.start);
    expect(await bonusesOf(playerId)).toHaveLength(0);

    // (Every test's players are in this week's play: each programme pays all who lost, so look at ours.)
    const paid = await run(def.name);
    expect(paid.runs).toEqual([expect.objectContaining({ periodStart: thisWeek.start, failed: 0, busy: false })]);
    expect(paid.runs[0]!.issued).toBeGreaterThanOrEqual(1);
    const [bonus] = await bonusesOf(playerId);
    expect(bonus).toMatchObject({
      amountMinor: 180n,
      source: 'cashback',
      status: BonusStatus.issued,
      wagerMultiplier: 3,
      wagerRequiredMinor: 540n,
      definitionId: def.id,
    });
    const [payout] = await server.ctx.db.select().from(cashbackPayouts).where(eq(cashbackPayouts.playerId, playerId));
    expect(payout).toMatchObject({
      netLossMinor: 1_800n,
      amountMinor: 180n,
      bonusId: bonus!.id,
      periodEnd: thisWeek.end,
    });

    const after = cashbackResponseSchema.parse((await get(token, '/api/game/bonuses/cashback?currency=EUR')).json);
    expect(after.data).toEqual([
      expect.objectContaining({
        bonusId: bonus!.id,
        bonusName: def.name,
        amount: 1.8,
        currency: 'EUR',
        periodStart: thisWeek.start,
      }),
    ]);
    expect(Number.isNaN(Date.parse(after.data[0]!.date))).toBe(false);
    // Another currency's list is empty; the cashback is not someone else's.
    expect((await get(token, '/api/game/bonuses/cashback?currency=USD')).json.data).toEqual([]);
    const other = await player(0n);
    expect((await get(other.token, '/api/game/bonuses/cashback')).json.data).toEqual([]);

    // The bonus is activated and its money is on the account as bonus money: the ledger proves it.
    const activated = await server.app.inject({
      method: 'PUT',
      url: `/api/game/player-bonuses/${bonus!.id}/activate`,
      headers: bearer(token),
      remoteAddress: addressOf(token),
    });
    expect(activated.statusCode).toBe(200);
    await audit(account.id);
  });

  it('pays nothing to a player who won more than they staked', async () => {
    const def = await programme();
    const winner = await player(10_000n);
    await round(winner.wallet, 1_000, 5_000);
    // (Every test's players are in this week's play: each programme pays all who lost, so look at ours.)
    const result = await run(def.name);
    expect(result.runs[0]).toMatchObject({ failed: 0 });
    expect(await bonusesOf(winner.playerId)).toHaveLength(0);
    expect(
      await server.ctx.db.select().from(cashbackPayouts).where(eq(cashbackPayouts.playerId, winner.playerId)),
    ).toEqual([]);
  });

  it('caps the amount at the programme’s maximum', async () => {
    const def = await programme({ maxAmounts: { EUR: 100 } });
    const { playerId, wallet } = await player(10_000n);
    await round(wallet, 5_000, 0);
    await run(def.name);
    expect((await bonusesOf(playerId))[0]!.amountMinor).toBe(100n);
  });

  it('issues nothing to a self-excluded or cooling-off player, and a promotion nothing without consent', async () => {
    const def = await programme();
    const excluded = await player(10_000n);
    const cooling = await player(10_000n);
    const unasked = await player(10_000n, { consent: false });
    for (const p of [excluded, cooling, unasked]) await round(p.wallet, 2_000, 0);
    await excludePlayer(server.ctx.db, { playerId: excluded.playerId, type: LimitDefinition.selfExclusion, days: 30 });
    await excludePlayer(server.ctx.db, { playerId: cooling.playerId, type: LimitDefinition.coolingOff, days: 30 });

    const unaskedView = cashbackResponseSchema.parse(
      (await get(unasked.token, '/api/game/bonuses/cashback?currency=EUR')).json,
    );
    expect(unaskedView.current.find((c) => c.bonusName === def.name)).toMatchObject({ optedIn: false, amount: 2 });

    const result = await run(def.name);
    expect(result.runs[0]).toMatchObject({ failed: 0 });
    expect(result.runs[0]!.withheld).toBeGreaterThanOrEqual(3);
    for (const p of [excluded, cooling, unasked]) expect(await bonusesOf(p.playerId)).toHaveLength(0);
    // Decided once: the period's payout rows record that nothing was issued.
    const ours = new Set([excluded, cooling, unasked].map((p) => p.playerId));
    const rows = (
      await server.ctx.db.select().from(cashbackPayouts).where(eq(cashbackPayouts.definitionId, def.id))
    ).filter((row) => ours.has(row.playerId));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.bonusId === null)).toBe(true);

    // A cashback that is not a promotion (a term of the account) is paid without the promotional consent.
    const standing = await programme({ promotional: false });
    await run(standing.name);
    expect(await bonusesOf(unasked.playerId)).toHaveLength(1);
    expect(await bonusesOf(excluded.playerId)).toHaveLength(0);
  });

  it('pays each player once per period: the job run twice, and by two nodes at once', async () => {
    const def = await programme();
    const players = await Promise.all([player(10_000n), player(10_000n), player(10_000n)]);
    for (const p of players) await round(p.wallet, 1_000, 0);

    // Two nodes racing on the database (a real PostgreSQL makes them truly concurrent), with small batches.
    const runs = await Promise.all([
      runCashback(server.ctx, DEFAULT_BONUS_RULES, { now: payday, definition: def.name, batch: 1 }),
      runCashback(server.ctx, DEFAULT_BONUS_RULES, { now: payday, definition: def.name, batch: 1 }),
    ]);
    const issued = runs.reduce((n, r) => n + r.runs[0]!.issued, 0);
    const withBonus = (
      await server.ctx.db.select().from(cashbackPayouts).where(eq(cashbackPayouts.definitionId, def.id))
    ).filter((row) => row.bonusId !== null);
    expect(issued).toBe(withBonus.length);
    expect(new Set(withBonus.map((row) => row.bonusId)).size).toBe(withBonus.length);
    // Run again, and again later in the week after: nothing more for that week.
    await run(def.name);
    await run(def.name, new Date(payday.getTime() + 3 * 86_400_000));
    for (const p of players) {
      const bonuses = await bonusesOf(p.playerId);
      expect(bonuses).toHaveLength(1);
      expect(bonuses[0]!.amountMinor).toBe(100n);
      await audit(p.account.id);
    }
    const ours = new Set(players.map((p) => p.playerId));
    const rows = await server.ctx.db
      .select()
      .from(cashbackPayouts)
      .where(and(eq(cashbackPayouts.definitionId, def.id), eq(cashbackPayouts.periodStart, thisWeek.start)));
    expect(rows.filter((row) => ours.has(row.playerId))).toHaveLength(3);
    expect(rows.length).toBe(withBonus.length + rows.filter((row) => row.bonusId === null).length);
  });

  it('pays once even without the lease: the unique payout row decides between racing runs', async () => {
    const def = await programme();
    const { playerId, wallet } = await player(10_000n);
    await round(wallet, 1_000, 0);
    // Ten runs at once, none waiting for another: the payout row inserted first makes it once.
    const runs = await Promise.all(
      Array.from({ length: 10 }, () =>
        runCashback(server.ctx, DEFAULT_BONUS_RULES, { now: payday, definition: def.name, lease: false }),
      ),
    );
    expect(runs.every((r) => r.runs[0]!.failed === 0 && !r.runs[0]!.busy)).toBe(true);
    expect(await bonusesOf(playerId)).toHaveLength(1);
  });

  it('is run by operators: cashback run, with a period start that must begin an ended week', async () => {
    const def = await programme();
    const { playerId, wallet } = await player(10_000n);
    await round(wallet, 4_000, 0);
    const notMonday = await opsCall(server, 'bonus', { action: 'cashback', periodStart: '2026-11-25' });
    expect(notMonday.statusCode).toBe(422);
    const notEnded = await opsCall(server, 'bonus', { action: 'cashback', periodStart: thisWeek.start });
    expect(notEnded.statusCode).toBe(422);
    // The last ended week (nothing played then by this player): runs, issues nothing to them.
    const ok = await opsCall(server, 'bonus', { action: 'cashback' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.message).toContain(def.name);
    expect(await bonusesOf(playerId)).toHaveLength(0);
  });

  it('answers 401 without a session and 422 for a bad currency', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/game/bonuses/cashback' })).statusCode).toBe(401);
    const { token } = await player(0n);
    expect((await get(token, '/api/game/bonuses/cashback?currency=eur%00')).status).toBe(422);
    expect((await get(token, `/api/game/bonuses/cashback?currency=${'E'.repeat(5000)}`)).status).toBe(422);
  });
});
