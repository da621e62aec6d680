import type { ModuleManifest } from '../../lib/module.ts';
import type { FindPlayer } from '../../lib/player-naming.ts';
import { createAccountsReader } from './accounts.ts';
import { walletAdminRoutes } from './admin.ts';
import { registerBalancePush } from './balance-push.ts';
import { creditCommand, debitCommand } from './commands.ts';
import { walletRoutes } from './routes.ts';

/** What the wallet needs of other modules: the player an operator's credit or debit names (the player module's). */
export type WalletPorts = { playerOf: FindPlayer };

/** Currency accounts: their routes, the balance push, and this node's accounts list kept fresh by it. */
export const walletModule = (ports: WalletPorts): ModuleManifest => ({
  name: 'wallet',
  commands: [creditCommand(ports.playerOf), debitCommand(ports.playerOf)],
  adminRoutes: walletAdminRoutes,
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
});
