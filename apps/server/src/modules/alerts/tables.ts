import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AlertKind, AlertStatus } from '@casino/contracts';
import { players } from '../player/tables.ts';
import { staff } from '../staff/tables.ts';

/**
 * What the back office raised about a player for staff to look into. `key` names the situation within
 * its kind (the deposit that crossed the threshold, the withdrawal, the week, the pair of accounts): the
 * unique (kind, player, key) lets any node, or a second run, try to raise it again and insert nothing.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<AlertKind>().notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    key: text('key').notNull(),
    /** What was seen, with the amounts, as staff read it. */
    summary: text('summary').notNull(),
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<AlertStatus>().notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => staff.id),
    closedReason: text('closed_reason'),
    closedBy: uuid('closed_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_kind_player_key').on(t.kind, t.playerId, t.key),
    index('alerts_status_idx').on(t.status, t.createdAt),
    index('alerts_player_idx').on(t.playerId, t.createdAt),
    // The linked-accounts detector looks a pair up whichever of the two it was raised for.
    index('alerts_kind_key_idx').on(t.kind, t.key),
    check('alerts_status_known', sql`${t.status} in ('open', 'assigned', 'closed')`),
    check('alerts_closed_with_reason', sql`(${t.status} = 'closed') = (${t.closedReason} is not null)`),
  ],
);
export type AlertRow = typeof alerts.$inferSelect;

/** Staff notes on an alert, oldest first; never edited. */
export const alertNotes = pgTable(
  'alert_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id),
    /** Null for the local operator (the CLI on the server's machine), who has no staff row. */
    staffId: uuid('staff_id').references(() => staff.id),
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_notes_alert_idx').on(t.alertId, t.id)],
);
