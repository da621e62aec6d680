import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { parseParams, type EngineId } from '@casino/games/engines';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { betLevels } from '../bet-levels.ts';
import {
  freeSpinsFirst,
  grantNotAvailable,
  insufficientFunds,
  invalidBet,
  roundOpen,
  sessionExpired,
  sessionNotFound,
  tooFast,
} from '../errors.ts';
import {
  sandboxFreeSpinGrants as grants,
  sandboxGameRounds as rounds,
  sandboxGameSessions as sessions,
  type SandboxGameSession,
} from '../tables.ts';
import { grantOf, grantState, type GrantState } from './grants.ts';
import { playLocked } from './play.ts';
import { lockSession } from './runtime.ts';

export type StartInput = { bet: number; params?: unknown; grantId?: string | undefined };

/** Bets the UI may place: a bet level (roulette: every chip at least the lowest level, the total at most the highest). */
function checkBet(engine: EngineId, bet: number, params: unknown, levels: number[]): void {
  if (engine === 'roulette') {
    const chips = (params as { bets?: { amount?: unknown }[] } | null)?.bets ?? [];
    if (chips.some((c) => typeof c?.amount === 'number' && c.amount < levels[0]!))
      throw invalidBet(`Every chip must be at least ${levels[0]} minor units`);
    if (bet > levels.at(-1)!) throw invalidBet(`The total bet must be at most ${levels.at(-1)} minor units`);
    return;
  }
  if (!levels.includes(bet)) throw invalidBet(`The bet must be one of the bet levels: ${levels.join(', ')}`);
}

/** The round's parameters, and for a granted free spin its grant's spin taken and its stake. */
async function paramsOf(
  ctx: AppContext,
  tx: Tx,
  session: SandboxGameSession,
  input: StartInput,
  freeSpin: boolean,
  now: Date,
): Promise<{ params: Record<string, unknown>; grantStake?: number; grantId?: string }> {
  const engine = session.engine as EngineId;
  if (input.grantId !== undefined) {
    // A granted free spin: the grant must be this session's, and spins must be left (counted here, and
    // again by the casino, which pays nothing for a grant it does not hold active for this player).
    if (freeSpin) throw invalidBet('Free spins of the game are being played first');
    if (input.bet !== 0) throw invalidBet('A granted free spin has no bet: the bet is 0');
    if (session.expiresAt.getTime() <= now.getTime()) throw sessionExpired();
    const offered = await grantOf(ctx, session, tx);
    if (!offered || offered.id !== input.grantId) throw grantNotAvailable();
    const [taken] = await tx
      .update(grants)
      .set({ used: sql`${grants.used} + 1` })
      .where(and(eq(grants.grantId, offered.id), lt(grants.used, grants.count), isNull(grants.revokedAt)))
      .returning();
    if (!taken) throw grantNotAvailable();
    const parsed = parseParams(engine, taken.stake, input.params ?? {});
    if (!parsed.ok) throw invalidBet(parsed.message);
    const params = { ...(parsed.params as Record<string, unknown>), grantId: offered.id };
    return { params, grantStake: taken.stake, grantId: taken.grantId };
  }
  if (freeSpin) {
    if (input.bet !== 0) throw invalidBet('Free spins are being played: the bet is 0');
    return { params: {} };
  }
  if (session.expiresAt.getTime() <= now.getTime()) throw sessionExpired();
  const parsed = parseParams(engine, input.bet, input.params ?? {});
  if (!parsed.ok) throw invalidBet(parsed.message);
  checkBet(engine, input.bet, input.params, betLevels(session.currency));
  // Granted free spins lock the game until they are played: no real-money stake meanwhile, so a
  // tap meant for a free spin never costs money (the game UI offers only the free spin).
  if (session.mode === 'real' && (await grantOf(ctx, session, tx))) throw freeSpinsFirst();
  return { params: parsed.params as Record<string, unknown> };
}

/**
 * The first step of a round, in one transaction with the session locked: the checks (one round at a
 * time, the bet, the minimum spin duration, a demo balance), then a round that needs no casino played
 * at once (demo, free spins, a granted spin), else a pending round whose bet goes to the casino next.
 */
export async function reserveRound(ctx: AppContext, sessionId: string, input: StartInput, roundId: string, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId);
    if (!session) throw sessionNotFound();
    const engine = session.engine as EngineId;
    // One round at a time per session: a bet still with the casino, or a crash round in flight.
    const [open] = await tx
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.sessionId, session.id), inArray(rounds.status, ['pending', 'open'])))
      .limit(1);
    if (open) throw roundOpen();
    const freeSpin = engine === 'slot' && session.freeSpinsLeft > 0;
    const { params, grantStake, grantId } = await paramsOf(ctx, tx, session, input, freeSpin, now);
    const minSpinMs = ctx.config.game.minSpinMs;
    if (session.lastRoundAt) {
      const wait = session.lastRoundAt.getTime() + minSpinMs - now.getTime();
      if (wait > 0) throw tooFast(wait);
    }
    if (session.mode === 'demo' && !freeSpin && session.balance < input.bet)
      throw insufficientFunds(session.balance, session.currency);
    const previousRoundAt = session.lastRoundAt;
    const started = { ...session, lastRoundAt: now };
    await tx.update(sessions).set({ lastRoundAt: now }).where(eq(sessions.id, session.id));

    if (session.mode === 'demo' || freeSpin || grantStake !== undefined) {
      const played = await playLocked(tx, started, {
        roundId,
        insert: true,
        bet: freeSpin || grantStake !== undefined ? 0 : input.bet,
        freeSpin,
        params,
        betTxId: null,
        ...(grantStake !== undefined ? { grantStake } : {}),
      });
      let grantPlayed: GrantState | undefined;
      if (grantId !== undefined) {
        const [row] = await tx
          .update(grants)
          .set({ won: sql`${grants.won} + ${played.round.win}` })
          .where(eq(grants.grantId, grantId))
          .returning();
        grantPlayed = grantState(row!);
      }
      return { kind: 'played' as const, ...played, grantPlayed };
    }
    const [pending] = await tx
      .insert(rounds)
      .values({
        id: roundId,
        sessionId: session.id,
        walletRoundId: roundId,
        status: 'pending',
        bet: input.bet,
        betBasis: input.bet,
        params,
        betTxId: randomUUID(),
      })
      .returning();
    return { kind: 'pending' as const, session: started, round: pending!, previousRoundAt };
  });
}
