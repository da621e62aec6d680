import type { GameAggregator } from '../types.ts';
import { lanternLaunch } from './launch.ts';
import { LANTERN_ID } from './id.ts';
import { lanternWalletRoutes } from './wallet-routes.ts';

/**
 * Lantern Hub, a second aggregator with a common seamless-wallet shape of its own
 * (docs/lantern-wallet-api.md): LANTERN_URL and LANTERN_SECRET, or the sandbox Lantern at
 * /sandbox/lantern outside production.
 */
export const lanternAggregator: GameAggregator = {
  id: LANTERN_ID,
  grantsFreespins: false,
  runs: (ctx) => ctx.config.game.aggregators.lantern !== null,
  launch: lanternLaunch,
  walletRoutes: (ctx) => ({ prefix: '/api/game-wallet/lantern', plugin: lanternWalletRoutes(ctx) }),
};
