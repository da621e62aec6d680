import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { ProviderFreespinGrant } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { sandboxFreeSpinGrants as grants, type SandboxFreeSpinGrant, type SandboxGameSession } from '../tables.ts';

/**
 * Free spins the casino granted that this session can play: how many of how many are left, at what
 * stake, what they have won so far and what the casino said the winnings become (a bonus to wager
 * `wagerMultiplier` times; null when it did not say).
 */
export type GrantState = {
  id: string;
  count: number;
  left: number;
  stake: number;
  won: number;
  wagerMultiplier: number | null;
};
export type FreeSpinGrantState = GrantState | null;

export const grantState = (row: SandboxFreeSpinGrant): GrantState => ({
  id: row.grantId,
  count: row.count,
  left: row.count - row.used,
  stake: row.stake,
  won: row.won,
  wagerMultiplier: row.wagerMultiplier,
});

/** The grant this session may play (the launch's player, game and currency; spins left, not revoked or expired). */
export async function grantOf(
  ctx: AppContext,
  session: SandboxGameSession,
  tx: Tx | null = null,
): Promise<FreeSpinGrantState> {
  if (session.mode !== 'real' || session.engine !== 'slot' || !session.playerRef) return null;
  // Grants come through the native provider's API: the sandbox Lantern has no free spins to play.
  if (session.party !== 'games') return null;
  const db = tx ?? ctx.db;
  const [row] = await db
    .select()
    .from(grants)
    .where(
      and(
        eq(grants.playerRef, session.playerRef),
        eq(grants.gameIdentity, session.gameIdentity),
        eq(grants.currency, session.currency),
        isNull(grants.revokedAt),
        gt(grants.expiresAt, new Date()),
        lt(grants.used, grants.count),
      ),
    )
    .orderBy(asc(grants.createdAt))
    .limit(1);
  return row ? grantState(row) : null;
}

/** The casino grants free spins; the same grant again changes nothing. */
export async function grant(ctx: AppContext, body: ProviderFreespinGrant) {
  await ctx.db
    .insert(grants)
    .values({
      grantId: body.grantId,
      playerRef: body.playerId,
      gameIdentity: body.gameIdentity,
      currency: body.currency,
      count: body.count,
      stake: body.stake,
      wagerMultiplier: body.winnings?.wagerMultiplier ?? null,
      expiresAt: new Date(body.expiresAt),
    })
    .onConflictDoNothing({ target: grants.grantId });
  const [row] = await ctx.db.select().from(grants).where(eq(grants.grantId, body.grantId));
  return { grantId: row!.grantId, count: row!.count, used: row!.used };
}

/** The casino revokes a grant: its spins left can no longer be played. */
export async function revoke(ctx: AppContext, grantId: string) {
  await ctx.db
    .update(grants)
    .set({ revokedAt: new Date() })
    .where(and(eq(grants.grantId, grantId), isNull(grants.revokedAt)));
  return { grantId };
}
