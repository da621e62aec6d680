import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { gameRounds } from '../game/tables.ts';
import { players } from '../player/tables.ts';

/**
 * Sports bets as the casino keeps them: each ticket is one wallet round of the sportsbook's
 * pseudo-game (its money lives in game_rounds and the ledger); these rows say what it was on, for
 * the bets history and the risk rules (the maximum stake per event sums the unsettled tickets' stakes).
 * The game module's wallet tells a ticket what its round's stake and state become
 * (sportsbook_round_changed), so this module reads no table of the game's.
 */
export const sportsbookTickets = pgTable(
  'sportsbook_tickets',
  {
    roundId: uuid('round_id')
      .primaryKey()
      .references(() => gameRounds.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    /** TicketType: 1 single, 2 accumulator. */
    ticketType: integer('ticket_type').notNull(),
    /** Combined odds in thousandths. */
    odds: integer('odds').notNull(),
    /** The round's currency and what is staked on it now (minor units; 0 once voided). */
    currency: text('currency').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    /** The round closed, or was voided: its stake no longer counts toward the maximum per event. */
    settled: boolean('settled').notNull().default(false),
    /** Settled early at the provider's cash-out price. */
    cashedOut: boolean('cashed_out').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sportsbook_tickets_player_idx').on(t.playerId, t.createdAt)],
);

export const sportsbookTicketItems = pgTable(
  'sportsbook_ticket_items',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => sportsbookTickets.roundId),
    position: integer('position').notNull(),
    /** Copied from the ticket: the per-event stake sum reads a player's items by event. */
    playerId: uuid('player_id').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    /** EventStage: 1 pre-match, 2 live. */
    stage: integer('stage').notNull(),
    sport: text('sport').notNull(),
    discipline: text('discipline').notNull(),
    tournament: text('tournament').notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    market: text('market').notNull(),
    outcome: text('outcome').notNull(),
    odds: integer('odds').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.position] }),
    index('sportsbook_ticket_items_event_idx').on(t.playerId, t.eventId),
  ],
);

/**
 * The operator's maximum stakes on sports bets, set once in the base currency (EUR, minor units): per
 * ticket, and per event across a player's open tickets (in every currency, each converted to the base
 * currency). One row or none; none refuses every ticket (sportsbook/sql/sportsbook.sql). Each currency is
 * bounded by them at its rate, rounded down (`sportsbook_limits_in`).
 */
export const sportsbookStakeRule = pgTable(
  'sportsbook_stake_rule',
  {
    id: boolean('id').primaryKey().default(true),
    maxBetMinor: bigint('max_bet_minor', { mode: 'bigint' }).notNull(),
    maxEventMinor: bigint('max_event_minor', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sportsbook_stake_rule_one_row', sql`${t.id}`),
    check('sportsbook_stake_rule_positive', sql`${t.maxBetMinor} > 0 and ${t.maxEventMinor} > 0`),
  ],
);

/**
 * Sports or events the operator does not take bets on in a country (`*`: every country):
 * kind `sport` names a sport slug, kind `event` a provider's event id.
 */
export const sportsbookRestrictions = pgTable(
  'sportsbook_restrictions',
  {
    country: text('country').notNull(),
    kind: text('kind').$type<'sport' | 'event'>().notNull(),
    ref: text('ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.country, t.kind, t.ref] })],
);
