/**
 * Operator CLI: `npm run ops -- <command> …` (from the repository root).
 *
 * How it reaches the data, in order: with DATABASE_URL it opens the shared database itself; else, if
 * a running server left DATA_DIR/ops-endpoint.json, it asks that server over loopback (the embedded
 * database can only be open in one process); else it locks DATA_DIR and opens the embedded database.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';
import { DataDirLockedError, isAlive, lockDataDir } from '../db/lock.ts';
import { AppError } from '../lib/errors.ts';
import { readOpsEndpoint, type OpsEndpoint } from '../lib/secrets.ts';
import { describeCredit, opsCredit, opsCreditResultSchema, type OpsCreditBody } from './credit.ts';
import type { CreditResult } from '../modules/wallet/service.ts';

const USAGE = `Usage: npm run ops -- <command>

Commands:
  credit <email> <amount> <currency> [--reference <text>]
      Credit real money to a player's account in that currency (opened if missing).
      Amount in major units, e.g. 25 or 0.0015. The same --reference never credits twice.
  help
      Show this text.

Environment: the server's (DATA_DIR, DATABASE_URL, …).`;

class CliError extends Error {}

type Parsed = { command: 'help' } | { command: 'credit'; body: OpsCreditBody };

export function parseArgs(argv: string[]): Parsed {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return { command: 'help' };
  if (command !== 'credit') throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
  const positional: string[] = [];
  let reference: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--reference') reference = rest[++i];
    else if (arg.startsWith('--reference=')) reference = arg.slice('--reference='.length);
    else if (arg.startsWith('--')) throw new CliError(`Unknown option ${arg}.\n\n${USAGE}`);
    else positional.push(arg);
  }
  const [email, amount, currency] = positional;
  if (!email || !amount || !currency || positional.length > 3 || reference === '') {
    throw new CliError(`credit needs <email> <amount> <currency>.\n\n${USAGE}`);
  }
  return { command: 'credit', body: { email, amount, currency, ...(reference ? { reference } : {}) } };
}

/** null: the server did not answer or did not accept us (stale endpoint file), so try the database. */
async function viaServer(endpoint: OpsEndpoint, body: OpsCreditBody): Promise<CreditResult | null> {
  let response: Response;
  try {
    response = await fetch(`${endpoint.url}/api/ops/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-secret': endpoint.secret },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return null;
  }
  if (response.status === 404) return null;
  const json = (await response.json().catch(() => null)) as { data?: unknown; error?: { message: string } } | null;
  if (!response.ok) throw new CliError(`Error: ${json?.error?.message ?? `the server answered ${response.status}`}`);
  return opsCreditResultSchema.parse(json?.data);
}

async function withDatabase<T>(config: Config, endpoint: OpsEndpoint | null, run: (database: Database) => Promise<T>): Promise<T> {
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError && endpoint) {
        throw new CliError(
          `A server (process ${endpoint.pid}) holds ${config.dataDir} but did not answer at ${endpoint.url}. ` +
            'Try again once it is up, or stop it and run this command again.',
        );
      }
      throw error;
    }
  }
  let database: Database | undefined;
  try {
    database = config.databaseUrl
      ? await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 })
      : await openDatabase({ dataDir: `${config.dataDir}/pglite` });
    await migrateDatabase(database);
    return await run(database);
  } finally {
    await database?.close().catch(() => {});
    release();
  }
}

async function creditCommand(config: Config, body: OpsCreditBody): Promise<CreditResult> {
  const endpoint = config.databaseUrl ? null : readOpsEndpoint(config.dataDir);
  const live = endpoint && isAlive(endpoint.pid) ? endpoint : null;
  if (live) {
    const result = await viaServer(live, body);
    if (result) return result;
  }
  // Rows written here are delivered by the server's outbox dispatcher (it polls, and on start).
  return withDatabase(config, live, (database) => opsCredit(database.db, body));
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    const parsed = parseArgs(argv);
    if (parsed.command === 'help') {
      console.log(USAGE);
      return 0;
    }
    const config = loadConfig(env);
    console.log(describeCredit(await creditCommand(config, parsed.body)));
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else if (error instanceof AppError) console.error(`Error: ${error.message}`);
    else console.error('Error:', error instanceof Error ? error.message : error);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const code = await runCli(process.argv.slice(2));
  // Explicit exit: a database client can keep the event loop alive after close.
  process.exit(code);
}
