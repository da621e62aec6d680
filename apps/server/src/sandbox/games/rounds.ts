import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, lt, sql } from 'drizzle-orm';
import {
  crashMultiplierAt,
  crashTimeOf,
  parseParams,
  playRound,
  type CrashOutcome,
  type CrashParams,
  type EngineId,
  type EngineOutcome,
  type SlotOutcome,
} from '@casino/games/engines';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { betLevels } from './bet-levels.ts';
import {
  casinoRefusal,
  freeSpinsFirst,
  grantNotAvailable,
  insufficientFunds,
  invalidBet,
  roundNotFound,
  roundOpen,
  sessionExpired,
  sessionNotFound,
  tooFast,
  walletUnavailable,
} from './errors.ts';
import {
  sandboxFreeSpinGrants as grants,
  sandboxGameRounds as rounds,
  sandboxGameSessions as sessions,
  type SandboxFreeSpinGrant,
  type SandboxGameRound,
  type SandboxGameSession,
} from './tables.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderFreespinGrant, WalletBodies } from '@casino/contracts';
import { walletCall, walletCallWithRetry, type WalletResult } from './wallet-client.ts';
import { fairnessOf, toWireRound, type WireRound } from './wire.ts';

/** A bet whose answer never came (the process stopped mid-call) is rolled back after this long. */
const STALE_PENDING_MS = 60_000;
const SWEEP_INTERVAL_MS = 5_000;
const SWEEP_BATCH = 50;
const SWEEP_GRACE_MS = 15_000;

/**
 * Free spins the casino granted that this session can play: how many of how many are left, at what
 * stake, what they have won so far and what the casino said the winnings become (a bonus to wager
 * `wagerMultiplier` times; null when it did not say).
 */
export type GrantState = {
  id: string;
  count: number;
  left: number;
  stake: number;
  won: number;
  wagerMultiplier: number | null;
};
export type FreeSpinGrantState = GrantState | null;

const grantState = (row: SandboxFreeSpinGrant): GrantState => ({
  id: row.grantId,
  count: row.count,
  left: row.count - row.used,
  stake: row.stake,
  won: row.won,
  wagerMultiplier: row.wagerMultiplier,
});

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

/** When a crash round ends by itself: its auto cash-out if that comes first, else its crash. */
function crashDueMs(crashPoint: number, autoCashout: number | undefined): number {
  return autoCashout !== undefined && autoCashout <= crashPoint ? crashTimeOf(autoCashout) : crashTimeOf(crashPoint);
}

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

/**
 * Rounds of the sandbox provider: start (bet → outcome → win), crash cash-outs, and the settling of
 * whatever is owed (crash rounds that ended, wins and rollbacks the casino has not confirmed).
 * Every state change is a conditional update in a transaction, so several nodes (or a node and its
 * sweeper) can race on the same round and only one of them settles it; wallet calls are repeated
 * with the same transaction id, which the casino processes once.
 */
export function createRounds(ctx: AppContext, log: FastifyBaseLogger) {
  const timers = new Set<NodeJS.Timeout>();
  /**
   * Crash wins on their way to the casino, by round: a poll that finds the round settled waits for
   * its win before it answers the balance (else a round settled by the timer reads the balance
   * without its win, while the casino's header already shows it).
   */
  const winsInFlight = new Map<string, Promise<number | null>>();
  let sweeping: Promise<void> | null = null;
  let closed = false;

  const lockSession = async (tx: Tx, sessionId: string) =>
    (await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update'))[0];

  const rememberBalance = async (sessionId: string, result: WalletResult) => {
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
    session: SandboxGameSession,
    round: SandboxGameRound,
    call: C,
    payload: WalletBodies[C],
    retry: boolean,
  ): Promise<WalletResult | null> {
    const result = retry
      ? await walletCallWithRetry(ctx, call, payload, log)
      : await walletCall(ctx, call, payload, log);
    await rememberBalance(session.id, result);
    if (result.kind === 'unknown') return null;
    const walletError = result.kind === 'refused' ? `${result.error.code} ${result.error.message}` : null;
    if (result.kind === 'refused') log.warn({ roundId: round.id, code: result.error.code }, `casino refused a ${call}`);
    await ctx.db.update(rounds).set({ walletPending: false, walletError }).where(eq(rounds.id, round.id));
    return result;
  }

  /** Sends a settled round's win (may be 0). Returns the casino's balance, or null when it did not answer. */
  async function deliverWin(session: SandboxGameSession, round: SandboxGameRound, retry: boolean) {
    const result = await deliver(
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
  async function deliverRollback(session: SandboxGameSession, round: SandboxGameRound, retry: boolean): Promise<void> {
    await deliver(
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

  async function voidPending(round: SandboxGameRound, retry: boolean): Promise<void> {
    const [voided] = await ctx.db
      .update(rounds)
      .set({ status: 'voided', rollbackTxId: randomUUID(), walletPending: true })
      .where(and(eq(rounds.id, round.id), eq(rounds.status, 'pending')))
      .returning();
    if (!voided) return;
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, round.sessionId));
    if (session) await deliverRollback(session, voided, retry);
  }

  /**
   * Plays the round with the session row locked: takes the nonce, computes the outcome, updates the
   * session (nonce, free spins, demo balance) and writes the round. A crash round is left open.
   */
  async function playLocked(
    tx: Tx,
    session: SandboxGameSession,
    input: {
      roundId: string;
      insert: boolean;
      bet: number;
      freeSpin: boolean;
      params: Record<string, unknown>;
      betTxId: string | null;
      /** A spin of free spins the casino granted: a paid spin's outcome at the grant's stake, no stake taken. */
      grantStake?: number;
    },
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
    const [updatedSession] = await tx
      .update(sessions)
      .set(sessionUpdate)
      .where(eq(sessions.id, session.id))
      .returning();

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

  function schedule(round: SandboxGameRound): void {
    if (closed || !round.settleAt) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        settleCrash(round, false).catch((error: unknown) =>
          log.warn({ roundId: round.id, err: String(error) }, 'crash settlement failed'),
        );
      },
      Math.max(0, round.settleAt.getTime() - Date.now()),
    );
    timer.unref();
    timers.add(timer);
  }

  /**
   * Ends an open crash round: by the player's cash-out (`manual`), or because its time came (crash or
   * auto cash-out). Returns the round as it is afterwards (unchanged if it was not due).
   */
  async function settleCrash(
    target: Pick<SandboxGameRound, 'id' | 'sessionId'>,
    manual: boolean,
  ): Promise<{ round: SandboxGameRound; session: SandboxGameSession } | null> {
    const now = Date.now();
    const done = await ctx.db.transaction(async (tx) => {
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
    });
    if (!done) return null;
    if (done.changed && done.session.mode === 'real') {
      const delivery = deliverWin(done.session, done.round, manual);
      winsInFlight.set(done.round.id, delivery);
      const balance = await delivery.finally(() => winsInFlight.delete(done.round.id));
      if (balance !== null) done.session = { ...done.session, balance };
      else done.session = { ...done.session, balance: done.session.balance + done.round.win };
    }
    return { round: done.round, session: done.session };
  }

  /**
   * Whatever a session (or, for the sweeper, any session) owes: due crash rounds, unconfirmed
   * wins/rollbacks, bets stuck in flight. The sweeper leaves fresh wallet work to the request that
   * is still retrying it.
   */
  async function settleDue(sessionId: string | null): Promise<void> {
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
    for (const round of due) await settleCrash(round, false);

    const stale = await ctx.db
      .select()
      .from(rounds)
      .where(and(scope(eq(rounds.status, 'pending')), lt(rounds.createdAt, new Date(now.getTime() - STALE_PENDING_MS))))
      .limit(SWEEP_BATCH);
    for (const round of stale) await voidPending(round, false);

    const owed = await ctx.db
      .select({ round: rounds, session: sessions })
      .from(rounds)
      .innerJoin(sessions, eq(sessions.id, rounds.sessionId))
      .where(and(scope(eq(rounds.walletPending, true)), lte(rounds.createdAt, owedBefore)))
      .orderBy(asc(rounds.createdAt))
      .limit(SWEEP_BATCH);
    for (const { round, session } of owed) {
      if (round.status === 'settled') await deliverWin(session, round, false);
      else if (round.status === 'voided') await deliverRollback(session, round, false);
    }
  }

  /** The grant this session may play (the launch's player, game and currency; spins left, not revoked or expired). */
  async function grantOf(session: SandboxGameSession, tx: Tx | null = null): Promise<FreeSpinGrantState> {
    if (session.mode !== 'real' || session.engine !== 'slot' || !session.playerRef) return null;
    const db = tx ?? ctx.db;
    const [row] = await db
      .select()
      .from(grants)
      .where(
        and(
          eq(grants.playerRef, session.playerRef),
          eq(grants.gameIdentity, session.gameIdentity),
          eq(grants.currency, session.currency),
          isNull(grants.revokedAt),
          gt(grants.expiresAt, new Date()),
          lt(grants.used, grants.count),
        ),
      )
      .orderBy(asc(grants.createdAt))
      .limit(1);
    return row ? grantState(row) : null;
  }

  /** The casino grants free spins; the same grant again changes nothing. */
  async function grant(body: ProviderFreespinGrant) {
    await ctx.db
      .insert(grants)
      .values({
        grantId: body.grantId,
        playerRef: body.playerId,
        gameIdentity: body.gameIdentity,
        currency: body.currency,
        count: body.count,
        stake: body.stake,
        wagerMultiplier: body.winnings?.wagerMultiplier ?? null,
        expiresAt: new Date(body.expiresAt),
      })
      .onConflictDoNothing({ target: grants.grantId });
    const [row] = await ctx.db.select().from(grants).where(eq(grants.grantId, body.grantId));
    return { grantId: row!.grantId, count: row!.count, used: row!.used };
  }

  /** The casino revokes a grant: its spins left can no longer be played. */
  async function revoke(grantId: string) {
    await ctx.db
      .update(grants)
      .set({ revokedAt: new Date() })
      .where(and(eq(grants.grantId, grantId), isNull(grants.revokedAt)));
    return { grantId };
  }

  async function startRound(
    sessionId: string,
    input: { bet: number; params?: unknown; grantId?: string | undefined },
  ): Promise<RoundAnswer> {
    // The minimum spin duration counts between arrivals, not between whenever the database got to them.
    const now = new Date();
    await settleDue(sessionId);
    const roundId = randomUUID();
    const reserved = await ctx.db.transaction(async (tx) => {
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
      let params: Record<string, unknown> = {};
      let grantStake: number | undefined;
      let grantId: string | undefined;
      if (input.grantId !== undefined) {
        // A granted free spin: the grant must be this session's, and spins must be left (counted here, and
        // again by the casino, which pays nothing for a grant it does not hold active for this player).
        if (freeSpin) throw invalidBet('Free spins of the game are being played first');
        if (input.bet !== 0) throw invalidBet('A granted free spin has no bet: the bet is 0');
        if (session.expiresAt.getTime() <= now.getTime()) throw sessionExpired();
        const offered = await grantOf(session, tx);
        if (!offered || offered.id !== input.grantId) throw grantNotAvailable();
        const [taken] = await tx
          .update(grants)
          .set({ used: sql`${grants.used} + 1` })
          .where(and(eq(grants.grantId, offered.id), lt(grants.used, grants.count), isNull(grants.revokedAt)))
          .returning();
        if (!taken) throw grantNotAvailable();
        grantStake = taken.stake;
        grantId = taken.grantId;
        const parsed = parseParams(engine, grantStake, input.params ?? {});
        if (!parsed.ok) throw invalidBet(parsed.message);
        params = { ...(parsed.params as Record<string, unknown>), grantId: offered.id };
      } else if (freeSpin) {
        if (input.bet !== 0) throw invalidBet('Free spins are being played: the bet is 0');
      } else {
        if (session.expiresAt.getTime() <= now.getTime()) throw sessionExpired();
        const parsed = parseParams(engine, input.bet, input.params ?? {});
        if (!parsed.ok) throw invalidBet(parsed.message);
        checkBet(engine, input.bet, input.params, betLevels(session.currency));
        // Granted free spins lock the game until they are played: no real-money stake meanwhile, so a
        // tap meant for a free spin never costs money (the game UI offers only the free spin).
        if (session.mode === 'real' && (await grantOf(session, tx))) throw freeSpinsFirst();
        params = parsed.params as Record<string, unknown>;
      }
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

    let { session, round } = reserved;
    let betBalance: number | null = null;
    if (reserved.kind === 'pending') {
      const bet = await walletCall(
        ctx,
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
      await rememberBalance(session.id, bet);
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
        await voidPending(round, true);
        throw walletUnavailable();
      }
      betBalance = bet.answer.balance;
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
      ({ session, round } = played);
    }

    let balance = session.balance;
    if (session.mode === 'real') {
      if (round.status === 'settled') {
        const after = await deliverWin(session, round, true);
        balance = after ?? (betBalance ?? session.balance) + round.win;
      } else {
        balance = betBalance ?? session.balance;
      }
    }
    if (round.status === 'open') schedule(round);
    return {
      round: toWireRound(round),
      balance,
      freeSpinsLeft: session.freeSpinsLeft,
      freeSpinGrant: await grantOf(session),
      ...(reserved.kind === 'played' && reserved.grantPlayed ? { grantPlayed: reserved.grantPlayed } : {}),
      fairness: fairnessOf(session),
    };
  }

  async function findRound(sessionId: string, roundId: string): Promise<SandboxGameRound> {
    const [round] = await ctx.db
      .select()
      .from(rounds)
      .where(and(eq(rounds.id, roundId), eq(rounds.sessionId, sessionId)));
    if (!round || round.status === 'rejected' || round.status === 'voided') throw roundNotFound();
    return round;
  }

  async function sessionOf(sessionId: string): Promise<SandboxGameSession> {
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
    if (!session) throw sessionNotFound();
    return session;
  }

  /** The session's balance after a round, once a win this node is delivering for it has arrived. */
  async function balanceAfter(sessionId: string, roundId: string, known: SandboxGameSession | undefined) {
    const inFlight = winsInFlight.get(roundId);
    if (inFlight) await inFlight.catch(() => null);
    return (inFlight || !known ? await sessionOf(sessionId) : known).balance;
  }

  /** Crash cash-out; a round that already ended answers as it ended (a repeated click changes nothing). */
  async function cashout(sessionId: string, roundId: string) {
    const session = await sessionOf(sessionId);
    if (session.engine !== 'crash') throw roundNotFound();
    const round = await findRound(sessionId, roundId);
    if (round.status === 'pending') throw roundOpen();
    const settled = round.status === 'open' ? await settleCrash(round, true) : null;
    const balance = await balanceAfter(sessionId, round.id, settled?.session ?? session);
    return { round: toWireRound(settled?.round ?? round), balance };
  }

  async function getRound(sessionId: string, roundId: string) {
    const round = await findRound(sessionId, roundId);
    const settled = round.status === 'open' ? await settleCrash(round, false) : null;
    const balance = await balanceAfter(sessionId, round.id, settled?.session);
    return { round: toWireRound(settled?.round ?? round), balance };
  }

  async function sweep(): Promise<void> {
    if (sweeping || closed) return;
    sweeping = settleDue(null)
      .catch((error: unknown) => log.warn({ err: String(error) }, 'sandbox game sweep failed'))
      .finally(() => {
        sweeping = null;
      });
    await sweeping;
  }

  const interval = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  interval.unref();

  return {
    startRound,
    grantOf,
    grant,
    revoke,
    cashout,
    getRound,
    settleDue,
    sessionOf,
    async close() {
      closed = true;
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await sweeping;
    },
  };
}

export type Rounds = ReturnType<typeof createRounds>;
