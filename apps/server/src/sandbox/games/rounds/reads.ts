import { and, eq } from 'drizzle-orm';
import { roundNotFound, roundOpen, sessionNotFound } from '../errors.ts';
import {
  sandboxGameRounds as rounds,
  sandboxGameSessions as sessions,
  type SandboxGameRound,
  type SandboxGameSession,
} from '../tables.ts';
import { toWireRound } from '../wire.ts';
import { settleCrash } from './crash.ts';
import type { RoundsRuntime } from './runtime.ts';

async function findRound(rt: RoundsRuntime, sessionId: string, roundId: string): Promise<SandboxGameRound> {
  const [round] = await rt.ctx.db
    .select()
    .from(rounds)
    .where(and(eq(rounds.id, roundId), eq(rounds.sessionId, sessionId)));
  if (!round || round.status === 'rejected' || round.status === 'voided') throw roundNotFound();
  return round;
}

export async function sessionOf(rt: RoundsRuntime, sessionId: string): Promise<SandboxGameSession> {
  const [session] = await rt.ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.party, rt.party)));
  if (!session) throw sessionNotFound();
  return session;
}

/** The session's balance after a round, once a win this node is delivering for it has arrived. */
async function balanceAfter(
  rt: RoundsRuntime,
  sessionId: string,
  roundId: string,
  known: SandboxGameSession | undefined,
) {
  const inFlight = rt.winsInFlight.get(roundId);
  if (inFlight) await inFlight.catch(() => null);
  return (inFlight || !known ? await sessionOf(rt, sessionId) : known).balance;
}

/** Crash cash-out; a round that already ended answers as it ended (a repeated click changes nothing). */
export async function cashout(rt: RoundsRuntime, sessionId: string, roundId: string) {
  const session = await sessionOf(rt, sessionId);
  if (session.engine !== 'crash') throw roundNotFound();
  const round = await findRound(rt, sessionId, roundId);
  if (round.status === 'pending') throw roundOpen();
  const settled = round.status === 'open' ? await settleCrash(rt, round, true) : null;
  const balance = await balanceAfter(rt, sessionId, round.id, settled?.session ?? session);
  return { round: toWireRound(settled?.round ?? round), balance };
}

export async function getRound(rt: RoundsRuntime, sessionId: string, roundId: string) {
  const round = await findRound(rt, sessionId, roundId);
  const settled = round.status === 'open' ? await settleCrash(rt, round, false) : null;
  const balance = await balanceAfter(rt, sessionId, round.id, settled?.session);
  return { round: toWireRound(settled?.round ?? round), balance };
}
