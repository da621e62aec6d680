import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loyaltyAccounts, loyaltyPointEntries } from './tables.ts';

export type PointsAward = {
  playerId: string;
  points: bigint;
  /** What earned them (`round:<id>`, `quest:<id>:<n>`, `tournament:<id>:<place>`): each key counts once per player. */
  sourceKey: string;
};

/**
 * Adds points to the player's loyalty account once per `sourceKey` (false: already counted). Runs in
 * the caller's transaction. (The loyalty issue completes it: the level it reaches, its reward, the event.)
 */
export async function awardPoints(tx: DbOrTx, award: PointsAward): Promise<boolean> {
  if (award.points <= 0n) return false;
  const [entry] = await tx
    .insert(loyaltyPointEntries)
    .values({ playerId: award.playerId, sourceKey: award.sourceKey, points: award.points })
    .onConflictDoNothing()
    .returning({ points: loyaltyPointEntries.points });
  if (!entry) return false;
  await tx
    .insert(loyaltyAccounts)
    .values({ playerId: award.playerId, points: award.points })
    .onConflictDoUpdate({
      target: loyaltyAccounts.playerId,
      set: { points: sql`${loyaltyAccounts.points} + ${award.points}`, updatedAt: sql`now()` },
    });
  return true;
}
