import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
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

/**
 * How far behind the slowest lane is: the age in ms of the oldest row some lane has yet to pass (0:
 * none waiting). Only lanes a node ran in the last five minutes count (a consumer since removed
 * would otherwise look stuck for ever).
 */
export async function outboxLagMs(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf<{ lag_ms: number | string | null }>(
    db,
    sql`
    select coalesce(max(extract(epoch from clock_timestamp() - o.created_at) * 1000), 0)::int as lag_ms
      from ${outboxCursors} c
      cross join lateral (select o.created_at from ${outbox} o
                           where (o.tx, o.id) > (c.tx, c.position)
                           order by o.tx, o.id limit 1) o
     where c.seen_at > now() - interval '5 minutes'`,
  );
  return Number(row?.lag_ms ?? 0);
}
