import { Channel, loyaltyAccountPushSchema, type PlayerInit } from '@casino/contracts';
import { playerInitQuery } from '@/shared/lib/player-init.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { cachedLoyaltyAccount, refreshLoyaltyAccount, setLoyaltyAccount } from './api.ts';
import { emitLoyaltyLevelUpdated } from './level-events.ts';

/**
 * `retention:accounts#<playerId>` (loyalty on): the account's points and level. Each push replaces the
 * account; a higher `currentLevel.order` than the one known is a level-up, told once. After a
 * resubscribe that could not replay what was missed the account is read again.
 */
export async function subscribeLoyaltyAccount(playerId: string): Promise<() => void> {
  // The site's flags are known by now (the root route loads them); loyalty off: nothing to follow.
  if (queryClient.getQueryData<PlayerInit>(playerInitQuery.queryKey)?.features.loyalty === false) return () => {};
  let subscribedBefore = false;
  let knownOrder: number | null = cachedLoyaltyAccount()?.currentLevel.order ?? null;
  return subscribeChannel(Channel.retentionAccounts(playerId), {
    onPublication(data) {
      const push = loyaltyAccountPushSchema.safeParse(data);
      if (!push.success) return;
      const account = push.data.playerAccount;
      const before = cachedLoyaltyAccount()?.currentLevel.order ?? knownOrder;
      // Pushes may cross: an older one never replaces a newer account.
      const cached = cachedLoyaltyAccount();
      if (!cached || account.points >= cached.points) setLoyaltyAccount(account);
      const risen = before === null ? push.data.event === 'account.level.updated' : account.currentLevel.order > before;
      knownOrder = Math.max(before ?? 0, account.currentLevel.order);
      if (risen) emitLoyaltyLevelUpdated(account);
    },
    onSubscribed(ctx) {
      if (subscribedBefore && !ctx.recovered) void refreshLoyaltyAccount();
      subscribedBefore = true;
    },
  });
}
