import { balanceUpdatedSchema, Channel } from '@casino/contracts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { refreshAccounts, replaceAccount } from './accounts-cache.ts';

/**
 * Live balances: each `account.balance.updated` carries the full account, which replaces the cached
 * one. The list is refetched once the channel is first subscribed (a credit between the list's load
 * and the subscription, seconds apart on a busy phone, was never pushed to this page), and when a
 * resubscribe could not recover what was published meanwhile: a missed push would otherwise leave a
 * wrong balance on screen.
 */
export function subscribeWalletAccounts(playerId: string): Promise<() => void> {
  let subscribedBefore = false;
  return subscribeChannel(Channel.walletAccounts(playerId), {
    onPublication(data) {
      const push = balanceUpdatedSchema.safeParse(data);
      if (push.success) replaceAccount(push.data.account);
    },
    onSubscribed(ctx) {
      if (!subscribedBefore || !ctx.recovered) void refreshAccounts();
      subscribedBefore = true;
    },
  });
}
