import { Channel, PushEvent, type Account, type EventMap } from '@casino/contracts';
import type { OutboxConsumers } from '../../outbox/index.ts';
import { wireAccount } from './wire-account.ts';

/** The wire account of a balance change (`wallet.balance.changed` as wallet_post_locked writes it:
 * balances after the change, minor units), by the one mapping (wire-account.ts). */
export const wireAccountOf = (change: EventMap['wallet.balance.changed']): Account =>
  wireAccount({
    id: change.accountId,
    currency: change.currency,
    active: change.active,
    real: BigInt(change.real),
    bonus: BigInt(change.bonus),
    locked: BigInt(change.locked),
  });

/** Every balance change is pushed to its player as `account.balance.updated` with the whole account. */
export function registerBalancePush(consumers: OutboxConsumers): () => void {
  return consumers.registerPublisher('wallet.balance.changed', async ({ payload: change }) => {
    return [
      {
        channel: Channel.walletAccounts(change.playerId),
        payload: { event: PushEvent.accountBalanceUpdated, account: wireAccountOf(change) },
      },
    ];
  });
}
