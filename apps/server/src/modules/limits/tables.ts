import type { CashPeriod, LimitDefinition, LimitStatus, ValueOf } from '@casino/contracts';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
