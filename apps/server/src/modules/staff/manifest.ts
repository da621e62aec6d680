import type { ModuleManifest } from '../../lib/module.ts';
import { staffCreateCommand } from './commands.ts';
import { registerQueuePushes } from './push.ts';
import { adminRoutes } from './routes.ts';
import { staffSettings } from './settings.ts';

/**
 * The back office's people and the admin API: staff sign-in with a second factor, roles, the audit
 * trail, and every module's operator commands and admin routes (`modulesOf`: the module list).
 */
export const staffModule = (modulesOf: () => readonly ModuleManifest[]): ModuleManifest => ({
  name: 'staff',
  settings: staffSettings,
  commands: [staffCreateCommand],
  setup: (ctx) => ({
    routes: [{ prefix: '/api/admin', plugin: adminRoutes(ctx, modulesOf) }],
    events: [registerQueuePushes],
  }),
});
