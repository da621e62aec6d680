import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from '../db/client.ts';
import { writePendingAudit } from '../lib/audit-scope.ts';

/** What a unit of work needs: the database and the dispatcher's wake-up. */
export type UnitOfWorkContext = { db: Db; notifyOutbox(): void };

const scope = new AsyncLocalStorage<{ enqueued: boolean }>();

/**
 * Runs `work` and, once it has finished (its commit included), wakes the outbox dispatcher if it
 * wrote events, so they are delivered at once rather than at the next poll. For work whose writes are
 * single statements; `withTransaction` is the same around a transaction.
 */
export async function inUnitOfWork<T>(ctx: UnitOfWorkContext, work: () => Promise<T>): Promise<T> {
  const outer = scope.getStore();
  if (outer) return work(); // the outermost unit wakes the dispatcher, after the outermost commit
  const store = { enqueued: false };
  const result = await scope.run(store, work);
  if (store.enqueued) ctx.notifyOutbox();
  return result;
}

/**
 * A unit of work inside a transaction its caller owns (an outbox lane's, a savepoint of it): what it
 * writes commits with that transaction, and its events are delivered when the owner's are.
 */
export const joinedUnitOfWork = (tx: Tx): UnitOfWorkContext => ({ db: tx as unknown as Db, notifyOutbox: () => {} });

/** THE way to run a transaction: events it enqueues are delivered right after it commits. */
export function withTransaction<T>(ctx: UnitOfWorkContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inUnitOfWork(ctx, async () => {
    let undoAudit: (() => void) | null = null;
    try {
      return await ctx.db.transaction(async (tx) => {
        const result = await work(tx);
        // A staff write's audit row commits with the change it records (lib/audit-scope.ts).
        undoAudit = await writePendingAudit(tx);
        return result;
      });
    } catch (error) {
      (undoAudit as (() => void) | null)?.();
      throw error;
    }
  });
}

/**
 * Runs `batch` (answering how many rows it handled) in a transaction of its own, again and again until
 * one handles fewer than `size`; answers the total. For jobs that end what time has ended (expiries).
 */
export async function inBatches(ctx: UnitOfWorkContext, size: number, batch: (tx: Tx) => Promise<number>) {
  let total = 0;
  for (;;) {
    const n = await withTransaction(ctx, batch);
    total += n;
    if (n < size) return total;
  }
}

/** Runs `work` as a unit of work of its own (an outer one notwithstanding); answers whether it wrote events. */
export async function withEnqueuedNoted<T>(work: () => Promise<T>): Promise<{ result: T; enqueued: boolean }> {
  const store = { enqueued: false };
  const result = await scope.run(store, work);
  return { result, enqueued: store.enqueued };
}

/**
 * Records that the current unit of work wrote outbox rows (`enqueue` does it; so must code whose SQL
 * writes them). Outside a unit of work it does nothing: the dispatcher's poll delivers them.
 */
export function noteEnqueued(): void {
  const store = scope.getStore();
  if (store) store.enqueued = true;
}
