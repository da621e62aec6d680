import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { LaunchRequest } from '@casino/contracts';
import { randomSeed, SLOT_CONFIG, sha256Hex } from '@casino/games/engines';
import type { AppContext } from '../../context.ts';
import { betLevels, defaultBet, demoBalance, subunitToUnit } from './bet-levels.ts';
import { casinoRefusal, invalidRequest, roundOpen, sessionNotFound } from './errors.ts';
import type { Rounds } from './rounds.ts';
import type { SandboxParty } from './rounds/runtime.ts';
import { sandboxGameRounds as rounds, sandboxGameSessions as sessions } from './tables.ts';
import type { FastifyBaseLogger } from 'fastify';
import { sessionWalletCall } from './wallet-client.ts';
import { fairnessOf } from './wire.ts';

/** Client seeds the player may choose: short, and without the `:` that separates the HMAC message parts. */
export const clientSeedSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'use 1 to 64 letters, digits, dots, dashes or underscores');

async function newSeedPair(clientSeed?: string) {
  const serverSeed = randomSeed(32);
  return {
    serverSeed,
    serverSeedHash: await sha256Hex(serverSeed),
    clientSeed: clientSeed ?? randomSeed(16),
    nonce: 0,
  };
}

/** A new provider session with a fresh seed pair (the seed itself is kept until the player rotates it). */
async function launch(ctx: AppContext, party: SandboxParty, body: LaunchRequest): Promise<{ gameUrl: string }> {
  // The sportsbook is launched on the sportsbook provider, never as a game of this one.
  if (body.engine === 'sportsbook')
    throw invalidRequest('This provider has no sportsbook', { engine: ['not a game of this provider'] });
  const [session] = await ctx.db
    .insert(sessions)
    .values({
      party,
      engine: body.engine,
      gameIdentity: body.gameIdentity,
      gameName: body.gameName,
      mode: body.mode,
      token: body.mode === 'real' ? body.token! : null,
      playerRef: body.mode === 'real' ? (body.playerId ?? null) : null,
      currency: body.currency,
      locale: body.locale,
      lobbyUrl: body.lobbyUrl,
      platform: body.platform,
      balance: body.mode === 'demo' ? demoBalance(body.currency) : 0,
      ...(await newSeedPair()),
      expiresAt: new Date(Date.now() + ctx.config.game.sessionTtlSec * 1000),
    })
    .returning({ id: sessions.id });
  return { gameUrl: `/sandbox/${party}/play/${session!.id}` };
}

/** What the game UI starts from: the session, its balance now (the casino's, in real play), its free spins and open round. */
async function info(ctx: AppContext, roundsApi: Rounds, log: FastifyBaseLogger, sessionId: string) {
  const load = roundsApi.sessionOf;
  await load(sessionId); // 404 before any other work
  await roundsApi.settleDue(sessionId);
  let session = await load(sessionId);
  let balance = session.balance;
  if (session.mode === 'real') {
    const result = await sessionWalletCall(ctx, session, 'balance', { token: session.token! }, log);
    if (result.kind === 'refused') throw casinoRefusal(result.status, result.error);
    if (result.kind === 'ok') {
      balance = result.answer.balance;
      const [row] = await ctx.db.update(sessions).set({ balance }).where(eq(sessions.id, sessionId)).returning();
      session = row ?? session;
    }
  }
  const [open] = await ctx.db
    .select()
    .from(rounds)
    .where(and(eq(rounds.sessionId, sessionId), eq(rounds.status, 'open')))
    .limit(1);
  const s = session;
  const levels = betLevels(s.currency);
  return {
    session: {
      id: s.id,
      engine: s.engine,
      gameName: s.gameName,
      gameIdentity: s.gameIdentity,
      mode: s.mode,
      currency: s.currency,
      subunitToUnit: subunitToUnit(s.currency),
      balance,
      betLevels: levels,
      defaultBet: defaultBet(levels),
      minSpinMs: ctx.config.game.minSpinMs,
      lobbyUrl: s.lobbyUrl,
      locale: s.locale,
      fairness: fairnessOf(s),
      config: s.engine === 'slot' ? SLOT_CONFIG : {},
      state: {
        freeSpinGrant: await roundsApi.grantOf(s),
        freeSpinsLeft: s.freeSpinsLeft,
        freeSpinsBet: s.freeSpinsBet,
        openRound: open
          ? {
              id: open.id,
              startedAt: open.startedAt!.getTime(),
              bet: open.bet,
              autoCashout: (open.params as { autoCashout?: number }).autoCashout ?? null,
            }
          : null,
      },
    },
  };
}

/** Reveals the current server seed and starts a new pair (refused while a crash round is in flight: its seed decides it). */
async function rotateSeeds(ctx: AppContext, roundsApi: Rounds, sessionId: string, clientSeed: string | undefined) {
  await roundsApi.sessionOf(sessionId);
  await roundsApi.settleDue(sessionId);
  const next = await newSeedPair(clientSeed);
  return ctx.db.transaction(async (tx) => {
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
    if (!session) throw sessionNotFound();
    const [open] = await tx
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.sessionId, sessionId), eq(rounds.status, 'open')))
      .limit(1);
    if (open) throw roundOpen();
    const [updated] = await tx.update(sessions).set(next).where(eq(sessions.id, sessionId)).returning();
    return {
      revealed: {
        serverSeed: session.serverSeed,
        serverSeedHash: session.serverSeedHash,
        clientSeed: session.clientSeed,
        lastNonce: session.nonce > 0 ? session.nonce - 1 : null,
      },
      fairness: fairnessOf(updated!),
    };
  });
}

/** The session's settled rounds, newest first, each with its seed once that seed was rotated out. */
async function history(ctx: AppContext, roundsApi: Rounds, sessionId: string, limit: number) {
  const load = roundsApi.sessionOf;
  await load(sessionId);
  await roundsApi.settleDue(sessionId);
  const session = await load(sessionId);
  const rows = await ctx.db
    .select()
    .from(rounds)
    .where(and(eq(rounds.sessionId, sessionId), eq(rounds.status, 'settled')))
    .orderBy(desc(rounds.createdAt))
    .limit(limit);
  return {
    rounds: rows.map((r) => ({
      id: r.id,
      nonce: r.nonce,
      bet: r.bet,
      /** What the pays were based on (differs from `bet` for a free spin). */
      betBasis: r.betBasis,
      win: r.win,
      isFreeSpin: r.isFreeSpin,
      params: r.params,
      outcome: r.outcome,
      serverSeedHash: r.serverSeedHash,
      clientSeed: r.clientSeed,
      // Only a rotated seed is shown: the current one still decides the coming rounds.
      revealedServerSeed: r.serverSeedHash !== session.serverSeedHash ? r.serverSeed : null,
      createdAt: (r.startedAt ?? r.createdAt).getTime(),
    })),
  };
}

/** The provider's sessions: launching one, what its game UI reads, seed rotation and the round history. */
export function createSessions(
  ctx: AppContext,
  roundsApi: Rounds,
  log: FastifyBaseLogger,
  party: SandboxParty = 'games',
) {
  return {
    launch: (body: LaunchRequest) => launch(ctx, party, body),
    info: (sessionId: string) => info(ctx, roundsApi, log, sessionId),
    rotateSeeds: (sessionId: string, clientSeed: string | undefined) =>
      rotateSeeds(ctx, roundsApi, sessionId, clientSeed),
    history: (sessionId: string, limit: number) => history(ctx, roundsApi, sessionId, limit),
    load: roundsApi.sessionOf,
  };
}

export type Sessions = ReturnType<typeof createSessions>;
