import type { BonusCodeRefusal, BonusResult, BonusStatus, ValueOf } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  date,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { games } from '../game/tables.ts';
import { players } from '../player/tables.ts';
import { walletAccounts } from '../wallet/tables.ts';

/**
 * What an operator offers: amounts per currency (minor units), the wagering rule (multiplier, each game
 * type's share of a stake, games excluded), the largest stake while it is active and the most that
 * turns real on completion. A player's bonus copies the rule when it is issued, so a later edit never
 * changes a bonus already given.
 */
/** A welcome package: deposit bonuses and free spins offered together, in `packagePriority` order. */
export const bonusPackages = pgTable('bonus_packages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which deposits trigger a deposit bonus (contracts `BonusDefinition.triggerConditions`), minor units. */
export type BonusTriggerConditions = {
  invoiceAmountItems: { currency: string; amountFrom: number; amountTo?: number | null }[];
  baseCurrencyInvoiceAmountFrom: number | null;
  baseCurrencyInvoiceAmountTo: number | null;
};

export const bonusDefinitions = pgTable('bonus_definitions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** The name in other locales (`de`, `pt-br`); the site shows `name` for a locale not named. */
  names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
  enabled: boolean('enabled').notNull().default(true),
  /** Contracts `constants.game.bonus.type`: 1 fixed cash, 2 a percentage of the deposit, 3 free spins. */
  type: integer('type').notNull().default(1),
  /** Fixed cash per currency (type 1); for type 2 and cashback, unused (`{}`). */
  amounts: jsonb('amounts').$type<Record<string, number>>().notNull(),
  /** Type 2: the share of the deposit given, in percent, capped per currency by `maxAmounts`. */
  depositPercentage: integer('deposit_percentage'),
  maxAmounts: jsonb('max_amounts').$type<Record<string, number>>().notNull().default({}),
  /** A deposit bonus: the deposits that trigger it (null: issued by an operator, a code or cashback). */
  triggerConditions: jsonb('trigger_conditions').$type<BonusTriggerConditions>(),
  /** Type 3: how many spins, on which game, at what stake per currency (minor units). */
  freespinCount: integer('freespin_count'),
  freespinGameId: uuid('freespin_game_id').references(() => games.id),
  freespinStakes: jsonb('freespin_stakes').$type<Record<string, number>>().notNull().default({}),
  /** Cashback: this percentage of a period's net real-money losses, issued as this bonus. */
  cashbackPercentage: integer('cashback_percentage'),
  /** Cashback period: `week` (Monday to Sunday, UTC) or `day`. */
  cashbackPeriod: text('cashback_period'),
  packageId: uuid('package_id').references(() => bonusPackages.id),
  packagePriority: integer('package_priority').notNull().default(0),
  /** A promotion (respects the player's `receiveBonus` consent); cashback and codes typed by the player count as asked for. */
  promotional: boolean('promotional').notNull().default(true),
  /** At most one per person: never to a player who, or a linked account of whom, had it (one-per-person.ts). */
  onePerPerson: boolean('one_per_person').notNull().default(false),
  availableFrom: timestamp('available_from', { withTimezone: true }),
  availableTo: timestamp('available_to', { withTimezone: true }),
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
    /** Who issued it: `ops`, `deposit`, `code`, `cashback`, `freespins` (their winnings), `demo`. */
    source: text('source').notNull(),
    /** The deposit that triggered it: one bonus per invoice. */
    invoiceId: uuid('invoice_id'),
    /** The player's code use that issued it. */
    codeUseId: uuid('code_use_id'),
    packageId: uuid('package_id'),
    packagePriority: integer('package_priority').notNull().default(0),
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
    uniqueIndex('player_bonuses_invoice_idx')
      .on(t.invoiceId)
      .where(sql`invoice_id IS NOT NULL`),
    // Deposit bonuses waiting for activation: every stake asks whether its account has one (it lapses).
    index('player_bonuses_waiting_deposit_idx')
      .on(t.accountId)
      .where(sql`status = 1 AND invoice_id IS NOT NULL`),
  ],
);

/**
 * Free spins given to a player: `count` spins at `stakeMinor` on one game. Activation grants them to the
 * game's provider under `grantId`; each spin's win names the grant and adds to `winMinor`; the winnings
 * are bonus money with the definition's wagering.
 */
export const playerFreespins = pgTable(
  'player_freespins',
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
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id),
    count: integer('count').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    winMinor: bigint('win_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** FreespinStatus: 1 issued, 2 active, 3 finished; FreespinResult: 1, 2 played, 3 cancelled, 4 expired. */
    status: integer('status').notNull().default(1),
    result: integer('result').notNull().default(1),
    /** What the provider knows the grant by (a win names it as its promotion id). */
    grantId: text('grant_id').notNull().unique(),
    /** The bonus the winnings became, once the spins are played. */
    bonusId: uuid('bonus_id').references(() => playerBonuses.id),
    source: text('source').notNull(),
    invoiceId: uuid('invoice_id'),
    codeUseId: uuid('code_use_id'),
    packageId: uuid('package_id'),
    packagePriority: integer('package_priority').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activationExpiresAt: timestamp('activation_expires_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('player_freespins_player_idx').on(t.playerId, t.status),
    uniqueIndex('player_freespins_invoice_idx')
      .on(t.invoiceId)
      .where(sql`invoice_id IS NOT NULL`),
  ],
);

/** A code players type to get a bonus (stored upper-case): limits in total, per player, by date, currency, country. */
export const bonusCodes = pgTable('bonus_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  definitionId: uuid('definition_id')
    .notNull()
    .references(() => bonusDefinitions.id),
  enabled: boolean('enabled').notNull().default(true),
  maxUses: integer('max_uses'),
  maxUsesPerPlayer: integer('max_uses_per_player').notNull().default(1),
  uses: integer('uses').notNull().default(0),
  currencies: text('currencies')
    .array()
    .notNull()
    .default(sql`'{}'`),
  countries: text('countries')
    .array()
    .notNull()
    .default(sql`'{}'`),
  availableFrom: timestamp('available_from', { withTimezone: true }),
  availableTo: timestamp('available_to', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A code a player typed (contracts `BonusCode`): `trigger` 1 bonuses page, 2 registration, 3 deposit;
 * status 1 accepted (waiting for its trigger, e.g. the next deposit), 2 used, 3 incorrect, 4 not available.
 */
export const playerBonusCodes = pgTable(
  'player_bonus_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    codeId: uuid('code_id').references(() => bonusCodes.id),
    bonusCode: text('bonus_code').notNull(),
    trigger: integer('trigger').notNull(),
    status: integer('status').notNull(),
    result: integer('result').notNull().default(1),
    /** With status 4, why, when the player can be told (already used, one per person). */
    reason: text('reason').$type<BonusCodeRefusal>(),
    invoiceId: uuid('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('player_bonus_codes_player_idx').on(t.playerId, t.trigger, t.status)],
);

/** Cashback paid: one row per program, account and period, written by the job that issues it (exactly once). */
export const cashbackPayouts = pgTable(
  'cashback_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => bonusDefinitions.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => walletAccounts.id),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    netLossMinor: bigint('net_loss_minor', { mode: 'bigint' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    bonusId: uuid('bonus_id').references(() => playerBonuses.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('cashback_payouts_once').on(t.definitionId, t.accountId, t.periodStart)],
);

export type PlayerBonusRow = typeof playerBonuses.$inferSelect;
