import type { ModuleManifest } from '../../lib/module.ts';
import { loyaltyAdminRoutes } from './admin.ts';
import { loyaltyCommand } from './commands.ts';
import { registerLoyaltyLane } from './lane.ts';
import { registerLoyaltyPush } from './push.ts';
import { loyaltyRoutes } from './routes.ts';

/** Loyalty: its routes, the `loyalty` lane (settled rounds earn points, levels pay rewards) and the account's push. */
export const loyaltyModule: ModuleManifest = {
  name: 'loyalty',
  commands: [loyaltyCommand],
  adminRoutes: loyaltyAdminRoutes,
  enabled: (config) => config.features.loyalty,
  setup: (ctx) => ({
    routes: [{ prefix: '/api/retention', plugin: loyaltyRoutes(ctx) }],
    events: [(consumers) => registerLoyaltyLane(consumers, ctx.config.bonus), registerLoyaltyPush],
  }),
};
