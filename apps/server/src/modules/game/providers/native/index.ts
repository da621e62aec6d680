import type { GameAggregator } from '../types.ts';
import { nativeLaunchCall } from './launch.ts';
import { nativeStatement } from './statement.ts';
import { providerWalletRoutes } from './wallet-routes.ts';

/**
 * The native aggregator: the casino's own protocol (docs/provider-wallet-api.md), spoken by the sandbox
 * game provider at /sandbox/games and by any aggregator set as GAME_PROVIDER_URL. Its secret is
 * GAME_WALLET_SECRET (`ctx.gameWalletSecret`), which the sportsbook provider shares.
 */
export const nativeAggregator: GameAggregator = {
  id: 'native',
  grantsFreespins: true,
  runs: () => true,
  launch(ctx, launch, log) {
    const base = ctx.config.game.providerUrl ?? ctx.selfUrl();
    return nativeLaunchCall(ctx, `${base}/sandbox/games/api/launch`, launch, log, 'game provider');
  },
  walletRoutes: (ctx) => ({ prefix: '/api/provider-wallet', plugin: providerWalletRoutes(ctx) }),
  statement: nativeStatement,
};
