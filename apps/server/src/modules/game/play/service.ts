import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  Platform,
  sportsbookLaunchAnswerSchema,
  sportsbookPathSchema,
  SPORTSBOOK_RULES_MAX_REFS,
  type LaunchBody,
  type PlayResult,
  type SportsbookLaunchBody,
  type SportsbookRules,
} from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { forbidden, notFound, unauthorized, unprocessable } from '../../../lib/errors.ts';
import { assertMayPlay } from '../../limits/index.ts';
import { playerStatusOf } from '../../player/index.ts';
import { BASE_CURRENCY, restrictionOf } from '../../settings/index.ts';
import { accountNotFound, playableAccount } from '../../wallet/index.ts';
import { findGame, recordPlayed, type PlayableGame } from '../catalogue/service.ts';
import type { GameRow } from '../catalogue/tables.ts';
import { nativeLaunchCall, providerUnavailable } from '../providers/native/launch.ts';
import { aggregatorOf } from '../providers/registry.ts';
import { newSessionToken } from '../providers/session-token.ts';
import { restrictionsFor, stakeLimitsIn } from '../../sportsbook/index.ts';
import { gameDisabled, gameRestrictedInCountry } from './refusals.ts';
import { gameSessions, type GameSessionRow } from './tables.ts';

/** Whether the game may be played from `country`: its own block list, then the site-wide restricted countries. */
export function assertGameAllowedIn(game: GameRow, country: string): void {
  if (game.blockedCountries.includes(country.toUpperCase()) || restrictionOf(country).restricted) {
    throw gameRestrictedInCountry();
  }
}

function assertGameEnabled(game: PlayableGame): void {
  if (!game.isEnabled || !game.providerEnabled) throw gameDisabled();
}

export type NewGameSession = {
  playerId: string;
  playerSessionId: string | null;
  accountId: string;
  currency: string;
  gameId: string;
  /** The game's aggregator: its mark goes into the token (providers/session-token.ts). */
  aggregator: string;
  platform: Platform;
  country: string;
  ttlSec: number;
};

/** Opens a real-money game session (no checks: the caller made them). */
export async function createGameSession(db: DbOrTx, input: NewGameSession): Promise<GameSessionRow> {
  const now = new Date();
  const [row] = await db
    .insert(gameSessions)
    .values({
      token: newSessionToken(input.aggregator),
      playerId: input.playerId,
      playerSessionId: input.playerSessionId,
      accountId: input.accountId,
      currency: input.currency,
      gameId: input.gameId,
      platform: input.platform,
      country: input.country,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.ttlSec * 1000),
    })
    .returning();
  return row!;
}

/** Ends every open game session of the player for new bets (wins and rollbacks still settle). */
export async function closeLiveGameSessions(db: DbOrTx, playerId: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(gameSessions)
    .set({ closedAt: now })
    .where(and(eq(gameSessions.playerId, playerId), isNull(gameSessions.closedAt)))
    .returning({ id: gameSessions.id });
  return rows.length;
}

/** Where the provider's "back to lobby" link may point: a path on our origin, nothing else (no `javascript:`, no other host). */
function safeLobbyUrl(value: string | undefined): string {
  return value && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/';
}

/** The launch on the game's aggregator (its adapter: providers/<id>/); 14310 when this deployment runs none. */
function callProviderLaunch(
  ctx: AppContext,
  game: PlayableGame,
  launch: LaunchBody,
  log: FastifyBaseLogger,
): Promise<string> {
  const aggregator = aggregatorOf(ctx, game.aggregator);
  if (!aggregator) throw providerUnavailable('its game aggregator is not available');
  return aggregator.launch(ctx, launch, log);
}

/**
 * Calls the sportsbook provider's launch API (docs/sportsbook-provider-api.md), signed with the same
 * secret as the games provider. Returns the client URL to frame.
 */
async function callSportsbookLaunch(
  ctx: AppContext,
  launch: SportsbookLaunchBody,
  log: FastifyBaseLogger,
): Promise<string> {
  const host = ctx.config.sportsbook!.host;
  const gameUrl = await nativeLaunchCall(ctx, `${host}/api/launch`, launch, log, 'sportsbook provider');
  if (!sportsbookLaunchAnswerSchema.safeParse({ gameUrl }).success)
    throw providerUnavailable('the sportsbook provider answered no client URL');
  return gameUrl;
}

export type PlayInput = {
  idOrIdentity: string;
  /** null for a guest. */
  auth: { playerId: string; sessionId: string } | null;
  country: string;
  body: {
    accountId?: string | undefined;
    lobbyUrl?: string | undefined;
    locale?: string | undefined;
    demoMode: boolean;
    platform: Platform;
    /** The sportsbook only: the client's first path. */
    path?: string | undefined;
  };
};

/**
 * `POST /api/game/games/{idOrIdentity}/play`. Demo: any visitor, games with a demo mode, no casino
 * session. Real: a player's own visible account; refused in this order: game missing (404) or disabled
 * (14306), country (14308), limited (14103), excluded (14105), bet/loss limit reached (14100/14101).
 */
export async function playGame(ctx: AppContext, input: PlayInput, log: FastifyBaseLogger): Promise<PlayResult> {
  const { db } = ctx;
  const game = await findGame(db, input.idOrIdentity);
  if (!game) throw notFound('Game not found');
  if (game.engine === 'sportsbook') return playSportsbook(ctx, game, input, log);
  assertGameEnabled(game);
  const common = {
    gameIdentity: game.identity,
    gameName: game.name,
    engine: game.engine,
    locale: input.body.locale || 'en',
    lobbyUrl: safeLobbyUrl(input.body.lobbyUrl),
    platform: input.body.platform,
    volatility: game.volatility,
    paylines: game.paylines,
  } satisfies Partial<LaunchBody>;

  if (input.body.demoMode) {
    if (!game.isDemoMode)
      throw forbidden('This game has no demo mode; play it for real', ErrorCode.demoModeUnavailable);
    assertGameAllowedIn(game, input.country);
    const account = input.auth
      ? await playableAccount(db, input.auth.playerId, input.body.accountId).catch(() => null)
      : null;
    // A guest, or a player without a visible account, plays demo in the base currency.
    const currency = account?.currency ?? BASE_CURRENCY;
    const gameUrl = await callProviderLaunch(ctx, game, { ...common, mode: 'demo', token: null, currency }, log);
    if (input.auth) await recordPlayed(db, input.auth.playerId, game.id);
    return { gameUrl, token: `demo-${randomBytes(16).toString('base64url')}` };
  }

  if (!input.auth) throw unauthorized('Log in to play for real money');
  const { playerId } = input.auth;
  const result = await launchReal(ctx, game, input.auth, input, (token, currency) =>
    callProviderLaunch(ctx, game, { ...common, mode: 'real', token, currency, playerId }, log),
  );
  await recordPlayed(db, playerId, game.id);
  return result;
}

/**
 * A real-money game session on the player's account after the checks every real launch makes (country,
 * account, status, limits and exclusions), handed to the provider by `launch`. A session the provider
 * never got does not stay usable.
 */
async function launchReal(
  ctx: AppContext,
  game: PlayableGame,
  auth: NonNullable<PlayInput['auth']>,
  input: PlayInput,
  launch: (token: string, currency: string) => Promise<string>,
): Promise<PlayResult> {
  const { db } = ctx;
  const { playerId } = auth;
  assertGameAllowedIn(game, input.country);
  const account = await playableAccount(db, playerId, input.body.accountId);
  if (!account) throw accountNotFound();
  const playerStatus = await playerStatusOf(db, playerId);
  if (playerStatus === null) throw unauthorized();
  await assertMayPlay(db, { playerId, playerStatus, currency: account.currency, betMinor: null });
  const session = await createGameSession(db, {
    playerId,
    playerSessionId: auth.sessionId,
    accountId: account.id,
    currency: account.currency,
    gameId: game.id,
    aggregator: game.aggregator,
    platform: input.body.platform,
    country: input.country,
    ttlSec: ctx.config.game.sessionTtlSec,
  });
  try {
    return { gameUrl: await launch(session.token, account.currency), token: session.token };
  } catch (error) {
    await db.update(gameSessions).set({ closedAt: new Date() }).where(eq(gameSessions.id, session.id));
    throw error;
  }
}

/**
 * The sportsbook (the pseudo-game of engine `sportsbook`), launched on the sportsbook provider like a
 * game: a guest (or `demoMode`) browses it without a token; a player gets a game session on the account,
 * after the same checks as a game. Not a game the player "played" (no recently-played entry).
 */
async function playSportsbook(
  ctx: AppContext,
  game: PlayableGame,
  input: PlayInput,
  log: FastifyBaseLogger,
): Promise<PlayResult> {
  const { db } = ctx;
  const sportsbook = ctx.config.sportsbook;
  if (!sportsbook) throw notFound('The sportsbook is not available');
  assertGameEnabled(game);
  const path = sportsbookPathSchema.safeParse(input.body.path ?? '/');
  if (!path.success) throw unprocessable('Invalid sportsbook path', { path: ['must be a path inside the sportsbook'] });
  const common = {
    clientId: sportsbook.clientId,
    locale: input.body.locale || 'en',
    parentOrigin: new URL(ctx.config.publicUrl).origin,
    path: path.data,
    platform: input.body.platform,
  } satisfies Partial<SportsbookLaunchBody>;

  if (input.body.demoMode || !input.auth) {
    if (!input.body.demoMode) throw unauthorized('Log in to bet');
    assertGameAllowedIn(game, input.country);
    const account = input.auth
      ? await playableAccount(db, input.auth.playerId, input.body.accountId).catch(() => null)
      : null;
    const currency = account?.currency ?? BASE_CURRENCY;
    const rules = await sportsbookRules(db, input.country, currency);
    const gameUrl = await callSportsbookLaunch(ctx, { ...common, mode: 'demo', token: null, currency, rules }, log);
    return { gameUrl, token: `demo-${randomBytes(16).toString('base64url')}` };
  }

  const { playerId } = input.auth;
  return launchReal(ctx, game, input.auth, input, async (token, currency) =>
    callSportsbookLaunch(
      ctx,
      { ...common, mode: 'real', token, playerId, currency, rules: await sportsbookRules(db, input.country, currency) },
      log,
    ),
  );
}

/**
 * What the launch tells the client of the casino's rules, so the slip can show them before a bet: the
 * maximums in the launch's currency (the wallet's own conversion, rounded down; 0 when none apply: no
 * rule, or no rate for the currency) and the country's restricted sports and events.
 */
async function sportsbookRules(db: DbOrTx, country: string, currency: string): Promise<SportsbookRules> {
  const [limits, restricted] = await Promise.all([stakeLimitsIn(db, [currency]), restrictionsFor(db, country)]);
  const of = (minor: bigint | null | undefined) => (minor === null || minor === undefined ? 0 : Number(minor));
  return {
    maxStake: of(limits.get(currency)?.maxBetMinor),
    maxEventStake: of(limits.get(currency)?.maxEventMinor),
    restricted: {
      sports: restricted.sports.slice(0, SPORTSBOOK_RULES_MAX_REFS),
      events: restricted.events.slice(0, SPORTSBOOK_RULES_MAX_REFS),
    },
  };
}
