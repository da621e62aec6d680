import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PoolClient } from 'pg';
import { isDependencyUnavailable } from '../lib/pg-errors.ts';

/**
 * drizzle's node-postgres transaction (0.45) sends BEGIN before the try/finally that releases the
 * pool's client: a BEGIN that fails — a connection cut, or frozen past the query deadline, at that
 * moment — never gives its client back, and the pool loses that slot for good (the outage test found
 * it: the pool then waited for ever at shutdown; ten such moments and every request would wait). The
 * same method, with BEGIN inside, and a broken connection released as broken (the pool drops it
 * instead of handing it out again). Installed once by `openDatabase`.
 */
type SessionInternals = {
  client: unknown;
  dialect: unknown;
  schema: unknown;
  options: unknown;
};
type Work = (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<unknown>;

let installed = false;
export function releaseClientsOnFailedBegin(isPool: (client: unknown) => boolean): void {
  if (installed) return;
  installed = true;
  const Session = NodePgSession as unknown as new (...args: unknown[]) => unknown;
  const Transaction = NodePgTransaction as unknown as new (...args: unknown[]) => NodePgTransaction<
    Record<string, unknown>,
    never
  > & {
    getTransactionConfigSQL(config: unknown): ReturnType<typeof sql>;
  };
  (NodePgSession.prototype as unknown as { transaction: unknown }).transaction = async function transaction(
    this: SessionInternals,
    work: Work,
    config?: unknown,
  ) {
    const pooled = isPool(this.client) ? await (this.client as { connect(): Promise<PoolClient> }).connect() : null;
    const session = pooled ? new Session(pooled, this.dialect, this.schema, this.options) : this;
    const tx = new Transaction(this.dialect, session, this.schema);
    let failure: unknown = null;
    let begun = false;
    try {
      await tx.execute(sql`begin${config ? sql` ${tx.getTransactionConfigSQL(config)}` : undefined}`);
      begun = true;
      const result = await work(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      failure = error;
      if (begun) await tx.execute(sql`rollback`).catch((rollbackError: unknown) => (failure = rollbackError));
      throw error;
    } finally {
      pooled?.release(failure !== null && isDependencyUnavailable(failure) ? (failure as Error) : undefined);
    }
  };
}
