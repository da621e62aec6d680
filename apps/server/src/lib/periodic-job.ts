import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * Runs `work` every `everyMs` on this node, never twice at once, and stops when the app closes. A
 * failure is logged and counted, and the next run tries again. (What a job does must be safe on
 * several nodes at once: each takes a lease or makes conditional updates of its own.) An api node
 * (ROLE=api) schedules nothing: the workers run the jobs; the returned `tick` still runs one at once.
 */
export function startPeriodicJob(
  app: FastifyInstance,
  ctx: AppContext,
  name: string,
  everyMs: number,
  work: () => Promise<unknown>,
  options: { runNow?: boolean } = {},
): () => Promise<void> {
  const log = ctx.log.child({ job: name });
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= work()
      .then(() => ctx.metrics.jobRuns.inc({ job: name, outcome: 'ok' }))
      .catch((err: unknown) => {
        ctx.metrics.jobRuns.inc({ job: name, outcome: 'failed' });
        log.error({ err }, `${name} failed; will try again`);
      })
      .finally(() => (running = null));
    return running;
  };
  if (ctx.config.role === 'api') return tick;
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  if (options.runNow) void tick();
  app.addHook('onClose', async () => clearInterval(timer));
  return tick;
}
