import type { ModuleManifest } from '../lib/module.ts';
import { sandboxGamesRoutes } from './games/routes.ts';
import { sandboxKycRoutes } from './kyc/routes.ts';
import { sandboxLanternRoutes } from './lantern/routes.ts';
import { sandboxOrbitRoutes } from './orbit/routes.ts';
import { sandboxPaymentsRoutes } from './payments/routes.ts';
import { sandboxSportsbookAdminRoutes } from './sportsbook/admin.ts';
import { sportsbookProviderCommand } from './sportsbook/commands.ts';
import { sandboxSportsbookRoutes } from './sportsbook/routes.ts';

/**
 * The sandbox parties: separate parties behind the same HTTP boundary a real partner uses, each run
 * only when no real one is configured (which production refuses: each module's settings.ts).
 */
export const sandboxParties: ModuleManifest = {
  name: 'sandbox',
  commands: [sportsbookProviderCommand],
  adminRoutes: sandboxSportsbookAdminRoutes,
  setup(ctx) {
    const { config } = ctx;
    return {
      routes: [
        // Games: launches in, the signed seamless wallet out.
        ...(config.game.sandbox ? [{ prefix: '/sandbox/games', plugin: sandboxGamesRoutes(ctx) }] : []),
        // A second game aggregator (Lantern Hub): its own launch and wallet protocol, the same game engines.
        ...(config.game.aggregators.lantern?.sandbox
          ? [{ prefix: '/sandbox/lantern', plugin: sandboxLanternRoutes(ctx) }]
          : []),
        // The sportsbook: a signed launch in, the signed seamless wallet out, its own client.
        ...(config.sportsbook?.sandbox
          ? [{ prefix: '/sandbox/sportsbook', plugin: sandboxSportsbookRoutes(ctx) }]
          : []),
        // Payments: reached only over signed HTTP, reporting only through signed webhooks.
        ...(config.payment.sandbox ? [{ prefix: '/sandbox/pay', plugin: sandboxPaymentsRoutes(ctx) }] : []),
        // A second payment provider, another party: its own secret, API shape, signature and pages.
        ...(config.payment.orbit?.sandbox ? [{ prefix: '/sandbox/orbit', plugin: sandboxOrbitRoutes(ctx) }] : []),
        // Identity verification: signed calls in, signed webhooks out, its own pages.
        ...(config.kyc?.sandbox ? [{ prefix: '/sandbox/kyc', plugin: sandboxKycRoutes(ctx) }] : []),
      ],
    };
  },
};
