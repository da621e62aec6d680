import type { BetStatus, Platform, ValueOf } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { players, playerSessions } from '../../player/tables.ts';
import { walletAccounts } from '../../wallet/tables.ts';
import { games } from '../catalogue/tables.ts';

/**
 * A real-money launch of one game on one account. The token is the provider's only credential for
 * the seamless-wallet API: bets need the session live, wins and rollbacks are accepted after it.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    /** The login session that launched the game: logging out stops new bets too. */
    playerSessionId: uuid('player_session_id').references(() => playerSessions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => walletAccounts.id),
    currency: text('currency').notNull(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id),
    /** 1 mobile, 2 desktop: the winners feed the session's wins go to. */
    platform: integer('platform').$type<Platform>().notNull(),
    /** Country at launch; geo rules at bet time use it. */
    country: text('country').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('game_sessions_token_key').on(t.token),
    index('game_sessions_live_idx')
      .on(t.playerId)
      .where(sql`closed_at is null`),
  ],
);

/**
 * One provider round: its bets and wins in the session's currency (minor units, net of rollbacks).
 * No foreign keys, like game_transactions and game_winners: only the wallet's SQL functions write these
 * append-only rows, with ids they copy from the session row they read (and validate) in the same call,
 * and nothing deletes the rows they name; a key check would cost a lookup on every wallet call.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').notNull(),
    playerId: uuid('player_id').notNull(),
    accountId: uuid('account_id').notNull(),
    gameId: uuid('game_id').notNull(),
    /** Round ids are the provider's, so they are unique per game provider only. */
    providerId: uuid('provider_id').notNull(),
    providerRoundId: text('provider_round_id').notNull(),
    currency: text('currency').notNull(),
    betMinor: bigint('bet_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winMinor: bigint('win_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The part of bet_minor staked from bonus money (the wallet's stake split), net of rollbacks. */
    betBonusMinor: bigint('bet_bonus_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The part of win_minor credited as bonus money. */
    winBonusMinor: bigint('win_bonus_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** BetStatus: 1 pending, 2 won, 3 lost, 4 rolled back. */
    status: integer('status').$type<ValueOf<typeof BetStatus>>().notNull().default(1),
    closed: boolean('closed').notNull().default(false),
    /**
     * The bonus that was active when the round began (null: none), for the round's whole life: only it may
     * lend the round bonus money, take its wagering, and pay back a bonus share of its win or refund, and
     * only while it is still active.
     */
    bonusId: uuid('bonus_id'),
    /**
     * The turnover rule's group of positions the round was opened in (`game_risk_positions`): rounds open
     * at the same time count their money at risk together, so bets that hedge each other count once.
     */
    riskKey: text('risk_key'),
    riskGroup: uuid('risk_group'),
    /** Copied from the session so the winners feed filters without a join. */
    platform: integer('platform').$type<Platform>().notNull(),
    country: text('country').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('game_rounds_provider_round_key').on(t.providerId, t.providerRoundId),
    index('game_rounds_player_idx').on(t.playerId, t.createdAt),
  ],
);
/**
 * The turnover rule's open positions per account: one row per account and key (`casino` for the games, or
 * `event:<id>` for sports tickets on one event) holding the group of rounds open at the same time: the
 * rounds still open and the stakes and wins of its rounds closed so far. A group's money at risk is
 * min(stakes, |wins − stakes|) of its rounds together (bets covering each other's outcomes risk only
 * what they can lose together); a round adds the group's change as it closes. A casino group takes new
 * rounds for 10 minutes from its start, so a round the provider never closes holds nothing up for long.
 */
export const gameRiskPositions = pgTable(
  'game_risk_positions',
  {
    accountId: uuid('account_id').notNull(),
    key: text('key').notNull(),
    groupId: uuid('group_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    openRounds: integer('open_rounds').notNull(),
    betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull(),
    winMinor: bigint('win_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

/**
 * Rounds that closed with a win, for the public winners feed: a small insert-only table, so that
 * closing a round changes no indexed column of `game_rounds` and its update stays a cheap (HOT) one.
 */
export const gameWinners = pgTable(
  'game_winners',
  {
    roundId: uuid('round_id').primaryKey(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    platform: integer('platform').$type<Platform>().notNull(),
    country: text('country').notNull(),
  },
  (t) => [index('game_winners_closed_idx').on(t.closedAt)],
);

export const GAME_TRANSACTION_KINDS = ['bet', 'win', 'rollback'] as const;
export type GameTransactionKind = (typeof GAME_TRANSACTION_KINDS)[number];

/**
 * What a game transaction came to:
 * - `applied`: the money moved (bet debited, win credited, rollback refunded);
 * - `rolled_back`: a bet refunded by a later rollback;
 * - `refused`: a bet that arrived after its rollback, never debited;
 * - `remembered`: a rollback of a bet not seen (yet); it voids that bet if it ever comes;
 * - `noop`: a rollback of a bet already rolled back or refused.
 */
export type GameTransactionStatus = 'applied' | 'rolled_back' | 'refused' | 'remembered' | 'noop';

/** The first answer a transaction got; a replay of the same request gets it again. */
export type StoredAnswer = { status: number; body: Record<string, unknown> };

/** Every seamless-wallet transaction processed once, by the provider's id. */
export const gameTransactions = pgTable(
  'game_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerTxId: text('provider_tx_id').notNull(),
    kind: text('kind').$type<GameTransactionKind>().notNull(),
    /** Null for a remembered rollback whose round is unknown. */
    roundId: uuid('round_id'),
    sessionId: uuid('session_id').notNull(),
    playerId: uuid('player_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** What makes a repeated id "the same request" (the payload without request id and timestamp). */
    requestHash: text('request_hash').notNull(),
    /** Rollback: the bet it voids. */
    referenceTxId: text('reference_tx_id'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    response: jsonb('response').$type<StoredAnswer>().notNull(),
    status: text('status').$type<GameTransactionStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_transactions_provider_tx_key').on(t.providerTxId),
    index('game_transactions_reference_idx')
      .on(t.referenceTxId)
      .where(sql`reference_tx_id is not null`),
    // The reality check sums a player's transactions since the session began (history/service playSince).
    index('game_transactions_player_idx').on(t.playerId, t.createdAt),
  ],
);

export type GameSessionRow = typeof gameSessions.$inferSelect;
export type GameRoundRow = typeof gameRounds.$inferSelect;
export type GameTransactionRow = typeof gameTransactions.$inferSelect;
