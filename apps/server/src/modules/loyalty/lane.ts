import { BASE_CURRENCY, type EventMap } from '@casino/contracts';
import type { Tx } from '../../db/client.ts';
import { atomic } from '../../db/atomic.ts';
import { DomainError } from '../../lib/errors.ts';
import { joinedUnitOfWork, type OutboxConsumers, type OutboxRow } from '../../outbox/index.ts';
import { issueOffer, offerResult, type BonusRules } from '../bonus/index.ts';
import { playerHome } from '../player/index.ts';
import { claimReward, creditRounds, rewardsDue, setRewardResult } from './service.ts';

export const LOYALTY_LANE = 'loyalty';

/** The lane's batch: a run of settled rounds, credited in one statement (a redelivered round counts nothing). */
export const settledBatch = (rows: readonly OutboxRow<'game.bet.settled'>[], tx: Tx) =>
  creditRounds(
    tx,
    rows.map((row) => row.payload),
  );

/**
 * Pays the rewards of the levels an account passed, each once per player: the `loyalty_level_rewards`
 * row is claimed first (its key decides a race: the second claim waits for the first and finds it),
 * then the bonus is issued through the bonus engine as an unasked promotion (`issueOffer`'s consent
 * rule: withheld without `receiveBonus`, and not paid later), in the player's registration currency. A reward the bonus engine
 * refuses (definition missing or off, not offered in that currency, the player excluded) is recorded
 * with why, and not tried again.
 */
export async function payLevelRewards(
  tx: Tx,
  rules: BonusRules,
  change: Pick<EventMap['loyalty.account.updated'], 'playerId' | 'previousOrder' | 'levelOrder'>,
): Promise<string[]> {
  const results: string[] = [];
  const due = await rewardsDue(tx, change.playerId, change.previousOrder, change.levelOrder);
  for (const level of due) {
    if (!(await claimReward(tx, change.playerId, level.level_id, 'pending'))) continue;
    let result: string;
    const currency = (await playerHome(tx, change.playerId))?.currency ?? BASE_CURRENCY;
    try {
      result = await atomic(tx, async (sp) =>
        offerResult(
          await issueOffer(joinedUnitOfWork(sp), rules, {
            playerId: change.playerId,
            definition: level.reward_bonus,
            currency,
            source: 'loyalty',
            unasked: true,
          }),
        ),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result = `refused: ${error.message}`;
    }
    await setRewardResult(tx, change.playerId, level.level_id, result);
    results.push(result);
  }
  return results;
}

/**
 * The `loyalty` lane: settled rounds earn points (a batch at a time), and a level reached pays its
 * rewards. Starts from now: rounds settled before loyalty ran earn nothing.
 */
export function registerLoyaltyLane(consumers: OutboxConsumers, rules: BonusRules): () => void {
  return consumers.register({
    name: LOYALTY_LANE,
    startFrom: 'now',
    handlers: {},
    batches: {
      'game.bet.settled': async (rows, tx) => {
        await settledBatch(rows, tx);
      },
      // Mostly balance changes, which ask nothing here: a run of them costs one savepoint, not one each.
      'loyalty.account.updated': async (rows, tx) => {
        for (const { payload } of rows) if (payload.change === 'level') await payLevelRewards(tx, rules, payload);
      },
    },
  });
}
