import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  crashTimeOf,
  playRound,
  type CrashParams,
  type EngineId,
  type EngineOutcome,
  type SlotOutcome,
} from '@casino/games/engines';
import type { Tx } from '../../../db/client.ts';
import {
  sandboxGameRounds as rounds,
  sandboxGameSessions as sessions,
  type SandboxGameRound,
  type SandboxGameSession,
} from '../tables.ts';

export type PlayInput = {
  roundId: string;
  insert: boolean;
  bet: number;
  freeSpin: boolean;
  params: Record<string, unknown>;
  betTxId: string | null;
  /** A spin of free spins the casino granted: a paid spin's outcome at the grant's stake, no stake taken. */
  grantStake?: number;
};

/** When a crash round ends by itself: its auto cash-out if that comes first, else its crash. */
export function crashDueMs(crashPoint: number, autoCashout: number | undefined): number {
  return autoCashout !== undefined && autoCashout <= crashPoint ? crashTimeOf(autoCashout) : crashTimeOf(crashPoint);
}

/**
 * What an outcome does to the session and the round: the session's nonce, free spins and demo balance;
 * the round's status, win, due time and wallet round. A crash round stays open.
 */
function effectsOf(session: SandboxGameSession, input: PlayInput, outcome: EngineOutcome, now: Date) {
  const demo = session.mode === 'demo';
  const sessionUpdate: Partial<SandboxGameSession> = { nonce: session.nonce + 1 };
  let balance = session.balance - (demo ? input.bet : 0);
  let status = 'settled';
  let win = outcome.totalWin;
  let settleAt: Date | null = null;
  let closesWalletRound = true;
  let walletRoundId = input.roundId;

  if (outcome.kind === 'crash') {
    status = 'open';
    win = 0;
    settleAt = new Date(now.getTime() + crashDueMs(outcome.crashPoint, (input.params as CrashParams).autoCashout));
  } else if (outcome.kind === 'slot') {
    const awarded = (outcome as SlotOutcome).freeSpinsAwarded;
    if (input.freeSpin) {
      walletRoundId = session.freeSpinsRoundId ?? input.roundId;
      const left = session.freeSpinsLeft - 1 + awarded;
      Object.assign(
        sessionUpdate,
        { freeSpinsLeft: left },
        left === 0 ? { freeSpinsBet: 0, freeSpinsRoundId: null } : {},
      );
      closesWalletRound = left === 0;
    } else if (awarded > 0) {
      Object.assign(sessionUpdate, {
        freeSpinsLeft: awarded,
        freeSpinsBet: input.bet,
        freeSpinsRoundId: input.roundId,
      });
      closesWalletRound = false;
    }
  }
  if (demo) {
    if (status === 'settled') balance += win;
    sessionUpdate.balance = balance;
  }
  return { sessionUpdate, status, win, settleAt, closesWalletRound, walletRoundId };
}

/**
 * Plays the round with the session row locked: takes the nonce, computes the outcome, updates the
 * session (nonce, free spins, demo balance) and writes the round. A crash round is left open.
 */
export async function playLocked(
  tx: Tx,
  session: SandboxGameSession,
  input: PlayInput,
): Promise<{ round: SandboxGameRound; session: SandboxGameSession }> {
  const engine = session.engine as EngineId;
  const now = new Date();
  const demo = session.mode === 'demo';
  const granted = input.grantStake !== undefined;
  const betBasis = granted ? input.grantStake! : input.freeSpin ? session.freeSpinsBet : input.bet;
  const fair = { serverSeed: session.serverSeed, clientSeed: session.clientSeed, nonce: session.nonce };
  let outcome: EngineOutcome = await playRound(engine, fair, betBasis, input.params as never, {
    freeSpin: input.freeSpin && !granted,
  });
  // A granted spin is one round with one win (the casino counts it so): it awards no feature spins.
  if (granted && outcome.kind === 'slot') outcome = { ...outcome, freeSpinsAwarded: 0 } as SlotOutcome;

  const { sessionUpdate, status, win, settleAt, closesWalletRound, walletRoundId } = effectsOf(
    session,
    input,
    outcome,
    now,
  );
  const [updatedSession] = await tx.update(sessions).set(sessionUpdate).where(eq(sessions.id, session.id)).returning();

  const values = {
    nonce: fair.nonce,
    serverSeed: fair.serverSeed,
    serverSeedHash: session.serverSeedHash,
    clientSeed: fair.clientSeed,
    outcome: outcome as unknown as Record<string, unknown>,
    win,
    status,
    walletRoundId,
    closesWalletRound,
    settleAt,
    startedAt: now,
    settledAt: status === 'settled' ? now : null,
    winTxId: !demo && status === 'settled' ? randomUUID() : null,
    walletPending: !demo && status === 'settled',
  };
  const [round] = input.insert
    ? await tx
        .insert(rounds)
        .values({
          id: input.roundId,
          sessionId: session.id,
          bet: input.bet,
          betBasis,
          params: input.params,
          isFreeSpin: input.freeSpin || granted,
          betTxId: input.betTxId,
          ...values,
        })
        .returning()
    : await tx.update(rounds).set(values).where(eq(rounds.id, input.roundId)).returning();
  return { round: round!, session: updatedSession! };
}
