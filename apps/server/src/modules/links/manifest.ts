import type { ModuleManifest } from '../../lib/module.ts';
import { playerLinksCommand } from './commands.ts';

/**
 * Linked accounts: no routes, lanes or jobs of their own (other modules report what they see, and ask
 * who one person is); it contributes the operator's `player links` command.
 */
export const linksModule: ModuleManifest = {
  name: 'links',
  commands: [playerLinksCommand],
  setup: () => ({}),
};
