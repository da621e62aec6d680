import type { ModuleManifest } from '../../lib/module.ts';
import { questAdminRoutes } from './admin.ts';
import { questCommand } from './commands.ts';
import { registerQuestConsumers } from './consumers.ts';
import { questRoutes } from './routes.ts';
import { expireDueQuests } from './expiry.ts';

/** Quests: their routes, the `quests` lane and pushes, and the expiry job (a lease keeps two nodes from one batch). */
export const questsModule: ModuleManifest = {
  name: 'quests',
  commands: [questCommand],
  adminRoutes: questAdminRoutes,
  enabled: (config) => config.features.quests,
  setup: (ctx) => ({
    routes: [{ prefix: '/api/retention', plugin: questRoutes(ctx) }],
    events: [(consumers) => registerQuestConsumers(consumers, ctx.config.bonus)],
    jobs: [{ name: 'quest-expiry', everyMs: ctx.config.bonus.jobMs, run: () => expireDueQuests(ctx) }],
  }),
};
