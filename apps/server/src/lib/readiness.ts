import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { outboxLagMs } from '../outbox/index.ts';

/** A load balancer waits about a second for a probe: readiness answers within it, whatever hangs. */
export const READY_DEADLINE_MS = 1_000;

const within = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);

export type Readiness = {
  ready: boolean;
  database: { kind: 'pglite' | 'postgres'; up: boolean; reason?: string };
  /** null: this deployment runs without Redis. */
  redis: { up: boolean; reason?: string } | null;
  /** Age of the oldest event a lane has yet to pass; null when the database did not answer. */
  outboxLagMs: number | null;
};

/**
 * What `/api/ready` reports: each dependency, and how far the outbox lags. Not ready without the
 * database (nothing works without it). Redis away leaves the node ready: money keeps moving on
 * per-process counters and the database's own idempotency, every node shares the same Redis (taking
 * them all out would stop the site), and the report names it for the operator's monitoring.
 */
export async function readiness(ctx: Pick<AppContext, 'db' | 'database' | 'redis'>): Promise<Readiness> {
  const [database, redis] = await Promise.allSettled([
    within(ctx.db.execute(sql`select 1`), READY_DEADLINE_MS / 2).then(() =>
      within(outboxLagMs(ctx.db), READY_DEADLINE_MS / 2),
    ),
    ctx.redis ? within(ctx.redis.ping(), READY_DEADLINE_MS / 2) : Promise.resolve(null),
  ]);
  const reason = (result: PromiseRejectedResult) => (result.reason as Error).message;
  return {
    ready: database.status === 'fulfilled',
    database: {
      kind: ctx.database.kind,
      up: database.status === 'fulfilled',
      ...(database.status === 'rejected' && { reason: reason(database) }),
    },
    redis: !ctx.redis
      ? null
      : { up: redis.status === 'fulfilled', ...(redis.status === 'rejected' && { reason: reason(redis) }) },
    outboxLagMs: database.status === 'fulfilled' ? database.value : null,
  };
}
