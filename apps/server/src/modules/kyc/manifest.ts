import type { ModuleManifest } from '../../lib/module.ts';
import { kycRoutes, kycWebhookRoutes } from './routes.ts';
import { kycSettings } from './settings.ts';

/** Identity verification, when a provider is configured: the player's access tokens and its webhooks. */
export const kycModule: ModuleManifest = {
  name: 'kyc',
  settings: kycSettings,
  enabled: (config) => Boolean(config.kyc),
  setup: (ctx) => ({
    routes: [
      { prefix: '/api/player/services/sumsub', plugin: kycRoutes(ctx) },
      { prefix: '/api/player/webhooks', plugin: kycWebhookRoutes(ctx) },
    ],
  }),
};
