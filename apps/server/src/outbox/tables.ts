import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id (`pg_current_xact_id()`), as text: it exceeds 2^53. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Domain events written in the same transaction as the change they describe. Each consumer follows
 * them in (tx, id) order with its own cursor (`outbox_cursors`); a row is read only once every
 * transaction older than it has ended (its `tx` is below the snapshot's xmin), so a row committed
 * late is never skipped by a cursor that has passed a newer id. Rows every cursor has passed are
 * pruned after the retention period.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The writing transaction. */
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    event: text('event').notNull(),
    /** The version of the payload's shape (contracts' EVENT_VERSIONS); SQL writers take the default. */
    v: smallint('v').notNull().default(1),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_order_idx').on(t.tx, t.id)],
);

/** Where each consumer (a lane: the push hub, the notifications, …) is in the event stream. */
export const outboxCursors = pgTable('outbox_cursors', {
  consumer: text('consumer').primaryKey(),
  /** The last row handled: (tx, id); (0, 0) before the first. */
  tx: xid8('tx')
    .notNull()
    .default(sql`'0'::xid8`),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  /** Failed attempts at the row after the cursor since the last success; retries back off. */
  failures: integer('failures').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }),
  /** When the row after the cursor first failed (null while nothing fails): a row is parked only after a while. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  lastError: text('last_error'),
  /** When a node last ran this consumer (a consumer no node runs any more stops holding back pruning). */
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rows a lane gave up on (`parked`) after failing on them again and again, kept with their payload
 * and error (pruning may delete the outbox row): the lane goes on past them. An operator asks for a
 * retry (`retry`: the lane that parked it hands it to its handler again, on whichever node runs it;
 * `delivered` once that succeeds) or drops it (`skipped`), with `npm run ops -- events …`.
 */
export const outboxParked = pgTable(
  'outbox_parked',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    consumer: text('consumer').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }).notNull(),
    tx: xid8('tx').notNull(),
    event: text('event').notNull(),
    v: smallint('v').notNull().default(1),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** When the event was written. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    state: text('state').$type<ParkedState>().notNull().default('parked'),
    /** Attempts that failed, retries included. */
    failures: integer('failures').notNull(),
    lastError: text('last_error').notNull(),
    parkedAt: timestamp('parked_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('outbox_parked_consumer_row').on(t.consumer, t.outboxId),
    index('outbox_parked_retry_idx')
      .on(t.consumer)
      .where(sql`state = 'retry'`),
    check('outbox_parked_state', sql`${t.state} in ('parked', 'retry', 'delivered', 'skipped')`),
  ],
);

export type ParkedState = 'parked' | 'retry' | 'delivered' | 'skipped';
