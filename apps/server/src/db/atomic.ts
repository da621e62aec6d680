import type { DbOrTx, Tx } from './client.ts';

/**
 * An all-or-nothing step of a service that is handed a `DbOrTx`: inside the caller's transaction it
 * is a savepoint (it joins the caller's unit of work, and a failure undoes only this step); handed the
 * database itself (tests, seeding) it is a transaction of its own. Entry points (a route, a job, an
 * operator command) open their unit with the outbox's `withTransaction` instead, which delivers the
 * events the work wrote as soon as it commits. Lint allows `.transaction(` only here and in outbox/.
 */
export function atomic<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
