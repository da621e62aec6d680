import { and, asc, eq, lt, lte } from 'drizzle-orm';
import { sandboxGameRounds as rounds, sandboxGameSessions as sessions } from '../tables.ts';
import { settleCrash } from './crash.ts';
import type { RoundsRuntime } from './runtime.ts';
import { deliverRollback, deliverWin, voidPending } from './wallet-delivery.ts';

/** A bet whose answer never came (the process stopped mid-call) is rolled back after this long. */
const STALE_PENDING_MS = 60_000;
const SWEEP_BATCH = 50;
const SWEEP_GRACE_MS = 15_000;

/**
 * Whatever a session (or, for the sweeper, any session) owes: due crash rounds, unconfirmed
 * wins/rollbacks, bets stuck in flight. The sweeper leaves fresh wallet work to the request that
 * is still retrying it.
 */
export async function settleDue(rt: RoundsRuntime, sessionId: string | null): Promise<void> {
  const { ctx } = rt;
  const now = new Date();
  const scope = (condition: ReturnType<typeof eq>) =>
    sessionId ? and(eq(rounds.sessionId, sessionId), condition) : condition;
  const owedBefore = new Date(now.getTime() - (sessionId ? 0 : SWEEP_GRACE_MS));
  const due = await ctx.db
    .select()
    .from(rounds)
    .where(and(scope(eq(rounds.status, 'open')), lte(rounds.settleAt, now)))
    .orderBy(asc(rounds.settleAt))
    .limit(SWEEP_BATCH);
  for (const round of due) await settleCrash(rt, round, false);

  const stale = await ctx.db
    .select()
    .from(rounds)
    .where(and(scope(eq(rounds.status, 'pending')), lt(rounds.createdAt, new Date(now.getTime() - STALE_PENDING_MS))))
    .limit(SWEEP_BATCH);
  for (const round of stale) await voidPending(rt, round, false);

  const owed = await ctx.db
    .select({ round: rounds, session: sessions })
    .from(rounds)
    .innerJoin(sessions, eq(sessions.id, rounds.sessionId))
    .where(and(scope(eq(rounds.walletPending, true)), lte(rounds.createdAt, owedBefore)))
    .orderBy(asc(rounds.createdAt))
    .limit(SWEEP_BATCH);
  for (const { round, session } of owed) {
    if (round.status === 'settled') await deliverWin(rt, session, round, false);
    else if (round.status === 'voided') await deliverRollback(rt, session, round, false);
  }
}
