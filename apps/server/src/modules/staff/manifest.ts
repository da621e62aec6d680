import type { ModuleManifest } from '../../lib/module.ts';
import type { AnyOpsCommand } from '../../lib/ops-command.ts';
import { staffCreateCommand } from './commands.ts';
import { adminRoutes } from './routes.ts';
import { staffSettings } from './settings.ts';

/**
 * The back office's people and the admin API: staff sign-in with a second factor, roles, the audit
 * trail, and every module's operator commands as admin routes (`commandsOf`: the module list's).
 */
export const staffModule = (commandsOf: () => readonly AnyOpsCommand[]): ModuleManifest => ({
  name: 'staff',
  settings: staffSettings,
  commands: [staffCreateCommand],
  setup: (ctx) => ({ routes: [{ prefix: '/api/admin', plugin: adminRoutes(ctx, commandsOf) }] }),
});
