// CPU time (user + system, ms) of processes, from /proc: on a shared machine the CPU a process spent
// per operation says more than throughput, which depends on whatever else runs.
import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** null when the process is gone. */
export function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** Sum of the CPU time of several processes since `start()`; pids can be added while it runs. */
export function cpuMeter(pidsNow) {
  const before = new Map();
  return {
    async start() {
      for (const pid of await pidsNow()) before.set(pid, cpuMsOf(pid) ?? 0);
    },
    async usedMs() {
      let used = 0;
      for (const pid of new Set([...(await pidsNow()), ...before.keys()])) {
        const now = cpuMsOf(pid);
        if (now !== null) used += now - (before.get(pid) ?? 0);
      }
      return used;
    },
  };
}
