import { Channel, PushEvent } from '@casino/contracts';
import type { OutboxConsumers } from '../../outbox/index.ts';

/** Every change of a loyalty account is pushed to its player: `account.level.updated` on a new level, else `account.balance.updated`. */
export function registerLoyaltyPush(consumers: OutboxConsumers): () => void {
  return consumers.registerPublisher('loyalty.account.updated', ({ payload }) => [
    {
      channel: Channel.retentionAccounts(payload.playerId),
      payload: {
        event: payload.change === 'level' ? PushEvent.accountLevelUpdated : PushEvent.accountBalanceUpdated,
        playerAccount: payload.account,
      },
    },
  ]);
}
