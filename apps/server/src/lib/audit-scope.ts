import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from '../db/client.ts';

/** What a staff write changed, as the module that made the change knows it. */
export type AuditChange = {
  targetType?: string;
  targetId?: string;
  playerId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Writes the audit row of the staff write in progress into `tx` (the staff module's, set by its edge). */
export type AuditWriter = (tx: Tx, change: AuditChange) => Promise<void>;

type Scope = { write: AuditWriter; change: AuditChange; written: boolean };
const scope = new AsyncLocalStorage<Scope>();

/**
 * Runs a staff write with its audit row pending: the first transaction the write commits (through
 * `withTransaction`) carries the row, so the change and its record commit or roll back together.
 * Answers the result and whether a transaction carried the row (the edge writes it otherwise).
 * `initial`: what the row says unless the module notes otherwise (the edge's: the request as typed,
 * never what the work answered, which may hold a secret made for the caller: a link, a token).
 */
export async function runAudited<T>(write: AuditWriter, work: () => Promise<T>, initial: AuditChange = {}) {
  const current: Scope = { write, change: { ...initial }, written: false };
  const result = await scope.run(current, work);
  return { result, written: current.written, change: current.change };
}

/**
 * A module, inside its transaction, says what the staff write changed (the target, the values before
 * and after); outside a staff write it does nothing.
 */
export function noteChange(change: AuditChange): void {
  const current = scope.getStore();
  if (current) Object.assign(current.change, change);
}

/**
 * Called by `withTransaction` once its work is done, before it commits: writes the pending row once.
 * Answers the undo for when the transaction then rolls back (a later one carries the row instead).
 */
export async function writePendingAudit(tx: Tx): Promise<(() => void) | null> {
  const current = scope.getStore();
  if (!current || current.written) return null;
  current.written = true;
  await current.write(tx, current.change);
  return () => {
    current.written = false;
  };
}
