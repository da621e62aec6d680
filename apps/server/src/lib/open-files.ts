import fs from 'node:fs';

/**
 * This process's limit of open files (Linux; null elsewhere or when unreadable). Every WebSocket is
 * one, so it caps the players one process can keep connected. Node itself raises the soft limit to
 * the hard one at start; beyond that it is the operator's setting (LimitNOFILE, `ulimit -Hn`, a
 * container's `--ulimit nofile`).
 */
export function openFilesLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const line = fs
      .readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === undefined) return null;
    return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft) || null;
  } catch {
    return null;
  }
}

/** Below this, the start-up banner says how to raise the limit (a busy node holds tens of thousands). */
export const OPEN_FILES_ADVISED = 65_536;
