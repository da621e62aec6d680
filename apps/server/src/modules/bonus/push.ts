import { Channel, PushEvent, toMajor } from '@casino/contracts';
import type { OutboxConsumers } from '../../outbox/index.ts';
import { subunitOf } from '../settings/index.ts';
import { wagerPercentage } from './service.ts';

/** Every bonus change is pushed to its player: `player.bonus.created` when issued, else `player.bonus.updated`. */
export function registerBonusPush(consumers: OutboxConsumers): () => void {
  return consumers.registerPublisher('bonus.updated', async (row) => {
    const change = row.payload;
    const subunit = subunitOf(change.currency);
    const [progress, required] = [BigInt(change.progress), BigInt(change.required)];
    return [
      {
        channel: Channel.playerBonuses(change.playerId),
        payload: {
          event: change.change === 'issued' ? PushEvent.playerBonusCreated : PushEvent.playerBonusUpdated,
          playerBonus: {
            id: change.bonusId,
            name: change.name,
            status: change.status,
            result: change.result,
            amount: toMajor(BigInt(change.amount), subunit),
            currency: change.currency,
            currentWagerAmount: toMajor(progress, subunit),
            requiredWagerCasinoAmount: toMajor(required, subunit),
            currentWagerPercentage: wagerPercentage(progress, required),
          },
        },
      },
    ];
  });
}
