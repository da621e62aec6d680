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
  uuid,
} from 'drizzle-orm/pg-core';
import type { SportsbookRules } from '@casino/contracts';

/**
 * The sandbox sportsbook provider's own tables: a separate party that shares the database only for
 * convenience (it never reads the casino's tables). Amounts are integer minor units, odds integer
 * thousandths.
 */

/**
 * The provider's simulated clock: simulated time = anchorSim + (now − anchorReal) × speed. The operator
 * speeds it up (`npm run ops -- sportsbook clock <speed>`); re-anchoring keeps it continuous.
 */
export const sandboxSportClock = pgTable('sandbox_sport_clock', {
  id: integer('id').primaryKey(),
  anchorReal: timestamp('anchor_real', { withTimezone: true }).notNull(),
  anchorSim: timestamp('anchor_sim', { withTimezone: true }).notNull(),
  speed: integer('speed').notNull().default(1),
});

/** Fixtures: generated deterministically from their id; the result is the simulation's unless the operator set one. */
export const sandboxSportEvents = pgTable(
  'sandbox_sport_events',
  {
    id: text('id').primaryKey(),
    sport: text('sport').notNull(),
    league: text('league').notNull(),
    home: text('home').notNull(),
    away: text('away').notNull(),
    /** Simulated time. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** scheduled | live | ended | settled | void (scheduled/live/ended follow the clock; settled/void are final). */
    status: text('status').notNull().default('scheduled'),
    /** The final result the event was settled by (the simulation's or the operator's). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_sport_events_starts_idx').on(t.startsAt),
    index('sandbox_sport_events_status_idx').on(t.status),
  ],
);

/** A launched client: real (the casino's token) or browsing only (guest). */
export const sandboxSportSessions = pgTable('sandbox_sport_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The client's own credential for the provider's API (not the casino's token). */
  token: text('token').notNull().unique(),
  mode: text('mode').notNull(),
  /** The casino's game-session token (real mode): the credential of every wallet call. */
  casinoToken: text('casino_token'),
  playerRef: text('player_ref'),
  clientId: text('client_id').notNull(),
  currency: text('currency').notNull(),
  locale: text('locale').notNull(),
  parentOrigin: text('parent_origin').notNull(),
  /** The last balance the casino answered. */
  balance: bigint('balance', { mode: 'number' }),
  /** The casino's maximum stakes and restrictions as the launch told them (contracts' SportsbookRules). */
  rules: jsonb('rules').$type<SportsbookRules>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A ticket: one wallet round (bet, then one settlement: a win — 0 for a loss —, a cash-out win, or a rollback). */
export const sandboxSportTickets = pgTable(
  'sandbox_sport_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').notNull(),
    playerRef: text('player_ref').notNull(),
    currency: text('currency').notNull(),
    /** TicketType: 1 single, 2 accumulator. */
    type: integer('type').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    odds: integer('odds').notNull(),
    /** pending (bet with the casino) | open | won | lost | void | cashed_out | refused */
    status: text('status').notNull(),
    payout: bigint('payout', { mode: 'number' }),
    betTxId: text('bet_tx_id').notNull(),
    /** The settlement's transaction (win, cash-out win or rollback): set once, reused on every retry. */
    settleTxId: text('settle_tx_id'),
    /** A settlement the casino has not confirmed yet (the sweeper repeats it). */
    walletPending: boolean('wallet_pending').notNull().default(false),
    walletError: text('wallet_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('sandbox_sport_tickets_session_idx').on(t.playerRef, t.createdAt),
    index('sandbox_sport_tickets_status_idx').on(t.status),
  ],
);

export const sandboxSportSelections = pgTable(
  'sandbox_sport_selections',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => sandboxSportTickets.id),
    position: integer('position').notNull(),
    eventId: text('event_id').notNull(),
    market: text('market').notNull(),
    outcome: text('outcome').notNull(),
    odds: integer('odds').notNull(),
    /** won | lost | void, once the event is settled. */
    result: text('result'),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.position] }), index('sandbox_sport_selections_event_idx').on(t.eventId)],
);
