import { eq } from 'drizzle-orm';
import { PlayerStatus, type CloseAccountBody } from '@casino/contracts';
import { conflict, unprocessable } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { listAccounts, listHiddenAccounts, lockAccount } from '../wallet/index.ts';
import { closePlayerSessions, WRONG_CURRENT_PASSWORD } from './passwords.ts';
import { players } from './tables.ts';

export const WITHDRAW_FIRST = 'Withdraw your balance before you close your account';

/**
 * The player closes their own account: no sign-in afterwards and every session ends now. Nothing is
 * deleted (the regulator's retention period). Refused while real money is on any account or a
 * withdrawal is still under way (locked), so nothing is left behind that the player cannot reach.
 * Bonus money is not real money: it goes with the account. Answers the ended session ids.
 */
export async function closeAccount(
  ctx: UnitOfWorkContext,
  playerId: string,
  body: CloseAccountBody,
): Promise<string[]> {
  const [player] = await ctx.db.select().from(players).where(eq(players.id, playerId)).limit(1);
  if (!player) return [];
  // A player who signs in only with Google has no password to give; their session is the proof.
  if (player.passwordHash && !(body.password && (await verifyPassword(body.password, player.passwordHash))))
    throw unprocessable(WRONG_CURRENT_PASSWORD, { password: [WRONG_CURRENT_PASSWORD] });
  return withTransaction(ctx, async (tx) => {
    // Decided under the player's row and every account's wallet lock, the one each balance change
    // takes: a credit or withdrawal racing the close is either seen here or comes after it.
    await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId)).for('update');
    const accounts = [...(await listAccounts(tx, playerId)), ...(await listHiddenAccounts(tx, playerId))];
    for (const account of accounts) await lockAccount(tx, account.id);
    const current = [...(await listAccounts(tx, playerId)), ...(await listHiddenAccounts(tx, playerId))];
    if (current.some((a) => a.realBalance > 0 || a.lockedBalance > 0)) throw conflict(WITHDRAW_FIRST);
    await tx
      .update(players)
      .set({ status: PlayerStatus.closed, updatedAt: new Date() })
      .where(eq(players.id, playerId));
    return closePlayerSessions(tx, playerId, 'account_closed');
  });
}
