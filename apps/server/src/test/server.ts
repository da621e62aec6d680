import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { EVENT_VERSIONS, eventPayloadProblem } from '@casino/contracts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createServer, type RunningServer } from '../server.ts';
import { adminQuery } from './postgres.ts';

/**
 * A database of its own for one test file, copied from the run's migrated template (test/global-setup.ts):
 * a copy of the embedded template's data directory, or, when DATABASE_URL is set (CI), a new database on
 * that PostgreSQL server made from the template database. Either goes when the database is closed.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    const dir = fs.mkdtempSync(path.join(path.dirname(template), 'db-'));
    fs.cpSync(template, dir, { recursive: true });
    return afterClose(await openDatabase({ dataDir: dir }), () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${inject('postgresTemplate')}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return afterClose(database, () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`));
}

function afterClose(database: Database, cleanUp: () => unknown): Database {
  const close = database.close;
  database.close = async () => {
    await close();
    await cleanUp();
  };
  return database;
}

export type TestServer = RunningServer & { database: Database };

/** An operator command through the running server's loopback ops endpoint, as the CLI sends it. */
export const opsCall = (server: TestServer, command: string, payload: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: `/api/admin/commands/${command}`,
    headers: { 'x-ops-secret': server.ctx.opsSecret },
    payload,
  });

/** Every setting production demands (real partners, their secrets, SMTP, a trusted country header). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-a-production-secret',
  SEED_DEMO: '0',
  TRUST_PROXY: '1',
  SMTP_URL: 'smtp://mail.example.com:587',
  PUBLIC_URL: 'https://casino.example',
  PAYMENT_PROVIDER_URL: 'https://psp.example/v1',
  PAYMENT_WEBHOOK_SECRET: 'w'.repeat(40),
  GAME_PROVIDER_URL: 'https://aggregator.example',
  GAME_WALLET_SECRET: 'g'.repeat(40),
  BANK_TRANSFER_BENEFICIARY: 'Casino Example Ltd',
  BANK_TRANSFER_IBAN: 'DE89370400440532013000',
  BANK_TRANSFER_BIC: 'COBADEFFXXX',
} as const;

/** A whole server node (app, push hub, dispatcher) on a fresh database, not listening unless asked. */
export async function createTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-data-')),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0001',
    SEED_DEMO: '0',
    // The tests stand where a CDN would: the country header they send is trusted.
    TRUST_PROXY: '1',
    WEB_DIST: path.join(os.tmpdir(), 'casino-no-web-build'),
    // Most tests withdraw for players they make in the database; trust.test.ts keeps the default rule.
    WITHDRAWAL_VERIFICATION: 'never',
    // Tests sign many players up from one address; the sign-up limit's own tests set it.
    SIGN_UP_PER_ADDRESS: '0',
    // A cheaper scrypt (config.ts) but where production is tried: the suites sign thousands of players up.
    ...(env.NODE_ENV !== 'production' && { PASSWORD_HASH_COST: '1024' }),
    // Counters of their own: on a shared Redis they would outlive this server (a rerun, another file).
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:` }
      : {}),
    ...env,
  });
  const server = await createServer(config, { database });
  return {
    ...server,
    database,
    async close() {
      await server.close();
      const drifted = await driftedEvents(database);
      await database.close();
      if (drifted.length > 0) throw new Error(`Outbox rows that do not match their schema:\n${drifted.join('\n')}`);
    },
  };
}

/**
 * Every outbox row the file's tests wrote, checked against its event's schema in contracts: the rows
 * written by SQL functions (jsonb_build_object) as well as by TypeScript, each at its event's current
 * version (a writer that changed a payload without raising it, or a SQL writer left on the default,
 * fails here). A database a test broke on purpose is not read.
 */
async function driftedEvents(database: Database): Promise<string[]> {
  let rows: { event: string; v: number; payload: unknown }[];
  try {
    rows = await database.query<{ event: string; v: number; payload: unknown }>(
      'outbox_schemas',
      'select event, v, payload from outbox',
      [],
    );
  } catch {
    return [];
  }
  const problems = new Map<string, string>();
  for (const { event, v, payload } of rows) {
    if (problems.has(event)) continue;
    const now = (EVENT_VERSIONS as Record<string, number>)[event];
    const problem =
      now !== undefined && v !== now
        ? `written at version ${v}, the current one is ${now}`
        : eventPayloadProblem(event, payload);
    if (problem) problems.set(event, `${event}: ${problem}`);
  }
  return [...problems.values()];
}
