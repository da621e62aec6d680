import type { CashPeriod, LimitDefinition, LimitStatus, ValueOf } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { players } from '../player/tables.ts';

/**
 * Responsible-gaming limits (LimitDefinition: 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off).
 * A limit is in effect from `startsAt` until `expiresAt` (null: no end); a raised limit waits as a
 * later `startsAt`. Of several money limits with the same type, period and currency in effect, the
 * one that started last counts.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    type: integer('type').$type<ValueOf<typeof LimitDefinition>>().notNull(),
    /** Money limits: daily | weekly | monthly (UTC calendar periods); null for exclusions. */
    period: text('period').$type<CashPeriod>(),
    currency: text('currency'),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    /** LimitStatus: 1 active, 2 pending. */
    status: integer('status').$type<ValueOf<typeof LimitStatus>>().notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('player_limits_player_idx').on(t.playerId, t.type)],
);

export type PlayerLimitRow = typeof playerLimits.$inferSelect;

/**
 * A raise or removal of a money limit the player asked for: it waits for the e-mail confirmation
 * (`confirmTokenHash`), then until `runAt`; the limits job takes due rows with a row lock
 * (`FOR UPDATE SKIP LOCKED`), so any node may apply them and a restart loses none.
 */
export const limitChanges = pgTable(
  'limit_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    limitId: uuid('limit_id')
      .notNull()
      .references(() => playerLimits.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    /** The new amount; null removes the limit. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    period: text('period').$type<CashPeriod>().notNull(),
    confirmTokenHash: text('confirm_token_hash').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    runAt: timestamp('run_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('limit_changes_limit_idx').on(t.limitId),
    index('limit_changes_due_idx')
      .on(t.runAt)
      .where(sql`applied_at is null and cancelled_at is null`),
    uniqueIndex('limit_changes_token_idx').on(t.confirmTokenHash),
  ],
);
export type LimitChangeRow = typeof limitChanges.$inferSelect;

/** The player's reality-check interval and session-time limit (no row: the configured defaults). */
export const playSettings = pgTable('player_play_settings', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id),
  realityCheckMinutes: integer('reality_check_minutes').notNull(),
  sessionMinutes: integer('session_minutes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
