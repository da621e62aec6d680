import { eq } from 'drizzle-orm';
import { ErrorCode, PlayerStatus, type ClosureOpen, type CloseAccountBody } from '@casino/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { conflict, DomainError, notFound, unprocessable } from '../../lib/errors.ts';
import { noteChange } from '../../lib/audit-scope.ts';
import { verifyPassword } from '../../lib/password.ts';
import { withTransaction, type UnitOfWorkContext } from '../../outbox/index.ts';
import { listAccounts, listHiddenAccounts, lockAccount } from '../wallet/index.ts';
import { closePlayerSessions, WRONG_CURRENT_PASSWORD } from './passwords.ts';
import { players } from './tables.ts';

/**
 * What the closure needs of the modules that move money, wired by the composition root (app.ts) so the
 * player module depends on none of them: each answers, in the closure's transaction and under its locks,
 * what of the player's is still open.
 */
export type ClosurePorts = {
  /** The game module: sports tickets and casino rounds not settled. */
  openPlay(tx: Tx, playerId: string): Promise<Pick<ClosureOpen, 'sportsBets' | 'casinoRounds'>>;
  /** The payment module: deposits that may still be paid, withdrawals on their way. */
  openPayments(tx: Tx, playerId: string): Promise<Pick<ClosureOpen, 'deposits' | 'withdrawals'>>;
};

export const WITHDRAW_FIRST = 'Withdraw your balance before you close your account';

const WORDS: Record<keyof ClosureOpen, [one: string, many: string]> = {
  sportsBets: ['open sports bet', 'open sports bets'],
  casinoRounds: ['unfinished game round', 'unfinished game rounds'],
  deposits: ['unpaid deposit', 'unpaid deposits'],
  withdrawals: ['withdrawal on its way', 'withdrawals on their way'],
};

/** "You have 1 open sports bet and 1 unpaid deposit: settle them first" (null: nothing is open). */
export function openMessage(open: ClosureOpen): string | null {
  const parts = (Object.keys(WORDS) as (keyof ClosureOpen)[])
    .filter((key) => open[key] > 0)
    .map((key) => `${open[key]} ${WORDS[key][open[key] === 1 ? 0 : 1]}`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  const total = Object.values(open).reduce((sum, n) => sum + n, 0);
  return `You have ${list}: settle ${total === 1 ? 'it' : 'them'} first`;
}

/** All the player's accounts, hidden ones too. */
const allAccounts = async (db: DbOrTx, playerId: string) => [
  ...(await listAccounts(db, playerId)),
  ...(await listHiddenAccounts(db, playerId)),
];

/**
 * Whether real money is on any of the player's accounts: what a closed account needs for its owner to
 * sign in, withdraw-only (money that reached it after the close: a late provider call is never refused).
 */
export async function holdsRealMoney(db: DbOrTx, playerId: string): Promise<boolean> {
  return (await allAccounts(db, playerId)).some((a) => a.realBalance > 0);
}

/**
 * The player closes their own account: no sign-in afterwards and every session ends now. Nothing is
 * deleted (the regulator's retention period). Refused (409) while anything can still move money — an
 * open sports ticket or casino round, a deposit that may yet be paid, a withdrawal on its way — naming
 * what is open (`open`), and while real money is on any account. Bonus money is not real money: it goes
 * with the account. Answers the ended session ids.
 */
export async function closeAccount(
  ctx: UnitOfWorkContext,
  ports: ClosurePorts,
  playerId: string,
  body: CloseAccountBody,
): Promise<string[]> {
  const [player] = await ctx.db.select().from(players).where(eq(players.id, playerId)).limit(1);
  if (!player) return [];
  // A player who signs in only with Google has no password to give; their session is the proof.
  if (player.passwordHash && !(body.password && (await verifyPassword(body.password, player.passwordHash))))
    throw unprocessable(WRONG_CURRENT_PASSWORD, { password: [WRONG_CURRENT_PASSWORD] });
  // Twenty closes racing: the first closes, the others find it closed and answer as it did.
  return closeWhenSettled(ctx, ports, playerId, { alreadyClosed: 'done' });
}

/**
 * Closes the account under the same rule whoever asks (the player, or staff on their request): refused
 * while anything is open or real money is on an account. Answers the ended session ids. An account
 * closed already is done for the player (a close racing its own twin), a conflict for staff.
 */
export async function closeWhenSettled(
  ctx: UnitOfWorkContext,
  ports: ClosurePorts,
  playerId: string,
  { alreadyClosed }: { alreadyClosed: 'done' | 'refuse' },
) {
  return withTransaction(ctx, async (tx) => {
    // Decided under the player's row and every account's wallet lock, the one each balance change
    // takes: a bet, credit, deposit or withdrawal racing the close is either seen here or comes after
    // it (and then finds the account closed: a bet or a deposit is refused, a credit still lands).
    const [locked] = await tx
      .select({ status: players.status })
      .from(players)
      .where(eq(players.id, playerId))
      .for('update');
    if (!locked) throw notFound('No such player');
    if (locked.status === PlayerStatus.closed) {
      if (alreadyClosed === 'refuse') throw conflict('The account is closed already');
      return [];
    }
    for (const account of await allAccounts(tx, playerId)) await lockAccount(tx, account.id);
    const open: ClosureOpen = { ...(await ports.openPlay(tx, playerId)), ...(await ports.openPayments(tx, playerId)) };
    const message = openMessage(open);
    if (message) throw new DomainError(ErrorCode.conflict, message, undefined, { open });
    const current = await allAccounts(tx, playerId);
    if (current.some((a) => a.realBalance > 0 || a.lockedBalance > 0)) throw conflict(WITHDRAW_FIRST);
    await tx
      .update(players)
      .set({ status: PlayerStatus.closed, updatedAt: new Date() })
      .where(eq(players.id, playerId));
    noteChange({
      targetType: 'player',
      targetId: playerId,
      playerId,
      before: { status: locked.status },
      after: { status: PlayerStatus.closed },
    });
    return closePlayerSessions(tx, playerId, 'account_closed');
  });
}
