import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  EVENT_VERSIONS,
  eventPayloadProblem,
  bonusDefinitionInputSchema,
  loyaltyAccountSchema,
  loyaltyLevelSchema,
  type EventMap,
  type LoyaltyAccount,
} from '@casino/contracts';
import { rowsOf } from '../../../db/rows.ts';
import { atomic } from '../../../db/atomic.ts';
import { withTransaction, type OutboxRow } from '../../../outbox/index.ts';
import { createTestServer, opsCall, type TestServer } from '../../../test/server.ts';
import { bearer, register } from '../../player/__tests__/helpers.ts';
import { createGame, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { accountIn } from '../../wallet/index.ts';
import { postEntry } from '../../wallet/index.ts';
import { createDefinition, DEFAULT_BONUS_RULES } from '../../bonus/index.ts';
import { playerBonuses } from '../../bonus/tables.ts';
import { players } from '../../player/tables.ts';
import { accountOf, awardPoints } from '../service.ts';
import { payLevelRewards, settledBatch } from '../lane.ts';
import { replaceLevels, setRate } from '../service.ts';
import { loyaltyAccounts, loyaltyLevelRewards, loyaltyPointEntries } from '../tables.ts';

let server: TestServer;
const REWARD = `Loyalty test reward ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  server = await createTestServer({ GAME_MIN_SPIN_MS: '0', TURNOVER_MULTIPLIER: '0' });
  await createDefinition(
    server.ctx.db,
    bonusDefinitionInputSchema.parse({ name: REWARD, amounts: { EUR: 300 }, wagerMultiplier: 2 }),
    async () => null,
  );
  await atomic(server.ctx.db, (tx) =>
    replaceLevels(tx, [
      { name: 'Bronze', points: 0 },
      { name: 'Silver', points: 5 },
      { name: 'Gold', points: 20, rewardBonus: REWARD },
      { name: 'Platinum', points: 100 },
    ]),
  );
  await setRate(server.ctx.db, 'slots', 1, 100n);
  await setRate(server.ctx.db, 'crash', 1, 100n);
  await setRate(server.ctx.db, 'dice', 1, 200n);
  await server.ctx.db.execute(sql`delete from loyalty_rates where game_type = 'roulette'`);
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let lastAddress = 0;
const get = async (url: string, token?: string) => {
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: token ? bearer(token) : {},
    remoteAddress: `10.47.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`,
  });
  return { status: res.statusCode, json: res.json() as Json };
};

async function player(receiveBonus = true) {
  const { auth } = await register(server.app, { locale: 'en', receiveBonus });
  const token = auth.accessToken as string;
  const playerId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  return { token, playerId };
}

let rowId = 0;
/** A `game.bet.settled` row as the lane receives it. */
function settled(
  playerId: string,
  gameType: string | null,
  real: number,
  bonus = 0,
  roundId = randomUUID(),
  currency = 'EUR',
): OutboxRow<'game.bet.settled'> {
  return {
    id: ++rowId,
    tx: '1',
    v: 1,
    event: 'game.bet.settled',
    createdAt: new Date(),
    payload: {
      playerId,
      accountId: randomUUID(),
      gameId: randomUUID(),
      gameType,
      roundId,
      currency,
      stake: { real: String(real), bonus: String(bonus) },
      win: { real: '0', bonus: '0' },
      platform: 1,
      country: 'DE',
    },
  };
}

const batch = (rows: OutboxRow<'game.bet.settled'>[]) => withTransaction(server.ctx, (tx) => settledBatch(rows, tx));

const points = async (playerId: string) =>
  (await server.ctx.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, playerId)))[0]?.points ?? 0n;

type Updated = EventMap['loyalty.account.updated'];
const eventsOf = async (playerId: string) =>
  (
    await rowsOf<{ payload: Updated }>(
      server.ctx.db,
      sql`select payload from outbox where event = 'loyalty.account.updated' and payload->>'playerId' = ${playerId} order by id`,
    )
  ).map((r) => r.payload);

describe('levels and account', () => {
  it('lists the levels to guests in order, and the other way round', async () => {
    const res = await get('/api/retention/levels?sortBy=order&sortOrder=asc');
    expect(res.status).toBe(200);
    expect(res.json.data.map((l: Json) => l.name)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum']);
    for (const level of res.json.data) loyaltyLevelSchema.parse(level);
    expect(res.json.data[1]).toMatchObject({ order: 2, points: 5 });
    expect(res.json.meta).toMatchObject({ page: 1, totalRows: 4 });
    const desc = await get('/api/retention/levels?sortBy=order&sortOrder=desc&perPage=2');
    expect(desc.json.data.map((l: Json) => l.name)).toEqual(['Platinum', 'Gold']);
    expect(desc.json.meta).toMatchObject({ perPage: 2, totalPages: 2 });
  });

  it('refuses a bad query with 422', async () => {
    for (const query of ['sortBy=name', 'sortOrder=up', 'perPage=0', 'color=red']) {
      const res = await get(`/api/retention/levels?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.json.error.code).toBeTypeOf('number');
    }
  });

  it("answers the player's account (opened at the first level) and 401 for a guest", async () => {
    expect((await get('/api/retention/account')).status).toBe(401);
    const { token, playerId } = await player();
    const res = await get('/api/retention/account', token);
    expect(res.status).toBe(200);
    const account = loyaltyAccountSchema.parse(res.json.data);
    expect(account).toMatchObject({ playerId, points: 0, currentLevel: { name: 'Bronze', order: 1, points: 0 } });
    expect(account.nextLevel).toMatchObject({ name: 'Silver', points: 5 });
  });

  it('lists the earning rates to guests', async () => {
    const res = await get('/api/retention/rates');
    expect(res.status).toBe(200);
    expect(res.json.data).toContainEqual({ gameType: 'slots', points: 1, perAmount: 1, currency: 'EUR' });
    expect(res.json.data).toContainEqual({ gameType: 'dice', points: 1, perAmount: 2, currency: 'EUR' });
  });
});

describe('points from settled rounds', () => {
  it('counts real stakes only, at each game type’s rate', async () => {
    const { token, playerId } = await player();
    await batch([
      settled(playerId, 'slots', 300), // €3 at slots: 3 points
      settled(playerId, 'slots', 0, 500), // bonus money: none
      settled(playerId, 'slots', 100, 400), // the real part only: 1
      settled(playerId, 'dice', 300), // 1 per €2: 1 (floored)
      settled(playerId, 'roulette', 10_000), // no rate: none
      settled(playerId, null, 10_000), // no type: none
      settled(playerId, 'crash', 50), // €0.50: under a point
    ]);
    expect(await points(playerId)).toBe(5n);
    const res = await get('/api/retention/account', token);
    expect(res.json.data).toMatchObject({ points: 5, currentLevel: { name: 'Silver' }, nextLevel: { name: 'Gold' } });
    const events = await eventsOf(playerId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ change: 'level', previousOrder: 1, points: '5', levelOrder: 2 });
  });

  it('converts another currency to the base currency', async () => {
    const { playerId } = await player();
    await batch([settled(playerId, 'slots', 100_000, 0, randomUUID(), 'BTC')]); // 1 mBTC, worth far more than €1
    expect(await points(playerId)).toBeGreaterThan(1n);
  });

  it('counts a replayed batch once: the same rounds move nothing the second time', async () => {
    const { playerId } = await player();
    const other = await player();
    const rows = [
      settled(playerId, 'slots', 200),
      settled(playerId, 'slots', 100),
      settled(other.playerId, 'slots', 100),
    ];
    expect(await batch(rows)).toBe(3);
    expect(await batch(rows)).toBe(0);
    // Overlapping: one new round among the replayed ones.
    expect(await batch([...rows, settled(playerId, 'slots', 100)])).toBe(1);
    expect(await points(playerId)).toBe(4n);
    expect(await points(other.playerId)).toBe(1n);
    expect(await eventsOf(playerId)).toHaveLength(2);
    const entries = await server.ctx.db
      .select()
      .from(loyaltyPointEntries)
      .where(eq(loyaltyPointEntries.playerId, playerId));
    expect(entries.map((e) => e.sourceKey).every((k) => k.startsWith('round:'))).toBe(true);
    expect(entries).toHaveLength(3);
  });

  it('the header shows points credited on its very next read, though it read the account before', async () => {
    const { token, playerId } = await player();
    const shown = async () => loyaltyAccountSchema.parse((await get('/api/retention/account', token)).json.data);
    expect(await shown()).toMatchObject({ points: 0, currentLevel: { name: 'Bronze' } });
    await withTransaction(server.ctx, (tx) =>
      awardPoints(tx, { playerId, points: 6n, sourceKey: `header:${playerId}` }),
    );
    expect(await shown()).toMatchObject({ points: 6, currentLevel: { name: 'Silver' }, nextLevel: { name: 'Gold' } });
  });

  it('awardPoints counts each source key once', async () => {
    const { playerId } = await player();
    const award = { playerId, points: 7n, sourceKey: `quest:${randomUUID()}:1` };
    expect(await withTransaction(server.ctx, (tx) => awardPoints(tx, award))).toBe(true);
    expect(await withTransaction(server.ctx, (tx) => awardPoints(tx, award))).toBe(false);
    expect(await withTransaction(server.ctx, (tx) => awardPoints(tx, { ...award, points: 0n, sourceKey: 'x' }))).toBe(
      false,
    );
    expect(await points(playerId)).toBe(7n);
  });
});

describe('push', () => {
  it('publishes account.level.updated on a new level, else account.balance.updated, on retention:accounts', async () => {
    const [publish] = server.ctx.outboxConsumers.publishersOf('loyalty.account.updated');
    const { playerId } = await player();
    await batch([settled(playerId, 'slots', 600)]);
    await batch([settled(playerId, 'slots', 100)]);
    const [levelled, balance] = await eventsOf(playerId);
    const row = (payload: Updated) => ({
      id: 1,
      tx: '1',
      v: 1,
      event: 'loyalty.account.updated' as const,
      payload,
      createdAt: new Date(),
    });
    const tx = server.ctx.db as never;
    const [account] = await server.ctx.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, playerId));
    expect(levelled).toMatchObject({ accountId: account!.id, change: 'level', points: '6', levelOrder: 2 });
    expect(await publish!(row(levelled!), tx)).toEqual([
      {
        channel: `retention:accounts#${playerId}`,
        payload: {
          event: 'account.level.updated',
          playerAccount: expect.objectContaining({
            id: account!.id,
            points: 6,
            currentLevel: expect.objectContaining({ name: 'Silver', order: 2 }),
          }),
        },
      },
    ]);
    // The push shows the account as GET /api/retention/account does.
    expect((await publish!(row(balance!), tx))[0]!.payload).toEqual({
      event: 'account.balance.updated',
      playerAccount: await accountOf(server.ctx.db, playerId),
    });
  });

  it('reads a row of the first shape (the wire account) as the facts it showed', async () => {
    const { playerId } = await player();
    await batch([settled(playerId, 'slots', 600)]);
    const [facts] = await eventsOf(playerId);
    const wire = await accountOf(server.ctx.db, playerId);
    const first = { playerId, change: facts!.change, previousOrder: facts!.previousOrder, account: wire };
    const old = {
      id: 1,
      tx: '1',
      v: 1,
      event: 'loyalty.account.updated' as const,
      payload: first,
      createdAt: new Date(),
    };
    const read = await server.ctx.outboxConsumers.current(old as never, server.ctx.db as never);
    expect(read.v).toBe(EVENT_VERSIONS['loyalty.account.updated']);
    expect(eventPayloadProblem('loyalty.account.updated', read.payload)).toBeNull();
    expect(read.payload).toEqual({ ...facts, updatedAt: wire.updatedAt, createdAt: wire.createdAt });
  });

  it('two awards racing across a level: one level change, the points of both', async () => {
    const { playerId } = await player();
    await withTransaction(server.ctx, (tx) => awardPoints(tx, { playerId, points: 15n, sourceKey: 'race:0' }));
    await Promise.all(
      [1, 2, 3].map((n) =>
        withTransaction(server.ctx, (tx) => awardPoints(tx, { playerId, points: 5n, sourceKey: `race:${n}` })),
      ),
    );
    expect(await points(playerId)).toBe(30n);
    const changes = (await eventsOf(playerId)).map((e) => e.change);
    expect(changes.filter((c) => c === 'level')).toHaveLength(2); // Bronze → Silver, then Silver → Gold once
  });
});

describe('level rewards', () => {
  const bonusesOf = (playerId: string) =>
    server.ctx.db
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.source, 'loyalty')));
  const rewardRows = (playerId: string) =>
    server.ctx.db.select().from(loyaltyLevelRewards).where(eq(loyaltyLevelRewards.playerId, playerId));
  /** A change from Bronze to Gold as the event tells it, written by no one (the lane never sees it). */
  const toGold = (playerId: string) => ({ playerId, previousOrder: 1, levelOrder: 3 });

  it('the loyalty lane pays the reward of a level reached, once', async () => {
    const { playerId } = await player();
    await batch([settled(playerId, 'slots', 2_500)]);
    const change = (await eventsOf(playerId)).at(-1)!;
    expect(change).toMatchObject({ change: 'level', previousOrder: 1, levelOrder: 3, points: '25' });
    let rows: Awaited<ReturnType<typeof rewardRows>> = [];
    for (let i = 0; i < 50 && !rows[0]?.result.startsWith('bonus:'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await rewardRows(playerId);
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]!.result).toMatch(/^bonus:/);
    const bonuses = await bonusesOf(playerId);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ name: REWARD, amountMinor: 300n, currency: 'EUR', status: 1 });
    // The event delivered again: nothing more.
    expect(await withTransaction(server.ctx, (tx) => payLevelRewards(tx, DEFAULT_BONUS_RULES, change))).toEqual([]);
    expect(await bonusesOf(playerId)).toHaveLength(1);
  });

  it('pays a level reward once when raced', async () => {
    const { playerId } = await player();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        withTransaction(server.ctx, (tx) => payLevelRewards(tx, DEFAULT_BONUS_RULES, toGold(playerId))),
      ),
    );
    expect(results.flat()).toHaveLength(1);
    expect(results.flat()[0]).toMatch(/^bonus:/);
    expect(await bonusesOf(playerId)).toHaveLength(1);
    expect(await rewardRows(playerId)).toHaveLength(1);
  });

  it('withholds the reward of a player without consent to promotions (once)', async () => {
    const { playerId } = await player(false);
    const [result] = await withTransaction(server.ctx, (tx) =>
      payLevelRewards(tx, DEFAULT_BONUS_RULES, toGold(playerId)),
    );
    expect(result).toMatch(/^withheld/);
    expect(await bonusesOf(playerId)).toHaveLength(0);
    expect((await rewardRows(playerId))[0]?.result).toMatch(/^withheld/);
    await server.ctx.db.update(players).set({ receiveBonus: true }).where(eq(players.id, playerId));
    expect(
      await withTransaction(server.ctx, (tx) => payLevelRewards(tx, DEFAULT_BONUS_RULES, toGold(playerId))),
    ).toEqual([]);
  });

  it('records a reward the bonus engine refuses', async () => {
    const { playerId } = await player();
    await server.ctx.db.update(players).set({ currency: 'BTC' }).where(eq(players.id, playerId));
    const [result] = await withTransaction(server.ctx, (tx) =>
      payLevelRewards(tx, DEFAULT_BONUS_RULES, toGold(playerId)),
    );
    expect(result).toMatch(/^refused: .*not offered in BTC/);
    expect(await bonusesOf(playerId)).toHaveLength(0);
  });
});

describe('through the money path', () => {
  it('real-money rounds at a slot earn points through the loyalty lane', async () => {
    const { token, playerId } = await player();
    const game = await createGame(server.ctx.db, { type: 'slots' });
    const account = (await accountIn(server.ctx.db, playerId, 'EUR'))!;
    await postEntry(server.ctx.db, {
      accountId: account.id,
      idempotencyKey: `fund:${account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: 5_000n,
    });
    const session = await openSession(server.ctx, { playerId, accountId: account.id, gameId: game.id });
    const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
    for (let i = 0; i < 3; i++) {
      const roundId = txId('r');
      expect(
        (await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId, amount: 200 })).status,
      ).toBe(200);
      expect(
        (await walletCall(server, 'win', { ...wallet, transactionId: txId('w'), roundId, amount: 0, closeRound: true }))
          .status,
      ).toBe(200);
    }
    let account2: LoyaltyAccount | null = null;
    for (let i = 0; i < 50 && account2?.points !== 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      account2 = (await get('/api/retention/account', token)).json.data as LoyaltyAccount;
    }
    expect(account2).toMatchObject({ points: 6, currentLevel: { name: 'Silver' } });
  });

  it('the operator commands list and set levels and rates and show an account', async () => {
    const { playerId } = await player();
    await withTransaction(server.ctx, (tx) => awardPoints(tx, { playerId, points: 30n, sourceKey: 'ops-test' }));
    const levels = await opsCall(server, 'loyalty', { action: 'levels' });
    expect(levels.json().data.message).toContain('3. Gold  from 20 points  reward');
    const rate = await opsCall(server, 'loyalty', { action: 'rates-set', gameType: 'crash', points: 2, perMinor: 100 });
    expect(rate.statusCode).toBe(200);
    expect((await opsCall(server, 'loyalty', { action: 'rates' })).json().data.message).toContain(
      'crash  2 point(s) per 1 EUR',
    );
    const shown = await opsCall(server, 'loyalty', { action: 'account', player: playerId });
    expect(shown.json().data.message).toContain('30 points, level 3 "Gold"');
    const bad = await opsCall(server, 'loyalty', {
      action: 'levels-set',
      levels: [{ name: 'A', points: 5 }],
    });
    expect(bad.statusCode).toBe(422);
  });

  it('levels set replaces the levels, keeps those whose rewards were paid, and sets every account again', async () => {
    const { playerId } = await player();
    await withTransaction(server.ctx, (tx) => awardPoints(tx, { playerId, points: 12n, sourceKey: 'levels-set' }));
    // Gold's reward was paid above: Gold cannot go.
    const refused = await opsCall(server, 'loyalty', {
      action: 'levels-set',
      levels: [
        { name: 'Bronze', points: 0 },
        { name: 'Silver', points: 5 },
      ],
    });
    expect(refused.statusCode).toBe(409);
    const set = await opsCall(server, 'loyalty', {
      action: 'levels-set',
      levels: [
        { name: 'Bronze', points: 0 },
        { name: 'Silver', points: 5 },
        { name: 'Emerald', points: 10 },
        { name: 'Gold', points: 20, rewardBonus: REWARD },
        { name: 'Platinum', points: 100 },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await get('/api/retention/levels');
    expect(res.json.data.map((l: Json) => `${l.order}:${l.name}:${l.points}`)).toEqual([
      '1:Bronze:0',
      '2:Silver:5',
      '3:Emerald:10',
      '4:Gold:20',
      '5:Platinum:100',
    ]);
    const [row] = await server.ctx.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, playerId));
    expect(row!.levelId).toBe(res.json.data[2].id);
  });
});
