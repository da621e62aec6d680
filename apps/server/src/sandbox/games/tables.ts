import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The sandbox game provider's own tables: a separate party that shares the database only for
 * convenience (it never reads the casino's tables). Amounts are integer minor units; they are
 * bounded by bet levels × pays, far below 2^53, so they are plain JSON-safe numbers here.
 */

/** One launched game: its fair seed pair, its demo balance, its free-spin state. */
export const sandboxGameSessions = pgTable('sandbox_game_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  /**
   * The sandbox party that launched it (`games`, `lantern`): each serves and plays only its own
   * sessions, and calls the casino in its own wallet protocol.
   */
  party: text('party').notNull().default('games'),
  engine: text('engine').notNull(),
  gameIdentity: text('game_identity').notNull(),
  gameName: text('game_name').notNull(),
  /** real | demo */
  mode: text('mode').notNull(),
  /** The casino's game-session token (real mode): the credential of every wallet call. */
  token: text('token'),
  /** The casino's player (real mode): grants of free spins for this player and game are played here. */
  playerRef: text('player_ref'),
  currency: text('currency').notNull(),
  locale: text('locale').notNull(),
  lobbyUrl: text('lobby_url').notNull(),
  platform: integer('platform').notNull(),
  /** Demo: the balance itself. Real: the last balance the casino answered (shown when it cannot be asked). */
  balance: bigint('balance', { mode: 'number' }).notNull(),
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  /** Nonce of the next round under the current seed pair. */
  nonce: integer('nonce').notNull().default(0),
  /** Start of the last round: the minimum spin duration counts from here. */
  lastRoundAt: timestamp('last_round_at', { withTimezone: true }),
  freeSpinsLeft: integer('free_spins_left').notNull().default(0),
  /** The bet of the spin that awarded the free spins: what they pay on. */
  freeSpinsBet: bigint('free_spins_bet', { mode: 'number' }).notNull().default(0),
  /** The wallet round the free spins pay into (the triggering round; the last free spin closes it). */
  freeSpinsRoundId: uuid('free_spins_round_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** No new paid rounds after this; free spins and crash cash-outs still finish. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * One round (a free spin is a round of its own that pays into the triggering round's wallet round).
 * status: pending (bet sent to the casino) → open (crash in flight) → settled; or rejected (the casino
 * refused the bet) or voided (the bet's fate was unknown, so it was rolled back).
 */
export const sandboxGameRounds = pgTable(
  'sandbox_game_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sandboxGameSessions.id),
    /** The round id the wallet sees: this round's id, or the triggering round's for a free spin. */
    walletRoundId: uuid('wallet_round_id').notNull(),
    status: text('status').notNull(),
    /** Fair inputs, fixed once the bet is accepted; the seed is revealed after the player rotates it. */
    nonce: integer('nonce'),
    serverSeed: text('server_seed'),
    serverSeedHash: text('server_seed_hash'),
    clientSeed: text('client_seed'),
    /** Stake paid (0 for a free spin). */
    bet: bigint('bet', { mode: 'number' }).notNull(),
    /** What the pays are based on (a free spin: the triggering bet). */
    betBasis: bigint('bet_basis', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** Engine outcome (crash: computed at the start, shown only once settled). */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    isFreeSpin: boolean('is_free_spin').notNull().default(false),
    betTxId: uuid('bet_tx_id'),
    winTxId: uuid('win_tx_id'),
    /** Whether the win call closes the wallet round (false while free spins of this round are to come). */
    closesWalletRound: boolean('closes_wallet_round').notNull().default(true),
    rollbackTxId: uuid('rollback_tx_id'),
    /** A win (settled) or rollback (voided) the casino has not confirmed yet; retried until it is. */
    walletPending: boolean('wallet_pending').notNull().default(false),
    /** Why the casino refused a win or rollback (for the operator; the round stays as it is). */
    walletError: text('wallet_error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Crash: when the round ends by itself (crash or auto cash-out). */
    settleAt: timestamp('settle_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_game_rounds_session_idx').on(t.sessionId, t.createdAt),
    // The sweeper's two questions: which crash rounds are due, which wallet calls are owed.
    index('sandbox_game_rounds_open_idx')
      .on(t.settleAt)
      .where(sql`status in ('pending', 'open')`),
    index('sandbox_game_rounds_wallet_pending_idx')
      .on(t.createdAt)
      .where(sql`wallet_pending`),
  ],
);

export type SandboxGameSession = typeof sandboxGameSessions.$inferSelect;
export type SandboxGameRound = typeof sandboxGameRounds.$inferSelect;

/**
 * Free spins the casino granted (`POST /sandbox/games/api/freespins`): `count` spins at `stake` on one
 * game for one player (the casino's player id, which the launch names), played without a stake until
 * used, revoked or expired. Each spin's win names `grantId`; the casino checks the grant again.
 */
export const sandboxFreeSpinGrants = pgTable(
  'sandbox_free_spin_grants',
  {
    grantId: text('grant_id').primaryKey(),
    playerRef: text('player_ref').notNull(),
    gameIdentity: text('game_identity').notNull(),
    currency: text('currency').notNull(),
    count: integer('count').notNull(),
    used: integer('used').notNull().default(0),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** What the spins won so far (minor units), for the summary the game shows after the last one. */
    won: bigint('won', { mode: 'number' }).notNull().default(0),
    /** What the casino said the winnings become: a bonus to wager this many times (null: it did not say). */
    wagerMultiplier: integer('wager_multiplier'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_free_spin_grants_player_idx').on(t.playerRef, t.gameIdentity)],
);

export type SandboxFreeSpinGrant = typeof sandboxFreeSpinGrants.$inferSelect;
