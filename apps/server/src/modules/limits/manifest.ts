import type { ModuleManifest } from '../../lib/module.ts';
import { limitsAdminRoutes } from './admin.ts';
import { excludeCommand, limitCommand } from './commands.ts';
import { applyDueLimitChanges, type LimitsPorts } from './player-limits.ts';
import { limitsRoutes } from './routes.ts';
import { limitsSettings } from './settings.ts';

/**
 * Responsible-gaming limits: the player's routes, and the job that applies confirmed raises and
 * removals when their time comes (rows taken with SKIP LOCKED, so nodes share the batch).
 */
export const limitsModule = (ports: LimitsPorts): ModuleManifest => ({
  name: 'limits',
  commands: [limitCommand(ports), excludeCommand(ports)],
  adminRoutes: limitsAdminRoutes(ports),
  settings: limitsSettings,
  setup: (ctx) => ({
    routes: [{ prefix: '/api/player/limits', plugin: limitsRoutes(ctx, ports) }],
    jobs: [
      {
        name: 'limit-changes',
        everyMs: ctx.config.limits.jobMs,
        runNow: true,
        run: async () => {
          while ((await applyDueLimitChanges(ctx)) > 0);
        },
      },
    ],
  }),
});
