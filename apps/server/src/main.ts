import { ConfigError, loadConfig, publicUrlMismatch, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import { DataDirLockedError } from './db/lock.ts';
import { createServer, type RunningServer } from './server.ts';
import { readOpsEndpoint, writeOpsEndpoint, opsEndpointFile } from './lib/secrets.ts';
import { OPEN_FILES_ADVISED, openFilesLimit } from './lib/open-files.ts';
import { droppedLogLines, flushLogs, say } from './lib/logger.ts';
import cluster from 'node:cluster';
import fs from 'node:fs';

/** How long a stop may take (requests finishing, lanes committing) before the process exits anyway. */
const STOP_DEADLINE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (cluster.isPrimary && config.processes > 1) return runProcesses(config.processes);
  let server;
  try {
    server = await createServer(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(3);
    }
    throw error;
  }
  const { app, ctx } = server;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The operator's CLI on this machine reaches this process over loopback with the per-start secret,
  // on every topology (payment commands need a running node: it holds the provider connection).
  fs.mkdirSync(config.dataDir, { recursive: true });
  writeOpsEndpoint(config.dataDir, { pid: process.pid, url: `http://127.0.0.1:${port}`, secret: ctx.opsSecret });
  if (cluster.isWorker) process.send?.({ listening: port });
  // With several processes the first one speaks for all.
  if (!cluster.isWorker || cluster.worker?.id === 1) announce(config, ctx, port);
  stopOnSignals(config, server);
}

/** The start banner: where the platform listens, its database and push, and what to look out for. */
function announce(config: Config, ctx: AppContext, port: number): void {
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const openFiles = openFilesLimit();
  const connections =
    openFiles !== null && openFiles < OPEN_FILES_ADVISED
      ? `\n  Open files: ${openFiles} per process, which caps its live connections; raise it for more (docs/operations.md, Sizing).`
      : '';
  const mismatch = publicUrlMismatch(config, port);
  if (mismatch) console.warn(`\n  Warning: ${mismatch}`);
  const role =
    config.role === 'all'
      ? ''
      : `  Role: ${config.role === 'api' ? 'api (no background work)' : 'worker (serves no player)'}`;
  console.log(
    `\n  Casino platform is running: http://${shown}:${port}\n  Database: ${ctx.database.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`}  Push: ${config.redisUrl ? 'redis' : 'memory'}${role}${connections}\n  Stop with Ctrl-C.\n`,
  );
}

/** On SIGINT or SIGTERM: the endpoint file removed, the server closed, the process exited. */
function stopOnSignals(config: Config, server: RunningServer): void {
  const { app } = server;
  let stopping = false;
  // A stop has a deadline nothing holds up: what has not closed by then is left, and the process exits.
  // It speaks through the logger's output, never console (a write to a full pipe blocks the process).
  const exit = async (code: number) => {
    await flushLogs(1_000);
    process.exit(code);
  };
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      say('Shutdown took too long; exiting.');
      void exit(1);
    }, STOP_DEADLINE_MS);
    force.unref();
    try {
      // Several processes may share a data folder on PostgreSQL: only the one the file names removes it.
      if (readOpsEndpoint(config.dataDir)?.pid === process.pid)
        fs.rmSync(opsEndpointFile(config.dataDir), { force: true });
      await server.close();
      const dropped = droppedLogLines();
      say(`Stopped cleanly.${dropped ? ` ${dropped} log lines were lost: the output did not take them.` : ''}`);
      await exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      await exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * PROCESSES > 1: this process only keeps N server processes running on the shared port (Node's
 * cluster hands each connection to one of them). The first starts alone, so the others find the
 * database migrated and seeded; one that dies is replaced; a signal stops them all.
 */
function runProcesses(count: number): void {
  let stopping = false;
  const start = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Server process ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    setTimeout(start, 1000).unref();
  });
  const first = start();
  first.once('message', () => {
    let listening = 1;
    for (let i = 1; i < count; i++)
      start().once('message', () => {
        if (++listening === count) console.log(`  ${count} server processes share the port (PROCESSES=${count}).`);
      });
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // A process past its own deadline is killed: a stop always ends.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_DEADLINE_MS + 2_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
