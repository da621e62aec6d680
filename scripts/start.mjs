// `npm start`: build what is stale, then run the one server process (SPA + API + push hub).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWeb } from './build-web.mjs';
import { checkNode } from './check-node.mjs';

checkNode();

const root = path.resolve(import.meta.dirname, '..');

// Refuse before building if another server already holds the embedded database.
if (!process.env.DATABASE_URL) {
  const lock = path.join(path.resolve(root, process.env.DATA_DIR ?? 'data'), 'server.lock');
  try {
    const { pid, startedAt } = JSON.parse(fs.readFileSync(lock, 'utf8'));
    process.kill(pid, 0);
    console.error(
      `Cannot start: the database in ${path.dirname(lock)} is already in use by process ${pid} (started ${startedAt}). Stop that process first, or give this one another DATA_DIR.`,
    );
    process.exit(3);
  } catch {
    // no lock, or its process is gone: the server takes over a stale lock itself
  }
}

buildWeb();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Ctrl-C reaches the child through the process group; forward other signals explicitly. The server
// stops within 10 s by itself; one that has not exited 15 s after a signal is killed, so a stop always ends.
let killTimer = null;
const deadline = () => {
  killTimer ??= setTimeout(() => child.kill('SIGKILL'), 15_000);
  killTimer.unref();
};
for (const signal of ['SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    child.kill(signal);
    deadline();
  });
process.on('SIGINT', deadline);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
