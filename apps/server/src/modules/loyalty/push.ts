import { Channel, PushEvent, type EventMap, type LoyaltyAccount } from '@casino/contracts';
import type { OutboxConsumers } from '../../outbox/index.ts';
import { recentLevels, wireAccountOf } from './service.ts';

/**
 * Every change of a loyalty account is pushed to its player: `account.level.updated` on a new level,
 * else `account.balance.updated`; the account as the wire shows it, built from the event's facts.
 */
export function registerLoyaltyPush(consumers: OutboxConsumers): () => void {
  const stops = [
    consumers.registerPublisher('loyalty.account.updated', async ({ payload }, tx) => {
      const playerAccount = wireAccountOf(payload, await recentLevels(tx));
      if (!playerAccount) return []; // the levels were removed since: nothing to show
      return [
        {
          channel: Channel.retentionAccounts(payload.playerId),
          payload: {
            event: payload.change === 'level' ? PushEvent.accountLevelUpdated : PushEvent.accountBalanceUpdated,
            playerAccount,
          },
        },
      ];
    }),
    consumers.registerUpcast('loyalty.account.updated', 1, async (payload) => factsOfWire(payload)),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Version 1 carried the wire account; its facts are all in it. */
export function factsOfWire(payload: Record<string, unknown>): EventMap['loyalty.account.updated'] {
  const { playerId, change, previousOrder, account } = payload as {
    playerId: string;
    change: 'balance' | 'level';
    previousOrder: number;
    account: LoyaltyAccount;
  };
  return {
    playerId,
    accountId: account.id,
    change,
    points: String(account.points),
    levelOrder: account.currentLevel.order,
    previousOrder,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  };
}
