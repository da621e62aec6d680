import type { ModuleManifest } from '../../lib/module.ts';
import { settingsRoutes } from './routes.ts';

/** Reference data: currencies, countries, locales and constants. */
export const settingsModule: ModuleManifest = {
  name: 'settings',
  setup: (ctx) => ({ routes: [{ prefix: '/api/settings', plugin: settingsRoutes(ctx) }] }),
};
