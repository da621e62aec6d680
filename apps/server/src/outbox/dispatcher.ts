import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { Broker } from '../push/index.ts';
import type { OutboxConsumers, OutboxRow } from './outbox.ts';
import { outbox } from './tables.ts';

/** Advisory lock key: on a shared PostgreSQL only the node holding it dispatches. */
const DISPATCH_LOCK_KEY = 727_002;

export type DispatcherOptions = {
  /** How often to look for rows written by another process (ops CLI, another node). */
  pollMs?: number;
  batchSize?: number;
  /** Longest wait between retries after a failed delivery. */
  maxBackoffMs?: number;
  /** How long a wake-up waits to gather more rows into its batch. */
  coalesceMs?: number;
  /** A broker that hangs must not hold the batch transaction (and its row locks) forever. */
  publishTimeoutMs?: number;
};

export type Dispatcher = {
  /** Look for new rows now (call after a commit that enqueued). */
  wake(): void;
  /** Stops polling; resolves once the batch in flight is finished. */
  stop(): Promise<void>;
};

export type BatchResult = { delivered: number; failed: boolean; busy: boolean };

type BatchDeps = {
  consumers: OutboxConsumers;
  db: Db;
  kind: 'pglite' | 'postgres';
  broker: Broker;
  log: FastifyBaseLogger;
  batchSize: number;
  publishTimeoutMs: number;
};

/**
 * One delivery round in one transaction: takes the oldest undelivered rows in id order, hands each to
 * its in-process consumers (in a savepoint, with the transaction) and publishes it, and marks the
 * delivered ones. The first failure ends the round, so a later row never overtakes an earlier one;
 * the failed row stays for the next round. A crash before commit redelivers the whole batch: pushes
 * are at least once (clients replace state by id), consumer writes are rolled back with it.
 */
export async function dispatchBatch(deps: BatchDeps): Promise<BatchResult> {
  const { db, broker, log } = deps;
  return db.transaction(async (tx) => {
    // Marking rows delivered need not wait for the WAL to reach the disk: after a crash that lost the
    // mark, the rows are delivered again, which at-least-once delivery allows (clients replace state by
    // id). Under load this keeps the dispatcher's commits out of the money path's flush queue.
    if (deps.kind === 'postgres') {
      // Both drivers answer execute() with { rows }; the shared Db type does not know which one it is.
      const result = (await tx.execute(
        sql`select set_config('synchronous_commit', 'off', true), pg_try_advisory_xact_lock(${DISPATCH_LOCK_KEY}) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (!result.rows[0]?.locked) return { delivered: 0, failed: false, busy: true };
    }
    const rows = await tx
      .select({
        id: outbox.id,
        event: outbox.event,
        channel: outbox.channel,
        payload: outbox.payload,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .where(isNull(outbox.dispatchedAt))
      .orderBy(asc(outbox.id))
      .limit(deps.batchSize)
      .for('update', { skipLocked: true });

    const delivered: number[] = [];
    let failed = false;
    for (const row of rows as OutboxRow[]) {
      try {
        const consumers = deps.consumers.of(row.event);
        const publish = async () => {
          const publications = row.channel ? [{ channel: row.channel, payload: row.payload }] : [];
          for (const publisher of deps.consumers.publishersOf(row.event))
            publications.push(...(await publisher(row, tx)));
          for (const { channel, payload } of publications) {
            await withTimeout(broker.publish(channel, payload), deps.publishTimeoutMs);
          }
        };
        if (consumers.length === 0) {
          await publish();
        } else {
          // Publishing last inside the savepoint: if it fails, the consumers' writes go back too.
          await tx.transaction(async (sp) => {
            for (const consumer of consumers) await consumer(row, sp);
            await publish();
          });
        }
        for (const observe of deps.consumers.observersOf(row.event)) observe(row);
        delivered.push(row.id);
      } catch (error) {
        log.error({ err: error, outboxId: row.id, event: row.event }, 'outbox delivery failed; will retry');
        failed = true;
        break;
      }
    }
    if (delivered.length > 0)
      await tx.update(outbox).set({ dispatchedAt: new Date() }).where(inArray(outbox.id, delivered));
    return { delivered: delivered.length, failed, busy: false };
  });
}

/**
 * Delivers outbox rows to the push broker and to in-process consumers. Runs at once on start (rows a
 * crash left behind go out first), then whenever woken, and polls every `pollMs` for rows written
 * by other processes. After a failure it backs off exponentially and ignores wake-ups meanwhile.
 */
export function startOutboxDispatcher(
  ctx: Pick<AppContext, 'db' | 'database' | 'broker' | 'outboxConsumers'>,
  log: FastifyBaseLogger,
  options: DispatcherOptions = {},
): Dispatcher {
  const pollMs = options.pollMs ?? 250;
  // A wake-up waits this long, so the events of calls committing together go out in one batch.
  const coalesceMs = options.coalesceMs ?? 20;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  const deps: BatchDeps = {
    consumers: ctx.outboxConsumers,
    db: ctx.db,
    kind: ctx.database.kind,
    broker: ctx.broker,
    log,
    batchSize: options.batchSize ?? 100,
    publishTimeoutMs: options.publishTimeoutMs ?? 5_000,
  };

  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let due = 0;
  let inFlight: Promise<void> | null = null;
  let rerun = false;
  let failures = 0;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    due = Date.now() + ms;
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  function tick() {
    timer = null;
    if (stopped) return;
    if (inFlight) {
      rerun = true;
      return;
    }
    inFlight = round().finally(() => {
      inFlight = null;
    });
  }

  async function round() {
    let next = pollMs;
    try {
      // A cheap look through the partial index first, so an idle poll opens no transaction.
      const [pending] = await ctx.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.dispatchedAt)).limit(1);
      if (pending) {
        const result = await dispatchBatch(deps);
        if (result.failed) failures++;
        else failures = 0;
        if (!result.failed && result.delivered > 0) next = coalesceMs;
      }
    } catch (error) {
      failures++;
      if (!stopped) log.error({ err: error }, 'outbox round failed; will retry');
    }
    if (failures > 0) next = Math.min(maxBackoffMs, pollMs * 2 ** Math.min(failures, 16));
    else if (rerun) next = coalesceMs;
    rerun = false;
    schedule(next);
  }

  schedule(0);
  return {
    wake() {
      if (stopped || failures > 0) return;
      if (inFlight) rerun = true;
      // Wake-ups in a burst share one round: an earlier one already scheduled it soon enough.
      else if (!timer || due > Date.now() + coalesceMs) schedule(coalesceMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`publish timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
