import type { FastifyBaseLogger } from 'fastify';
import type { ProviderFreespinGrant } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import type { SandboxGameSession } from './tables.ts';
import { grant, grantOf, revoke } from './rounds/grants.ts';
import { cashout, getRound, sessionOf } from './rounds/reads.ts';
import type { RoundsRuntime, SandboxParty } from './rounds/runtime.ts';
import { settleDue } from './rounds/settle-due.ts';
import type { StartInput } from './rounds/reserve.ts';
import { startRound } from './rounds/start-round.ts';

export type { FreeSpinGrantState, GrantState } from './rounds/grants.ts';
export type { RoundAnswer } from './rounds/start-round.ts';

const SWEEP_INTERVAL_MS = 5_000;

/**
 * Rounds of the sandbox provider: start (bet → outcome → win), crash cash-outs, and the settling of
 * whatever is owed (crash rounds that ended, wins and rollbacks the casino has not confirmed).
 * Every state change is a conditional update in a transaction, so several nodes (or a node and its
 * sweeper) can race on the same round and only one of them settles it; wallet calls are repeated
 * with the same transaction id, which the casino processes once.
 */
export function createRounds(ctx: AppContext, log: FastifyBaseLogger, party: SandboxParty = 'games') {
  const rt: RoundsRuntime = { ctx, party, log, timers: new Set(), winsInFlight: new Map(), closed: false };
  let sweeping: Promise<void> | null = null;

  async function sweep(): Promise<void> {
    if (sweeping || rt.closed) return;
    sweeping = settleDue(rt, null)
      .catch((error: unknown) => log.warn({ err: String(error) }, 'sandbox game sweep failed'))
      .finally(() => {
        sweeping = null;
      });
    await sweeping;
  }

  const interval = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  interval.unref();

  return {
    startRound: (sessionId: string, input: StartInput) => startRound(rt, sessionId, input),
    grantOf: (session: SandboxGameSession) => grantOf(ctx, session),
    grant: (body: ProviderFreespinGrant) => grant(ctx, body),
    revoke: (grantId: string) => revoke(ctx, grantId),
    cashout: (sessionId: string, roundId: string) => cashout(rt, sessionId, roundId),
    getRound: (sessionId: string, roundId: string) => getRound(rt, sessionId, roundId),
    settleDue: (sessionId: string | null) => settleDue(rt, sessionId),
    sessionOf: (sessionId: string) => sessionOf(rt, sessionId),
    async close() {
      rt.closed = true;
      clearInterval(interval);
      for (const timer of rt.timers) clearTimeout(timer);
      rt.timers.clear();
      await sweeping;
    },
  };
}

export type Rounds = ReturnType<typeof createRounds>;
