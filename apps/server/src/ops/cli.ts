/**
 * Operator CLI: `npm run ops -- <command> …` (from the repository root). Its commands are the modules'
 * own (each manifest's `commands`, lib/ops-command.ts); this file parses a line, finds its command and
 * runs it where it can run.
 *
 * How it reaches the data, in order: with DATABASE_URL it opens the shared database itself; else, if
 * a running server left DATA_DIR/ops-endpoint.json, it asks that server over loopback (the embedded
 * database can only be open in one process); else it locks DATA_DIR and opens the embedded database.
 * Commands that run on a server only (payments: the node holds the provider connection) always go to
 * a running server on this machine (every server writes the file, on every topology).
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { DataDirLockedError, isAlive, lockDataDir } from '../db/lock.ts';
import { DomainError, unprocessable } from '../lib/errors.ts';
import { CommandArgsError, type AnyOpsCommand } from '../lib/ops-command.ts';
import { opsEndpointFile, readOpsEndpoint, type OpsEndpoint } from '../lib/secrets.ts';
import { allCommands } from '../module-list.ts';
import { runAsLocalOperator } from '../modules/staff/index.ts';

const PLAYER_NAMING = `<player> is an e-mail address, a phone number with its country code (+49 151 1234 5678, 0049-151-…;
matched as E.164) or the player's id (the short number lists show, or the uuid).`;

/** Every command's lines, in the modules' order, then help's. */
function usage(commands: readonly AnyOpsCommand[]): string {
  return `Usage: npm run ops -- <command>

Commands:
${commands.map((command) => command.usage).join('\n')}
  help
      Show this text.

${PLAYER_NAMING}

Environment: the server's (DATA_DIR, DATABASE_URL, …).`;
}

class CliError extends Error {}

/** A parsed line: the command's route and its request body. */
type Parsed = { command: 'help' } | { command: string; body: unknown };

/** The line's command and body, or a CliError that says what the command takes. */
export function parseArgs(argv: string[], commands: readonly AnyOpsCommand[] = allCommands()): Parsed {
  const [word, ...rest] = argv;
  if (!word || word === 'help' || word === '--help' || word === '-h') return { command: 'help' };
  const candidates = commands.filter((command) => command.word === word);
  if (candidates.length === 0) throw new CliError(`Unknown command "${word}".\n\n${usage(commands)}`);
  for (const command of candidates) {
    let body: unknown;
    try {
      body = command.parse(rest);
    } catch (error) {
      if (error instanceof CommandArgsError) throw new CliError(`${error.message}\n\n${linesOf(candidates)}`);
      throw error;
    }
    if (body !== null) return { command: command.route, body };
  }
  throw new CliError(`${word} needs one of:\n${linesOf(candidates)}`);
}

/** The usage of these commands, and how a player is named when they name one. */
function linesOf(commands: readonly AnyOpsCommand[]): string {
  const lines = commands.map((c) => c.usage).join('\n');
  return `Usage:\n${lines}${lines.includes('<player') ? `\n\n${PLAYER_NAMING}` : ''}`;
}

/** How the CLI reaches a server's admin API: a staff API token (OPS_TOKEN) or this machine's per-start secret. */
type Reach = { url: string; headers: Record<string, string> };

const reachOf = (endpoint: OpsEndpoint): Reach => ({ url: endpoint.url, headers: { 'x-ops-secret': endpoint.secret } });

/**
 * The command through the admin API (POST /api/admin/commands/<route>), as the staff member or the
 * local operator; null: the server did not answer or did not accept the local secret (a stale
 * endpoint file), so try the database.
 */
async function viaServer(reach: Reach, command: AnyOpsCommand, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${reach.url}/api/admin/commands/${command.route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...reach.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return null;
  }
  const json = (await response.json().catch(() => null)) as {
    data?: { id?: string };
    error?: { message: string; fields?: Record<string, string[]> };
  } | null;
  if (response.status === 401 && !reach.headers.authorization) return null;
  if (response.status === 202)
    throw new CliError(
      `Waiting for a second approver: this amount is above the four-eyes threshold (approval ${json?.data?.id}).`,
    );
  if (!response.ok)
    throw new CliError(
      `Error: ${json?.error ? withFields(json.error.message, json.error.fields, command.argumentOf) : `the server answered ${response.status}`}`,
    );
  return command.result.parse(json?.data);
}

async function withDatabase<T>(
  config: Config,
  endpoint: OpsEndpoint | null,
  run: (database: Database) => Promise<T>,
): Promise<T> {
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
    await prepareDatabase(database);
    return await run(database);
  } finally {
    await database?.close().catch(() => {});
    release();
  }
}

/** Runs a command where it can run, and returns the line to print. */
async function execute(config: Config, command: AnyOpsCommand, body: unknown, env: NodeJS.ProcessEnv): Promise<string> {
  const endpoint = readOpsEndpoint(config.dataDir);
  const live = endpoint && isAlive(endpoint.pid) ? endpoint : null;
  // A staff API token: the command is that staff member's, on whichever server OPS_URL names.
  if (env.OPS_TOKEN) {
    const url = env.OPS_URL ?? live?.url ?? config.publicUrl;
    const result = await viaServer({ url, headers: { authorization: `Bearer ${env.OPS_TOKEN}` } }, command, body);
    if (result === null) throw new CliError(`The admin API at ${url} did not answer.`);
    return command.describe(result);
  }
  if (command.runs === 'server') {
    if (!live)
      throw new CliError(
        `No server runs on this machine for ${config.dataDir} (no live ${path.basename(opsEndpointFile(config.dataDir))}): ` +
          'start it (npm start), or run this command where a server of this deployment runs, with its DATA_DIR.',
      );
    const result = await viaServer(reachOf(live), command, body);
    if (result === null)
      throw new CliError(
        `The server (process ${live.pid}) at ${live.url} did not answer or did not accept this machine's ops secret: ` +
          'try again once it is up.',
      );
    return command.describe(result);
  }
  // A running server answers through the admin API (audited there); with none, the CLI opens the
  // database itself and records the same audit row as the local operator.
  if (live) {
    const result = await viaServer(reachOf(live), command, body);
    if (result !== null) return command.describe(result);
  }
  // No dispatcher runs in this process: a server's outbox dispatcher delivers what this writes (it
  // polls, and on start), so there is no one to wake.
  const result = await withDatabase(config, config.databaseUrl ? null : live, (database) =>
    runAsLocalOperator(
      { db: database.db, notifyOutbox: () => {}, config, node: null },
      command,
      checkedBody(command, body),
    ),
  );
  return command.describe(result);
}

/** The body as the server's route would check it: the same refusal, naming the same fields. */
function checkedBody(command: AnyOpsCommand, body: unknown): unknown {
  const checked = command.body.safeParse(body);
  if (checked.success) return checked.data;
  const fields: Record<string, string[]> = {};
  for (const issue of checked.error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw unprocessable('The request is not valid', fields);
}

/**
 * A refusal with the fields it names, each as the argument the operator typed (`argumentOf`, the
 * command's own names where they differ): "The request is not valid" alone left them guessing which
 * argument and what format it wanted.
 */
export function withFields(
  message: string,
  fields: Record<string, readonly string[]> | undefined,
  argumentOf: Readonly<Record<string, string>> = {},
): string {
  const lines = Object.entries(fields ?? {})
    // A field whose problems the message already says adds nothing ("No such event": ref: No such event).
    .filter(([, problems]) => !problems.every((problem) => message.includes(problem)))
    .map(([field, problems]) => `  ${argumentOf[field] ?? field}: ${problems.join('; ')}`);
  return lines.length > 0 ? `${message}:\n${lines.join('\n')}` : message;
}

async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const commands = allCommands();
  let command: AnyOpsCommand | undefined;
  try {
    const parsed = parseArgs(argv, commands);
    if (parsed.command === 'help' || !('body' in parsed)) {
      console.log(usage(commands));
      return 0;
    }
    command = commands.find((c) => c.route === parsed.command)!;
    console.log(await execute(loadConfig(env), command, parsed.body, env));
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError || error instanceof DataDirLockedError)
      console.error(error.message);
    else if (error instanceof DomainError)
      console.error(`Error: ${withFields(error.message, error.fields, command?.argumentOf)}`);
    else console.error('Error:', error instanceof Error ? error.message : error);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const code = await runCli(process.argv.slice(2));
  // Explicit exit: a database client can keep the event loop alive after close.
  process.exit(code);
}
