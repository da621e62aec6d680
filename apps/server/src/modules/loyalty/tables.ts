import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from '../player/tables.ts';

/** A level: reached at `points`, in `position` order; may carry a reward (a bonus definition's name) paid once. */
export const loyaltyLevels = pgTable('loyalty_levels', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().unique(),
  points: bigint('points', { mode: 'bigint' }).notNull(),
  rewardBonus: text('reward_bonus'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Points a settled real-money stake earns, per game type: `points` for every `perMinor` minor units of
 * the base currency staked (floored). A type without a row earns none.
 */
export const loyaltyRates = pgTable('loyalty_rates', {
  gameType: text('game_type').primaryKey(),
  points: integer('points').notNull(),
  perMinor: bigint('per_minor', { mode: 'bigint' }).notNull(),
});

export const loyaltyAccounts = pgTable('loyalty_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  playerId: uuid('player_id')
    .notNull()
    .unique()
    .references(() => players.id),
  points: bigint('points', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  levelId: uuid('level_id').references(() => loyaltyLevels.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** Every award of points, keyed by what earned it (a round, a quest reward, a prize): each counts once. */
export const loyaltyPointEntries = pgTable(
  'loyalty_point_entries',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    sourceKey: text('source_key').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.sourceKey] })],
);

/** A level's reward, paid once per player. */
export const loyaltyLevelRewards = pgTable(
  'loyalty_level_rewards',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    levelId: uuid('level_id')
      .notNull()
      .references(() => loyaltyLevels.id),
    result: text('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.levelId] })],
);
