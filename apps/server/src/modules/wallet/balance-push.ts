import { Channel, PushEvent, toMajor, type Account, type EventMap } from '@casino/contracts';
import type { OutboxConsumers } from '../../outbox/index.ts';
import { subunitOf } from '../settings/index.ts';

/**
 * The wire account of a balance change (`wallet.balance.changed` as wallet_post_locked writes it:
 * balances after the change, minor units): the same mapping as the database's wallet_wire_account.
 */
export function wireAccountOf(change: EventMap['wallet.balance.changed']): Account {
  const subunit = subunitOf(change.currency);
  const real = BigInt(change.real);
  const bonus = BigInt(change.bonus);
  return {
    id: change.accountId,
    currency: change.currency,
    status: change.active ? 1 : 2,
    balance: toMajor(real + bonus, subunit),
    realBalance: toMajor(real, subunit),
    bonusBalance: toMajor(bonus, subunit),
    lockedBalance: toMajor(BigInt(change.locked), subunit),
    withdrawalBalance: toMajor(real, subunit),
  } as Account;
}

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
