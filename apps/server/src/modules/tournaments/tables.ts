import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from '../player/tables.ts';

/** A prize by place: 1 a bonus or 2 free spins (a bonus definition's name, paid by the bonus engine), 3 loyalty points. */
export type TournamentPrizeDefinition = {
  place: number;
  type: 1 | 2 | 3;
  title: string;
  bonus?: string;
  points?: number;
};

/**
 * A tournament: its period, the games that count (ids, or collections by identity; none: every game),
 * how rounds score (`win` total won, `multiplier` the biggest win ÷ stake, `stake` total staked; in the
 * base currency) and the smallest stake that counts (base-currency minor units). States: 2 upcoming,
 * 3 running, 4 finished (prizes paid), 5 cancelled. A `daily` one is followed by the next day's.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identity: text('identity').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    state: integer('state').notNull().default(2),
    scoring: text('scoring').$type<'win' | 'multiplier' | 'stake'>().notNull(),
    minStakeMinor: bigint('min_stake_minor', { mode: 'bigint' }),
    gameIds: jsonb('game_ids').$type<string[]>().notNull().default([]),
    collections: jsonb('collections').$type<string[]>().notNull().default([]),
    prizes: jsonb('prizes').$type<TournamentPrizeDefinition[]>().notNull(),
    /** `daily`: when it ends, the next day's (same rules, identity `<series>-<date>`) begins. */
    recurrence: text('recurrence'),
    series: text('series'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tournaments_state_idx').on(t.state, t.endAt)],
);

/** A player's standing: points, and when they were reached (ties go to who got there first). */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    points: bigint('points', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rounds: integer('rounds').notNull().default(0),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.playerId] }),
    index('tournament_entries_rank_idx').on(t.tournamentId, t.points.desc(), t.reachedAt),
  ],
);

/** Every round that scored, as recorded: the final ranking is recomputed from these. */
export const tournamentRounds = pgTable(
  'tournament_rounds',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    roundId: text('round_id').notNull(),
    playerId: uuid('player_id').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    winMinor: bigint('win_minor', { mode: 'bigint' }).notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.roundId] }),
    index('tournament_rounds_player_idx').on(t.tournamentId, t.playerId),
  ],
);

/** A prize awarded: once per (tournament, place). */
export const tournamentAwards = pgTable(
  'tournament_awards',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    place: integer('place').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    result: text('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.place] })],
);
