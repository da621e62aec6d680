import type { ModuleManifest } from '../../lib/module.ts';
import { gameAdminRoutes } from './admin.ts';
import { catalogueMediaRoutes } from './catalogue/media-routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { gameCommand } from './commands.ts';
import { historyRoutes } from './history/routes.ts';
import { createWinners } from './history/winners.ts';
import { playRoutes } from './play/routes.ts';
import { registerBetRefusalPushes } from './provider-wallet/service.ts';
import { aggregatorWalletRoutes } from './providers/registry.ts';
import { gameSettings } from './settings.ts';

/**
 * Games: the catalogue and its artwork, launches, histories and the winners feed, and the seamless
 * wallet each aggregator calls in its own protocol (providers/<id>/); the pushes of refused bets and settled tickets, and the winners feed's.
 */
export const gameModule: ModuleManifest = {
  name: 'game',
  commands: [gameCommand],
  adminRoutes: gameAdminRoutes,
  settings: gameSettings,
  setup(ctx) {
    const winners = createWinners(ctx.broker, ctx.log);
    return {
      routes: [
        { prefix: '/api/game', plugin: catalogueRoutes(ctx) },
        { prefix: '/media/v1', plugin: catalogueMediaRoutes(ctx) },
        { prefix: '/api/game', plugin: playRoutes(ctx) },
        { prefix: '/api/game', plugin: historyRoutes(ctx, winners) },
        ...aggregatorWalletRoutes(ctx),
      ],
      events: [
        registerBetRefusalPushes,
        (consumers) => consumers.registerPublisher('game.bet.settled', winners.publish),
      ],
      close: winners.stop,
    };
  },
};
