import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { crashMultiplierAt, crashTimeOf, playRound, type CrashOutcome, type CrashParams } from '@casino/games/engines';
import type { Tx } from '../../../db/client.ts';
import {
  sandboxGameRounds as rounds,
  sandboxGameSessions as sessions,
  type SandboxGameRound,
  type SandboxGameSession,
} from '../tables.ts';
import { crashDueMs } from './play.ts';
import { lockSession, type RoundsRuntime } from './runtime.ts';
import { deliverWin } from './wallet-delivery.ts';

/** Settles a crash round in the transaction, when it is open and due (or cashed out by hand). */
async function settleLocked(tx: Tx, target: Pick<SandboxGameRound, 'id' | 'sessionId'>, manual: boolean, now: number) {
  const session = await lockSession(tx, target.sessionId);
  const [round] = await tx.select().from(rounds).where(eq(rounds.id, target.id)).for('update');
  if (!session || !round) return null;
  if (round.status !== 'open') return { round, session, changed: false };
  const params = round.params as CrashParams;
  const crashPoint = (round.outcome as unknown as CrashOutcome).crashPoint;
  const elapsed = now - round.startedAt!.getTime();
  if (!manual && elapsed < crashDueMs(crashPoint, params.autoCashout)) return { round, session, changed: false };
  // A cash-out counts only before the crash; the engine applies the auto cash-out if it came first.
  const cashedAt = manual && elapsed < crashTimeOf(crashPoint) ? crashMultiplierAt(elapsed) : null;
  const outcome = await playRound(
    'crash',
    { serverSeed: round.serverSeed!, clientSeed: round.clientSeed!, nonce: round.nonce! },
    round.betBasis,
    params,
    { cashout: cashedAt },
  );
  const demo = session.mode === 'demo';
  const [settled] = await tx
    .update(rounds)
    .set({
      status: 'settled',
      outcome: outcome as unknown as Record<string, unknown>,
      win: outcome.totalWin,
      settledAt: new Date(now),
      winTxId: demo ? null : randomUUID(),
      walletPending: !demo,
    })
    .where(eq(rounds.id, round.id))
    .returning();
  let updated = session;
  if (demo && outcome.totalWin > 0) {
    const [row] = await tx
      .update(sessions)
      .set({ balance: sql`${sessions.balance} + ${outcome.totalWin}` })
      .where(eq(sessions.id, session.id))
      .returning();
    updated = row!;
  }
  return { round: settled!, session: updated, changed: true };
}

/**
 * Ends an open crash round: by the player's cash-out (`manual`), or because its time came (crash or
 * auto cash-out). Returns the round as it is afterwards (unchanged if it was not due).
 */
export async function settleCrash(
  rt: RoundsRuntime,
  target: Pick<SandboxGameRound, 'id' | 'sessionId'>,
  manual: boolean,
): Promise<{ round: SandboxGameRound; session: SandboxGameSession } | null> {
  const now = Date.now();
  const done = await rt.ctx.db.transaction((tx) => settleLocked(tx, target, manual, now));
  if (!done) return null;
  if (done.changed && done.session.mode === 'real') {
    const delivery = deliverWin(rt, done.session, done.round, manual);
    rt.winsInFlight.set(done.round.id, delivery);
    const balance = await delivery.finally(() => rt.winsInFlight.delete(done.round.id));
    if (balance !== null) done.session = { ...done.session, balance };
    else done.session = { ...done.session, balance: done.session.balance + done.round.win };
  }
  return { round: done.round, session: done.session };
}

export function schedule(rt: RoundsRuntime, round: SandboxGameRound): void {
  if (rt.closed || !round.settleAt) return;
  const timer = setTimeout(
    () => {
      rt.timers.delete(timer);
      settleCrash(rt, round, false).catch((error: unknown) =>
        rt.log.warn({ roundId: round.id, err: String(error) }, 'crash settlement failed'),
      );
    },
    Math.max(0, round.settleAt.getTime() - Date.now()),
  );
  timer.unref();
  rt.timers.add(timer);
}
