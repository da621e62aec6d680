import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LimitDefinition } from '@casino/contracts';
import type { Database } from '../../../db/client.ts';
import { createTestDatabase } from '../../../test/server.ts';
import { createPlayer } from '../../wallet/__tests__/factories.ts';
import { playerLimits } from '../tables.ts';
import { activeExclusion, assertMayPlay, moneyLimitsInEffect, periodStarts, setMoneyLimit } from '../index.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('periodStart', () => {
  it('starts UTC calendar periods: the day, the week on Monday, the month', async () => {
    const periodStart = async (period: 'daily' | 'weekly' | 'monthly', now: Date) =>
      (await periodStarts(database.db, now))[period];
    const sunday = new Date('2026-03-15T23:30:00Z');
    expect((await periodStart('daily', sunday)).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect((await periodStart('weekly', sunday)).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect((await periodStart('weekly', new Date('2026-03-09T00:00:00Z'))).toISOString()).toBe(
      '2026-03-09T00:00:00.000Z',
    );
    expect((await periodStart('monthly', sunday)).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('limits in effect', () => {
  it('counts the latest started limit of a kind; a raise that starts later waits', async () => {
    const db = database.db;
    const player = await createPlayer(db);
    await setMoneyLimit(db, {
      playerId: player.id,
      type: LimitDefinition.bet,
      period: 'daily',
      currency: 'EUR',
      amountMinor: 1_000n,
    });
    const later = new Date(Date.now() + 86_400_000);
    await db.insert(playerLimits).values({
      playerId: player.id,
      type: LimitDefinition.bet,
      period: 'daily',
      currency: 'EUR',
      amountMinor: 5_000n,
      status: 2,
      startsAt: later,
    });
    expect((await moneyLimitsInEffect(db, player.id, 'EUR')).map((l) => l.amountMinor)).toEqual([1_000n]);
    expect(
      (await moneyLimitsInEffect(db, player.id, 'EUR', new Date(later.getTime() + 1))).map((l) => l.amountMinor),
    ).toEqual([5_000n]);

    // The operator's new limit replaces the old one at once.
    await setMoneyLimit(db, {
      playerId: player.id,
      type: LimitDefinition.bet,
      period: 'daily',
      currency: 'EUR',
      amountMinor: 200n,
    });
    expect((await moneyLimitsInEffect(db, player.id, 'EUR')).map((l) => l.amountMinor)).toEqual([200n]);
    expect(await moneyLimitsInEffect(db, player.id, 'USD')).toEqual([]);
  });

  it('an exclusion counts from its start until it expires', async () => {
    const db = database.db;
    const player = await createPlayer(db);
    const now = Date.now();
    await db.insert(playerLimits).values({
      playerId: player.id,
      type: LimitDefinition.coolingOff,
      startsAt: new Date(now - 2_000),
      expiresAt: new Date(now - 1_000),
    });
    expect(await activeExclusion(db, player.id)).toBeNull();
    await assertMayPlay(db, { playerId: player.id, playerStatus: 1, currency: 'EUR', betMinor: 100n });
    // Millisecond start, as the service writes it: the database's own now() has microseconds a JS Date lacks.
    await db.insert(playerLimits).values({
      playerId: player.id,
      type: LimitDefinition.selfExclusion,
      startsAt: new Date(now),
      expiresAt: new Date(now + 60_000),
    });
    await expect(
      assertMayPlay(db, { playerId: player.id, playerStatus: 1, currency: 'EUR', betMinor: 100n }),
    ).rejects.toMatchObject({ code: 14105 });
  });

  it('a player status of self-excluded or cooling-off refuses play too, and blocked is 11002', async () => {
    const player = await createPlayer(database.db);
    const check = { playerId: player.id, currency: 'EUR', betMinor: 1n };
    await expect(assertMayPlay(database.db, { ...check, playerStatus: 4 })).rejects.toMatchObject({ code: 14105 });
    await expect(assertMayPlay(database.db, { ...check, playerStatus: 5 })).rejects.toMatchObject({ code: 14105 });
    await expect(assertMayPlay(database.db, { ...check, playerStatus: 3 })).rejects.toMatchObject({ code: 11002 });
  });
});
