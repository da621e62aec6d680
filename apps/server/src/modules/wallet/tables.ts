import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { players } from '../player/tables.ts';

/** Balances are integer minor units of the account's currency; the database refuses negatives. */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    currency: text('currency').notNull(),
    realBalance: bigint('real_balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bonusBalance: bigint('bonus_balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    lockedBalance: bigint('locked_balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    isActive: boolean('is_active').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_accounts_player_currency_key').on(t.playerId, t.currency),
    uniqueIndex('wallet_accounts_one_active_key')
      .on(t.playerId)
      .where(sql`is_active`),
    check('wallet_accounts_real_non_negative', sql`${t.realBalance} >= 0`),
    check('wallet_accounts_bonus_non_negative', sql`${t.bonusBalance} >= 0`),
    check('wallet_accounts_locked_non_negative', sql`${t.lockedBalance} >= 0`),
  ],
);

/**
 * One row per balance change, written in the same transaction as the balance update.
 * The idempotency key makes every change happen at most once; `requestHash` tells a replay
 * (same key, same request) from a conflicting duplicate (same key, different request).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => walletAccounts.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    kind: text('kind').notNull(),
    realDelta: bigint('real_delta', { mode: 'bigint' }).notNull(),
    bonusDelta: bigint('bonus_delta', { mode: 'bigint' }).notNull(),
    lockedDelta: bigint('locked_delta', { mode: 'bigint' }).notNull(),
    realAfter: bigint('real_after', { mode: 'bigint' }).notNull(),
    bonusAfter: bigint('bonus_after', { mode: 'bigint' }).notNull(),
    lockedAfter: bigint('locked_after', { mode: 'bigint' }).notNull(),
    reference: jsonb('reference').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The other side of the entry (docs/books.md): `casino:<aggregator>/<provider>`,
     * `sports:<aggregator>/<provider>`, `psp:<provider>/<method>`, `bonus:<source>`, `adjustment`, or
     * `internal` (between the player's own funds). wallet_house_account names the house account each
     * fund's leg goes to; the entry's legs sum to zero.
     */
    counterparty: text('counterparty').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    // The daily close reads a day of entries; a block range index costs next to nothing per insert.
    index('ledger_entries_created_brin').using('brin', t.createdAt),
  ],
);

/**
 * The books of one closed UTC day, per currency and account (player funds as `player:<fund>` with the
 * wallet account; house accounts by code): what each account moved that day and its closing balance.
 * Only accounts that moved have a row; an account's balance on a day is its latest closing on or before.
 */
export const ledgerDayBalances = pgTable(
  'ledger_day_balances',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    account: text('account').notNull(),
    /** The wallet account of a player's fund; the nil uuid for a house account. */
    walletAccountId: uuid('wallet_account_id').notNull(),
    opening: bigint('opening', { mode: 'bigint' }).notNull(),
    debits: bigint('debits', { mode: 'bigint' }).notNull(),
    credits: bigint('credits', { mode: 'bigint' }).notNull(),
    closing: bigint('closing', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.currency, t.account, t.walletAccountId] }),
    index('ledger_day_balances_account_idx').on(t.currency, t.account, t.walletAccountId, t.day),
  ],
);

/**
 * A closed day per currency: the trial balance (Σ of every account's closing, zero when the books
 * balance), the players' liability by fund, and the entries it counted (a re-close that finds another
 * count tells of an entry committed into a closed day).
 */
export const ledgerDayCloses = pgTable(
  'ledger_day_closes',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    trialBalance: bigint('trial_balance', { mode: 'bigint' }).notNull(),
    liabilityReal: bigint('liability_real', { mode: 'bigint' }).notNull(),
    liabilityBonus: bigint('liability_bonus', { mode: 'bigint' }).notNull(),
    liabilityLocked: bigint('liability_locked', { mode: 'bigint' }).notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    /** Player accounts whose wallet balance differs from the sum of their legs (zero when sound). */
    accountsOff: bigint('accounts_off', { mode: 'number' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency] })],
);

/**
 * Play per account and UTC day, written by every bet, win and rollback in the statement that moves
 * the money (wallet_count_play): what limits, the turnover gate and bonus wagering read instead of
 * scanning play. Stakes are net of rollbacks (counted on the bet's day); `at_risk` is the turnover
 * rule's min(stake, |win − stake|) of each round, counted on the day it closed.
 */
export const walletPlayCounts = pgTable(
  'wallet_play_counts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => walletAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    stakeReal: bigint('stake_real', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    stakeBonus: bigint('stake_bonus', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winReal: bigint('win_real', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winBonus: bigint('win_bonus', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    atRisk: bigint('at_risk', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  // The day index serves the windows over days (cashback, the alerts' weekly losses); a bet's update
  // leaves `day` alone, so it stays a HOT update.
  (t) => [primaryKey({ columns: [t.accountId, t.day] }), index('wallet_play_counts_day_idx').on(t.day)],
);
