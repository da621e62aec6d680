import type { ModuleManifest } from '../../lib/module.ts';
import { documentAdminRoutes, documentsDashboard } from './admin.ts';
import { documentsCommand } from './commands.ts';
import { documentRoutes } from './routes.ts';
import { documentsSettings } from './settings.ts';

/** Identity documents (FEATURE_DOCUMENTS): the player's uploads. */
export const documentsModule: ModuleManifest = {
  name: 'documents',
  commands: [documentsCommand],
  adminRoutes: documentAdminRoutes,
  dashboard: documentsDashboard,
  settings: documentsSettings,
  enabled: (config) => config.features.documents,
  setup: (ctx) => ({ routes: [{ prefix: '/api/player/documents', plugin: documentRoutes(ctx) }] }),
};
