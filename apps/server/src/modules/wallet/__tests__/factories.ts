import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { players, playerSessions } from '../../player/tables.ts';

/** A bare player row (no accounts), with a unique email. */
export async function createPlayer(
  db: DbOrTx,
  email = `p-${randomUUID()}@example.com`,
): Promise<{ id: string; email: string }> {
  const [player] = await db
    .insert(players)
    .values({ email, passwordHash: 'x', currency: 'EUR', agreedTc: true })
    .returning({ id: players.id });
  return { id: player!.id, email };
}

/** A bearer header for the player: an open session whose current token is the signed one. */
export async function authHeader(ctx: AppContext, playerId: string): Promise<{ authorization: string }> {
  const [session] = await ctx.db
    .insert(playerSessions)
    .values({ playerId, tokenId: 'pending' })
    .returning({ id: playerSessions.id });
  const { token, tokenId } = await ctx.tokens.sign(playerId, session!.id);
  await ctx.db.update(playerSessions).set({ tokenId }).where(eq(playerSessions.id, session!.id));
  return { authorization: `Bearer ${token}` };
}
