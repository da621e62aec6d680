import type { ModuleManifest } from '../../lib/module.ts';
import { daysOff } from '../wallet/index.ts';
import { booksAdminRoutes } from './admin.ts';
import { closeDueDays } from './close.ts';
import { booksDashboard } from './dashboard.ts';
import { closeCommand, reconcileCommand, reportCommand } from './commands.ts';

/** How often the close job looks for a day that is over (it closes each day once). */
const CLOSE_EVERY_MS = 15 * 60_000;

/**
 * The books: the daily close (a job, and its alert on /metrics) and the reports (operator commands, and
 * admin routes for the back office's screen).
 */
export const booksModule: ModuleManifest = {
  name: 'books',
  commands: [closeCommand, reconcileCommand, reportCommand],
  dashboard: booksDashboard,
  adminRoutes: booksAdminRoutes,
  setup(ctx) {
    ctx.metrics.gauge(
      'books_days_off',
      'Closed days whose books do not balance, per currency',
      ['currency'],
      async (g) => {
        for (const { currency, days } of await daysOff(ctx.db)) g.set({ currency }, days);
      },
    );
    return {
      jobs: [{ name: 'books-close', everyMs: CLOSE_EVERY_MS, runNow: true, run: () => closeDueDays(ctx.db, ctx.log) }],
    };
  },
};
