import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('logging never holds up the process', () => {
  it('exits at once when its output is a full pipe nobody reads', async () => {
    // Before: pino flushed synchronously in an exit hook and retried the full pipe for ever; the
    // process had called exit yet stayed, its port open, deaf to SIGTERM.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/log-then-exit.ts')],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const started = Date.now();
    const exited = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 20_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    child.kill('SIGKILL');
    child.stdout.destroy();
    expect(exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
});
