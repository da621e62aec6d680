import type { BonusResult, BonusStatus, ValueOf } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { players } from '../player/tables.ts';
import { walletAccounts } from '../wallet/tables.ts';

/**
 * What an operator offers: amounts per currency (minor units), the wagering rule (multiplier, each game
 * type's share of a stake, games excluded), the largest stake while it is active and the most that
 * turns real on completion. A player's bonus copies the rule when it is issued, so a later edit never
 * changes a bonus already given.
 */
export const bonusDefinitions = pgTable('bonus_definitions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  enabled: boolean('enabled').notNull().default(true),
  amounts: jsonb('amounts').$type<Record<string, number>>().notNull(),
  wagerMultiplier: integer('wager_multiplier').notNull(),
  maxBet: jsonb('max_bet').$type<Record<string, number>>().notNull().default({}),
  maxConversion: jsonb('max_conversion').$type<Record<string, number>>().notNull().default({}),
  contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
  excludedGames: uuid('excluded_games')
    .array()
    .notNull()
    .default(sql`'{}'`),
  activationDays: integer('activation_days').notNull(),
  wageringDays: integer('wagering_days').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A bonus given to a player in one currency. Its money is on the account (bonus balance) only while
 * it is active, at most one per account (the partial unique index). `wagerProgressMinor` only grows
 * by settled stakes (bonus/sql/wagering.sql); the ledger entries that moved its money name it.
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => walletAccounts.id),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => bonusDefinitions.id),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    /** BonusStatus: 1 issued, 2 active, 3 finished. */
    status: integer('status').$type<ValueOf<typeof BonusStatus>>().notNull().default(1),
    /** BonusResult: 1 while issued or active; 2 wagered, 3 cancelled, 4 expired, 5 lost. */
    result: integer('result').$type<ValueOf<typeof BonusResult>>().notNull().default(1),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    wagerMultiplier: integer('wager_multiplier').notNull(),
    wagerRequiredMinor: bigint('wager_required_minor', { mode: 'bigint' }).notNull(),
    wagerProgressMinor: bigint('wager_progress_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    maxBetMinor: bigint('max_bet_minor', { mode: 'bigint' }),
    maxConversionMinor: bigint('max_conversion_minor', { mode: 'bigint' }),
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
    excludedGames: uuid('excluded_games')
      .array()
      .notNull()
      .default(sql`'{}'`),
    wageringDays: integer('wagering_days').notNull(),
    /** What the bonus's end moved: bonus money made real (wagered) or removed (cancelled, expired). */
    convertedMinor: bigint('converted_minor', { mode: 'bigint' }),
    forfeitedMinor: bigint('forfeited_minor', { mode: 'bigint' }),
    /** Who issued it: `ops`, or later a deposit, a code, cashback. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activationExpiresAt: timestamp('activation_expires_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    wageringExpiresAt: timestamp('wagering_expires_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('player_bonuses_player_idx').on(t.playerId, t.status),
    uniqueIndex('player_bonuses_one_active_idx')
      .on(t.accountId)
      .where(sql`status = 2`),
  ],
);

export type PlayerBonusRow = typeof playerBonuses.$inferSelect;
