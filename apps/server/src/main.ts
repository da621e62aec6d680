import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { createServer } from './server.ts';
import { readOpsEndpoint, writeOpsEndpoint, opsEndpointFile } from './lib/secrets.ts';
import fs from 'node:fs';

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
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(
    `\n  Casino platform is running: http://${shown}:${port}\n  Database: ${ctx.database.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`}  Push: ${config.redisUrl ? 'redis' : 'memory'}\n  Stop with Ctrl-C.\n`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      // Several processes may share a data folder on PostgreSQL: only the one the file names removes it.
      if (readOpsEndpoint(config.dataDir)?.pid === process.pid)
        fs.rmSync(opsEndpointFile(config.dataDir), { force: true });
      await server.close();
      console.log('Stopped cleanly.');
      process.exit(0);
    } catch (error) {
      console.error('Error while shutting down', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
