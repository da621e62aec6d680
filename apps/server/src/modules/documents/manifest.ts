import type { ModuleManifest } from '../../lib/module.ts';
import { documentRoutes } from './routes.ts';

/** Identity documents (FEATURE_DOCUMENTS): the player's uploads. */
export const documentsModule: ModuleManifest = {
  name: 'documents',
  enabled: (config) => config.features.documents,
  setup: (ctx) => ({ routes: [{ prefix: '/api/player/documents', plugin: documentRoutes(ctx) }] }),
};
