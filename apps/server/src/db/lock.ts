import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * PGlite lets a second process open the same folder and then silently loses writes, so the
 * process that opens it first takes an exclusive lock file and everyone else is refused.
 * A lock left by a crashed process (its pid no longer alive) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The database in ${dataDir} is already in use by process ${holder.pid} (started ${holder.startedAt}). ` +
            'Stop that process first, or give this one another DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${file}`);
}

function readHolder(file: string): { pid: number; startedAt: string } | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number; startedAt: string };
  } catch {
    return null;
  }
}

/** Whether a process with this pid exists (EPERM: it does, but belongs to another user). */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
