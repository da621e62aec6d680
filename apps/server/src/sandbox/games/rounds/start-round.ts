import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { casinoRefusal, walletUnavailable } from '../errors.ts';
import {
  sandboxGameRounds as rounds,
  sandboxGameSessions as sessions,
  type SandboxGameRound,
  type SandboxGameSession,
} from '../tables.ts';
import { sessionWalletCall } from '../wallet-client.ts';
import { fairnessOf, toWireRound, type WireRound } from '../wire.ts';
import { schedule } from './crash.ts';
import { grantOf, type FreeSpinGrantState, type GrantState } from './grants.ts';
import { playLocked } from './play.ts';
import { reserveRound, type StartInput } from './reserve.ts';
import { lockSession, type RoundsRuntime } from './runtime.ts';
import { sessionOf } from './reads.ts';
import { settleDue } from './settle-due.ts';
import { deliverWin, rememberBalance, voidPending } from './wallet-delivery.ts';

export type RoundAnswer = {
  round: WireRound;
  balance: number;
  freeSpinsLeft: number;
  /** The grant the next free spin plays (another one once this one is used up), or null. */
  freeSpinGrant: FreeSpinGrantState;
  /** A granted spin: its grant as it is after the spin (`left` 0 after the last: the game shows its summary). */
  grantPlayed?: GrantState;
  fairness: ReturnType<typeof fairnessOf>;
};

/**
 * A pending round's bet goes to the casino; once taken, the round is played. A refused bet rejects the
 * round, a bet without an answer is voided. Answers the round, its session and the balance the bet left.
 */
async function placeBet(
  rt: RoundsRuntime,
  reserved: { session: SandboxGameSession; round: SandboxGameRound; previousRoundAt: Date | null },
  now: Date,
) {
  const { ctx, log } = rt;
  const { session, round } = reserved;
  const bet = await sessionWalletCall(
    ctx,
    session,
    'bet',
    {
      token: session.token!,
      transactionId: round.betTxId!,
      roundId: round.walletRoundId,
      gameIdentity: session.gameIdentity,
      amount: round.bet,
      currency: session.currency,
    },
    log,
  );
  await rememberBalance(rt, session.id, bet);
  if (bet.kind === 'refused') {
    await ctx.db.transaction(async (tx) => {
      await tx.update(rounds).set({ status: 'rejected' }).where(eq(rounds.id, round.id));
      // A refused bet is no round: the next attempt need not wait the minimum spin duration.
      await tx
        .update(sessions)
        .set({ lastRoundAt: reserved.previousRoundAt })
        .where(and(eq(sessions.id, session.id), eq(sessions.lastRoundAt, now)));
    });
    throw casinoRefusal(bet.status, bet.error);
  }
  if (bet.kind === 'unknown') {
    await voidPending(rt, round, true);
    throw walletUnavailable();
  }
  const played = await ctx.db.transaction(async (tx) => {
    const locked = await lockSession(tx, session.id);
    return playLocked(tx, locked!, {
      roundId: round.id,
      insert: false,
      bet: round.bet,
      freeSpin: false,
      params: round.params,
      betTxId: round.betTxId,
    });
  });
  return { ...played, betBalance: bet.answer.balance };
}

/** A round from the bet to the answer: reserved, its bet with the casino, played, its win delivered. */
export async function startRound(rt: RoundsRuntime, sessionId: string, input: StartInput): Promise<RoundAnswer> {
  // The minimum spin duration counts between arrivals, not between whenever the database got to them.
  const now = new Date();
  // Another party's session is not this one's to play (404 before any work).
  await sessionOf(rt, sessionId);
  await settleDue(rt, sessionId);
  const roundId = randomUUID();
  const reserved = await reserveRound(rt.ctx, sessionId, input, roundId, now);

  let { session, round } = reserved;
  let betBalance: number | null = null;
  if (reserved.kind === 'pending') ({ session, round, betBalance } = await placeBet(rt, reserved, now));

  let balance = session.balance;
  if (session.mode === 'real') {
    if (round.status === 'settled') {
      const after = await deliverWin(rt, session, round, true);
      balance = after ?? (betBalance ?? session.balance) + round.win;
    } else {
      balance = betBalance ?? session.balance;
    }
  }
  if (round.status === 'open') schedule(rt, round);
  return {
    round: toWireRound(round),
    balance,
    freeSpinsLeft: session.freeSpinsLeft,
    freeSpinGrant: await grantOf(rt.ctx, session),
    ...(reserved.kind === 'played' && reserved.grantPlayed ? { grantPlayed: reserved.grantPlayed } : {}),
    fairness: fairnessOf(session),
  };
}
