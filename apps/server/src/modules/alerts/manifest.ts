import type { ModuleManifest } from '../../lib/module.ts';
import { alertsAdminRoutes } from './admin.ts';
import { detectAlerts } from './detect.ts';
import { openAlertCount } from './service.ts';
import { alertsSettings } from './settings.ts';

/**
 * Responsible-gaming and anti-money-laundering alerts: the job that raises them (detect.ts) and the
 * back office's routes to work on them. Sign-ins refused for an exclusion arrive from the player module
 * (raiseExcludedSignIn, wired in module-list.ts).
 */
export const alertsModule: ModuleManifest = {
  name: 'alerts',
  adminRoutes: alertsAdminRoutes,
  settings: alertsSettings,
  dashboard: (ctx) => [
    {
      key: 'alerts',
      label: 'Open alerts',
      permission: { action: 'read', subject: 'Alert' },
      to: '/alerts',
      queue: 'alerts',
      value: () => openAlertCount(ctx.db),
    },
  ],
  setup: (ctx) => {
    const rules = ctx.config.alerts;
    const log = ctx.log.child({ module: 'alerts' });
    // New ties are looked for since this node's previous run (one period back, for commits that landed
    // late), else over the last day: a run on another node in between only means looking twice.
    let lastRun: number | null = null;
    return {
      jobs: [
        {
          name: 'alerts',
          everyMs: rules.jobMs,
          run: async () => {
            const started = Date.now();
            const tiesSince = lastRun === null ? undefined : new Date(lastRun - rules.jobMs);
            const raised = await detectAlerts(ctx, rules, {
              ...(tiesSince ? { tiesSince } : {}),
              onError: (kind, err) => log.error({ err, kind }, 'an alert rule failed; the next run tries again'),
            });
            // Moved on only once this node has looked (the lease was its) and the rule ran.
            if (raised?.linked_accounts !== undefined) lastRun = started;
          },
        },
      ],
    };
  },
};
