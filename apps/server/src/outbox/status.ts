import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { outbox, outboxCursors } from './tables.ts';

/** Where a lane stands, for operators (`npm run ops -- events`). */
export type LaneState = {
  consumer: string;
  /** Rows after its cursor (those still in an open transaction's shadow included). */
  behind: number;
  failures: number;
  retryAt: string | null;
  lastError: string | null;
  /** When a node last ran it. */
  seenAt: string;
};

export async function laneStates(db: DbOrTx): Promise<LaneState[]> {
  const rows = await db
    .select({
      consumer: outboxCursors.consumer,
      behind: sql<number>`(select count(*) from ${outbox} o
                            where (o.tx, o.id) > (${outboxCursors.tx}, ${outboxCursors.position}))`.mapWith(Number),
      failures: outboxCursors.failures,
      retryAt: outboxCursors.retryAt,
      lastError: outboxCursors.lastError,
      seenAt: outboxCursors.seenAt,
    })
    .from(outboxCursors)
    .orderBy(asc(outboxCursors.consumer));
  return rows.map((r) => ({ ...r, retryAt: r.retryAt?.toISOString() ?? null, seenAt: r.seenAt.toISOString() }));
}
