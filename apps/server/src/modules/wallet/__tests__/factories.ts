import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { players, playerSessions } from '../../player/tables.ts';
import { credit } from '../ledger.ts';

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

/** A player signed in (a bearer header), with `euros` of real money credited by the operator when given. */
export async function signedInPlayer(ctx: AppContext, euros?: number) {
  const player = await createPlayer(ctx.db);
  const credited = euros
    ? await credit(ctx.db, {
        playerId: player.id,
        amount: euros,
        currency: 'EUR',
        idempotencyKey: randomUUID(),
        reason: 'test',
      })
    : null;
  return { ...player, accountId: credited?.account.id ?? null, auth: await authHeader(ctx, player.id) };
}
