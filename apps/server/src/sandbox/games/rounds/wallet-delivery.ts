import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { WalletBodies } from '@casino/contracts';
import {
  sandboxGameRounds as rounds,
  sandboxGameSessions as sessions,
  type SandboxGameRound,
  type SandboxGameSession,
} from '../tables.ts';
import { retried, sessionWalletCall, type WalletResult } from '../wallet-client.ts';
import type { RoundsRuntime } from './runtime.ts';

export const rememberBalance = async ({ ctx }: RoundsRuntime, sessionId: string, result: WalletResult) => {
  const balance =
    result.kind === 'ok' ? result.answer.balance : result.kind === 'refused' ? result.error.balance : undefined;
  if (balance !== undefined)
    await ctx.db
      .update(sessions)
      .set({ balance })
      .where(and(eq(sessions.id, sessionId), eq(sessions.mode, 'real')));
};

/**
 * A win or rollback the casino must receive: the call (repeated while its fate is unknown when
 * `retry`), the balance it answered, and the round's wallet state. Null when the casino did not answer.
 */
async function deliver<C extends 'win' | 'rollback'>(
  rt: RoundsRuntime,
  session: SandboxGameSession,
  round: SandboxGameRound,
  call: C,
  payload: WalletBodies[C],
  retry: boolean,
): Promise<WalletResult | null> {
  const { ctx, log } = rt;
  const result = retry
    ? await retried(() => sessionWalletCall(ctx, session, call, payload, log))
    : await sessionWalletCall(ctx, session, call, payload, log);
  await rememberBalance(rt, session.id, result);
  if (result.kind === 'unknown') return null;
  const walletError = result.kind === 'refused' ? `${result.error.code} ${result.error.message}` : null;
  if (result.kind === 'refused') log.warn({ roundId: round.id, code: result.error.code }, `casino refused a ${call}`);
  await ctx.db.update(rounds).set({ walletPending: false, walletError }).where(eq(rounds.id, round.id));
  return result;
}

/** Sends a settled round's win (may be 0). Returns the casino's balance, or null when it did not answer. */
export async function deliverWin(
  rt: RoundsRuntime,
  session: SandboxGameSession,
  round: SandboxGameRound,
  retry: boolean,
) {
  const result = await deliver(
    rt,
    session,
    round,
    'win',
    {
      token: session.token!,
      transactionId: round.winTxId!,
      roundId: round.walletRoundId,
      gameIdentity: session.gameIdentity,
      amount: round.win,
      currency: session.currency,
      closeRound: round.closesWalletRound,
      ...(typeof round.params.grantId === 'string'
        ? { promotion: { kind: 'free-spins' as const, id: round.params.grantId } }
        : {}),
    },
    retry,
  );
  return result?.kind === 'ok' ? result.answer.balance : null;
}

/** Voids a bet whose fate is unknown: a rollback with a new transaction id that references it. */
export async function deliverRollback(
  rt: RoundsRuntime,
  session: SandboxGameSession,
  round: SandboxGameRound,
  retry: boolean,
): Promise<void> {
  await deliver(
    rt,
    session,
    round,
    'rollback',
    {
      token: session.token!,
      transactionId: round.rollbackTxId!,
      referenceTransactionId: round.betTxId!,
      roundId: round.walletRoundId,
      gameIdentity: session.gameIdentity,
    },
    retry,
  );
}

export async function voidPending(rt: RoundsRuntime, round: SandboxGameRound, retry: boolean): Promise<void> {
  const { ctx } = rt;
  const [voided] = await ctx.db
    .update(rounds)
    // settled_at: when the rollback goes (the day the provider's statement lists it on).
    .set({ status: 'voided', rollbackTxId: randomUUID(), walletPending: true, settledAt: new Date() })
    .where(and(eq(rounds.id, round.id), eq(rounds.status, 'pending')))
    .returning();
  if (!voided) return;
  const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, round.sessionId));
  if (session) await deliverRollback(rt, session, voided, retry);
}
