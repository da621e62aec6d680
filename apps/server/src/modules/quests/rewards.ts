/** A completed quest's rewards, each paid once. */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { atomic } from '../../db/atomic.ts';
import { joinedUnitOfWork } from '../../outbox/index.ts';
import { issueOffer, offerResult, type BonusRules } from '../bonus/index.ts';
import { awardPoints } from '../loyalty/index.ts';
import { questRewardPayouts, type PlayerQuestRow, type QuestDefinitionRow } from './tables.ts';

/**
 * Pays each reward of a completed quest once: its payout row is claimed first (a racing payer claims
 * nothing and pays nothing), then the bonus, free spins or points are given in a savepoint. A reward
 * the bonus engine refuses (disabled, not in this currency, the player excluded) is recorded as refused.
 */
export async function payRewards(tx: Tx, rules: BonusRules, quest: PlayerQuestRow, definition: QuestDefinitionRow) {
  for (const [position, reward] of definition.rewards.entries()) {
    const [claim] = await tx
      .insert(questRewardPayouts)
      .values({ playerQuestId: quest.id, position, result: 'pending' })
      .onConflictDoNothing()
      .returning();
    if (!claim) continue;
    let result: string;
    try {
      result = await atomic(tx, async (sp) => {
        if (reward.type === 3) {
          const given = await awardPoints(sp, {
            playerId: quest.playerId,
            points: BigInt(reward.points ?? 0),
            sourceKey: `quest:${quest.id}:${position}`,
          });
          return given ? `points:${reward.points}` : 'points:none';
        }
        // Asked for: the player took the quest on, its rewards shown (no consent rule, unlike a prize).
        const offer = await issueOffer(joinedUnitOfWork(sp), rules, {
          playerId: quest.playerId,
          definition: reward.bonus!,
          currency: quest.currency,
          source: 'quest',
        });
        return offerResult(offer);
      });
    } catch (error) {
      result = `refused: ${(error as Error).message}`.slice(0, 500);
    }
    await tx
      .update(questRewardPayouts)
      .set({ result })
      .where(and(eq(questRewardPayouts.playerQuestId, quest.id), eq(questRewardPayouts.position, position)));
  }
}
