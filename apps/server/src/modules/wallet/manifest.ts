import type { ModuleManifest } from '../../lib/module.ts';
import { createAccountsReader } from './accounts.ts';
import { registerBalancePush } from './balance-push.ts';
import { walletRoutes } from './routes.ts';

/** Currency accounts: their routes, the balance push, and this node's accounts list kept fresh by it. */
export const walletModule: ModuleManifest = {
  name: 'wallet',
  setup(ctx) {
    const accounts = createAccountsReader(ctx);
    return {
      routes: [{ prefix: '/api/wallet', plugin: walletRoutes(ctx, accounts) }],
      events: [
        registerBalancePush,
        // A change written by another process reaches this node's list as the push lane delivers it.
        (consumers) => consumers.onDelivery('wallet.balance.changed', (row) => accounts.forget(row.payload.playerId)),
      ],
      close: accounts.stop,
    };
  },
};
