import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { isDependencyUnavailable, pgErrorOf } from '../lib/pg-errors.ts';
import type { OutboxRow } from './outbox.ts';
import { outboxParked, type ParkedState } from './tables.ts';

/** Longest error kept: enough to tell what failed, never a payload dump. */
export const ERROR_CHARS = 500;

/**
 * What failed, in a line: the database's own message where it refused a statement (the ORM's wrapper
 * would add the query and its parameters, which may hold a player's data).
 */
export function errorText(error: unknown): string {
  let text = error instanceof Error ? error.message : String(error);
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && pgErrorOf(e)) {
      text = `${e.message} (SQLSTATE ${code})`;
      break;
    }
  }
  return text.slice(0, ERROR_CHARS) || 'failed without a message';
}

/**
 * A failure that says nothing about the row: the broker or the database away or busy (SQLSTATE classes
 * 08 connection, 40 rollback, 53 resources, 57 operator intervention, 55P03 lock not available), or no
 * SQLSTATE at all from a database call (a dropped connection). A lane retries these for as long as
 * they last and never parks a row for them: an outage must not turn into a pile of parked rows.
 */
export class TransientFailure extends Error {}

export function isTransient(error: unknown): boolean {
  if (error instanceof TransientFailure || isDependencyUnavailable(error)) return true;
  const pg = pgErrorOf(error);
  if (pg) return /^(08|40|53|57)/.test(pg.code) || pg.code === '55P03';
  // node-postgres and PGlite connection failures carry no SQLSTATE, only a system error code.
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return [code, causeCode].some((c) => typeof c === 'string' && /^E[A-Z]+$/.test(c));
}

/** Parks `row` for `consumer` with its error (again, if a retry failed), in the caller's transaction. */
export async function parkRow(tx: DbOrTx, consumer: string, row: OutboxRow, failures: number, error: unknown) {
  await tx
    .insert(outboxParked)
    .values({
      consumer,
      outboxId: row.id,
      tx: row.tx,
      event: row.event,
      v: row.v,
      payload: row.payload as Record<string, unknown>,
      createdAt: row.createdAt,
      failures,
      lastError: errorText(error),
    })
    .onConflictDoUpdate({
      target: [outboxParked.consumer, outboxParked.outboxId],
      set: {
        state: 'parked',
        failures: sql`${outboxParked.failures} + ${failures}`,
        lastError: errorText(error),
        updatedAt: sql`now()`,
      },
    });
}

/** The rows an operator asked to retry for `consumer`, oldest first, as the lane hands them over. */
export async function rowsToRetry(tx: DbOrTx, consumer: string, limit: number) {
  const rows = await tx
    .select()
    .from(outboxParked)
    .where(and(eq(outboxParked.consumer, consumer), eq(outboxParked.state, 'retry')))
    .orderBy(asc(outboxParked.id))
    .limit(limit);
  return rows.map((p) => ({
    parkedId: p.id,
    failures: p.failures,
    row: { id: p.outboxId, tx: p.tx, event: p.event, v: p.v, payload: p.payload, createdAt: p.createdAt } as OutboxRow,
  }));
}

/** A retried row went through: delivered (unless the handler parked it again meanwhile). */
export async function markDelivered(tx: DbOrTx, parkedId: number) {
  await tx
    .update(outboxParked)
    .set({ state: 'delivered', updatedAt: sql`now()` })
    .where(and(eq(outboxParked.id, parkedId), eq(outboxParked.state, 'retry')));
}

export type ParkedRow = {
  id: number;
  consumer: string;
  outboxId: number;
  event: string;
  state: ParkedState;
  failures: number;
  lastError: string;
  createdAt: string;
  parkedAt: string;
  updatedAt: string;
  payload?: Record<string, unknown>;
};

const asParked = (p: typeof outboxParked.$inferSelect, withPayload: boolean): ParkedRow => ({
  id: p.id,
  consumer: p.consumer,
  outboxId: p.outboxId,
  event: p.event,
  state: p.state,
  failures: p.failures,
  lastError: p.lastError,
  createdAt: p.createdAt.toISOString(),
  parkedAt: p.parkedAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  ...(withPayload ? { payload: p.payload } : {}),
});

/** Rows still waiting on an operator (parked, or asked to retry), newest first. */
export async function parkedRows(db: DbOrTx, limit = 100): Promise<ParkedRow[]> {
  const rows = await db
    .select()
    .from(outboxParked)
    .where(inArray(outboxParked.state, ['parked', 'retry']))
    .orderBy(desc(outboxParked.id))
    .limit(limit);
  return rows.map((p) => asParked(p, false));
}

export async function parkedRow(db: DbOrTx, id: number): Promise<ParkedRow | null> {
  const [row] = await db.select().from(outboxParked).where(eq(outboxParked.id, id));
  return row ? asParked(row, true) : null;
}

/**
 * An operator's decision on a parked row: `retry` (its lane hands it to its handler again, within a poll
 * on the node that runs the lane) or `skip` (it stays on record, never delivered). Answers the row as it
 * is now, or null when no row has that id; a row already delivered is left as it is.
 */
export async function decideParked(db: DbOrTx, id: number, decision: 'retry' | 'skip'): Promise<ParkedRow | null> {
  const from: ParkedState[] = decision === 'retry' ? ['parked', 'skipped'] : ['parked', 'retry'];
  await db
    .update(outboxParked)
    .set({ state: decision === 'retry' ? 'retry' : 'skipped', updatedAt: sql`now()` })
    .where(and(eq(outboxParked.id, id), inArray(outboxParked.state, from)));
  return parkedRow(db, id);
}

/** Rows waiting on an operator, per consumer (the `outbox_parked_events` gauge). */
export async function parkedCounts(db: DbOrTx): Promise<{ consumer: string; parked: number }[]> {
  return db
    .select({ consumer: outboxParked.consumer, parked: count() })
    .from(outboxParked)
    .where(inArray(outboxParked.state, ['parked', 'retry']))
    .groupBy(outboxParked.consumer);
}
