import type { ModuleManifest } from '../../lib/module.ts';
import { linksAdminRoutes } from './admin.ts';
import { playerLinksCommand } from './commands.ts';

/**
 * Linked accounts: no routes, lanes or jobs of their own (other modules report what they see, and ask
 * who one person is); it contributes the operator's `player links` command and the player page's part.
 */
export const linksModule: ModuleManifest = {
  name: 'links',
  commands: [playerLinksCommand],
  adminRoutes: linksAdminRoutes,
  setup: () => ({}),
};
