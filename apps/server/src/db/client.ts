import path from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { guardPool } from './pg-breaker.ts';
import { releaseClientsOnFailedBegin } from './pg-transaction.ts';
import { applySqlSources } from './sql-source.ts';

/**
 * The database as the services see it: the same drizzle API over PGlite or PostgreSQL. Queries name
 * their tables (no relational `db.query`), so the instance carries no schema: drizzle-kit finds the
 * tables by folder (drizzle.config.ts).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
type NoSchema = Record<string, never>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Services accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** Whether `db` is an open transaction (a failed statement there fails the whole transaction). */
export const isTransaction = (db: DbOrTx): db is Tx => db instanceof PgTransaction;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Only for PostgreSQL: the connection pool. */
  pool?: pg.Pool;
  /**
   * One statement as a prepared statement (named, so PostgreSQL parses and plans it once per
   * connection), rows as the driver gives them. For the hot paths that call a database function.
   */
  query<Row>(name: string, text: string, params: readonly unknown[]): Promise<Row[]>;
  /** A script of several statements without parameters (the SQL source files). */
  exec(text: string): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');
const MIGRATION_LOCK_KEY = 727_001;

/** Deadlines for PostgreSQL (config.ts: DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS). */
export type DatabaseTimeouts = { connectMs: number; queryMs: number };

export type OpenOptions =
  | {
      databaseUrl: string;
      poolSize?: number;
      timeouts?: DatabaseTimeouts;
      /** With `timeouts`: told when the pool stops asking PostgreSQL (true) and when it answers again. */
      onUnreachable?: (unreachable: boolean) => void;
    }
  | {
      dataDir: string | null /* null = in memory */;
      /** PostgreSQL settings for this start (`-c name=value`), e.g. for the test template (test/global-setup.ts). */
      settings?: Record<string, string>;
    };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    releaseClientsOnFailedBegin((client) => client instanceof pg.Pool);
    const { timeouts } = options;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      keepAlive: true,
      ...(timeouts && {
        // Waiting for a connection (the pool's queue included) and for each statement's answer.
        connectionTimeoutMillis: timeouts.connectMs,
        query_timeout: timeouts.queryMs,
        // The server cancels what the client gave up on, and ends a transaction left idle (by a
        // process stopped mid-way) so its locks do not hold every player behind it.
        statement_timeout: timeouts.queryMs,
        idle_in_transaction_session_timeout: 30_000,
      }),
    });
    // A connection the server (or the network) drops must not crash the process: an idle one the pool
    // forgets; one checked out (in a transaction, between statements) fails its next statement instead.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const stopProbe = timeouts
      ? guardPool(
          pool,
          {
            connectionString: options.databaseUrl,
            connectionTimeoutMillis: timeouts.connectMs,
            query_timeout: timeouts.connectMs,
          },
          options.onUnreachable ?? (() => {}),
        )
      : () => {};
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      close: () => {
        stopProbe();
        return pool.end();
      },
      pool,
      query: async <Row>(name: string, text: string, params: readonly unknown[]) =>
        (await pool.query({ name, text, values: params as unknown[] })).rows as Row[],
      exec: async (text: string) => {
        await pool.query(text);
      },
    };
  }
  const client = new PGlite(options.dataDir ?? 'memory://', {
    ...(options.settings && {
      startParams: [
        ...PGlite.defaultStartParams,
        ...Object.entries(options.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
    }),
    parsers: DRIZZLE_RAW_TYPES,
  });
  await client.waitReady;
  // Array parsers are built at start from the element parsers; drizzle wants these raw too.
  for (const oid of DRIZZLE_RAW_ARRAY_TYPES) client.parsers[oid] = raw;
  const db = drizzlePglite(withoutQueryParsers(client)) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    // PGlite has no named statements; the functions these calls run keep their plans cached anyway.
    query: async <Row>(_name: string, text: string, params: readonly unknown[]) =>
      (await client.query<Row>(text, params as unknown[])).rows,
    exec: async (text: string) => {
      await client.exec(text);
    },
  };
}

/**
 * Drizzle asks PGlite for the raw text of these types on every query, and PGlite then copies its
 * whole parser table per query (a tenth of its time). Set once on the client instead, and drop the
 * per-query copy, which is then the same.
 */
const raw = (value: string) => value;
const DRIZZLE_RAW_TYPES = {
  [types.TIMESTAMP]: raw,
  [types.TIMESTAMPTZ]: raw,
  [types.INTERVAL]: raw,
  [types.DATE]: raw,
};
/** numeric[], timestamp[], timestamptz[], interval[], date[] */
const DRIZZLE_RAW_ARRAY_TYPES = [1231, 1115, 1185, 1187, 1182];

type QueryOptions = { parsers?: unknown } & Record<string, unknown>;

function withoutQueryParsers<T extends PGlite | Transaction>(client: T): T {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) => {
          const { parsers: _same, ...rest } = options ?? {};
          return target.query(text, params, rest);
        };
      }
      if (key === 'transaction' && 'transaction' in target) {
        return <R>(work: (tx: Transaction) => Promise<R>) => target.transaction((tx) => work(withoutQueryParsers(tx)));
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Applies the committed migrations, then the modules' SQL source (their database functions); on a
 * shared PostgreSQL only one node does it at a time.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await applySqlSources(database);
    return;
  }
  // A session-level advisory lock on its own connection: other nodes wait until this one is done (by
  // polling, so no single statement outlasts the query deadline however long the other node takes).
  const lockClient = await database.pool!.connect();
  try {
    while (!(await lockClient.query('select pg_try_advisory_lock($1) as got', [MIGRATION_LOCK_KEY])).rows[0].got)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await applySqlSources(database);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
}
