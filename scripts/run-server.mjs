// Starts the real server as `npm start` runs it (built SPA, API, push hub) on a random loopback
// port with a fresh embedded database; used by the end-to-end tests and the benchmarks.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * `env` overrides the defaults, e.g. `{ DATABASE_URL }` to run on PostgreSQL instead (a variable given
 * as `undefined` is left out: `{ PUBLIC_URL: undefined }` starts the server as `npm start` does, with
 * PUBLIC_URL following the port); `serverRoot` runs
 * the server of another checkout (the wallet bench compares a base commit with this one); `from` starts
 * it on a copy of a stopped server's data dir.
 */
export async function runServer(env = {}, { serverRoot = root, from } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-run-'));
  // `from`: the data dir of a stopped server, copied so this one finds its database migrated and seeded.
  if (from) fs.cpSync(from, dataDir, { recursive: true });
  // A port chosen up front, so the links in the mail the server sends (PUBLIC_URL) lead back to it.
  const port = await freePort();
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    // End-to-end journeys and benchmarks sign many players up from 127.0.0.1.
    SIGN_UP_PER_ADDRESS: '0',
    ...env,
  };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'apps/server/src/main.ts')], {
    cwd: serverRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // SERVER_LOG=<file> keeps the server's output (e.g. to read why an end-to-end test failed).
  if (process.env.SERVER_LOG) {
    const log = fs.createWriteStream(process.env.SERVER_LOG, { flags: 'a' });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s:\n${output}`)), 180_000);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /running: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    /** What the server printed until it was running (a start-up warning, say). */
    startOutput: output,
    /** The server process (the benchmarks read its CPU time). */
    pid: child.pid,
    /** Ctrl-C (SIGINT), as an operator stops it, then the data dir goes (unless kept). Stopping twice is fine. */
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      // Files a stopping process still writes can land while the folder is removed (ENOTEMPTY): retried.
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
