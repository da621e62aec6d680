import type { ModuleManifest } from '../../lib/module.ts';
import { sportsbookAdminRoutes } from './admin.ts';
import { sportsbookRiskCommand } from './commands.ts';
import type { SportsbookCatalogue } from './provider-catalogue.ts';
import { sportsbookSettings } from './settings.ts';

/** What the sportsbook needs of the composition root: the sandbox sportsbook's catalogue, read in this process. */
export type SportsbookPorts = { sandboxCatalogue: SportsbookCatalogue };

/**
 * The sportsbook: no routes, lanes or jobs of its own (the game module's wallet plays its rounds, the
 * player's pages are the game module's); it contributes its settings, the operator's risk commands and
 * the back office's reads of them and of the open tickets' exposure per event.
 */
export const sportsbookModule = (ports: SportsbookPorts): ModuleManifest => ({
  name: 'sportsbook',
  commands: [sportsbookRiskCommand(ports.sandboxCatalogue)],
  adminRoutes: sportsbookAdminRoutes,
  settings: sportsbookSettings,
  setup: () => ({}),
});
