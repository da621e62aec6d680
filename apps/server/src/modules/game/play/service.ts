import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, Platform, type PlayResult } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../../lib/errors.ts';
import { signBody } from '../../../lib/signature.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { assertMayPlay } from '../../limits/service.ts';
import { players } from '../../player/tables.ts';
import { BASE_CURRENCY } from '../../settings/currencies.ts';
import { restrictionOf } from '../../settings/countries.ts';
import { accountNotFound } from '../../wallet/service.ts';
import { walletAccounts } from '../../wallet/tables.ts';
import { findGame, recordPlayed, type PlayableGame } from '../catalogue/service.ts';
import { gameSessions, type GameSessionRow } from './tables.ts';
import type { GameRow } from '../catalogue/tables.ts';

const LAUNCH_TIMEOUT_MS = 10_000;

export const gameDisabled = () => forbidden('Bets on this game are closed for now', ErrorCode.restrictedBets);
const gameRestrictedInCountry = () =>
  forbidden('This game is not available in your country', ErrorCode.gameRestrictedInCountry);

/** Whether the game may be played from `country`: its own block list, then the site-wide restricted countries. */
export function assertGameAllowedIn(game: GameRow, country: string): void {
  if (game.blockedCountries.includes(country.toUpperCase()) || restrictionOf(country).restricted)
    throw gameRestrictedInCountry();
}

function assertGameEnabled(game: PlayableGame): void {
  if (!game.isEnabled || !game.providerEnabled) throw gameDisabled();
}

/** A random game-session token: 32 bytes, base64url (43 characters). */
const newSessionToken = (): string => randomBytes(32).toString('base64url');

export type NewGameSession = {
  playerId: string;
  playerSessionId: string | null;
  accountId: string;
  currency: string;
  gameId: string;
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
      token: newSessionToken(),
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

/** Where the provider's "back to lobby" link may point: a path on our origin, nothing else (no `javascript:`, no other host). */
function safeLobbyUrl(value: string | undefined): string {
  return value && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/';
}

type LaunchRequest = {
  mode: 'real' | 'demo';
  token: string | null;
  game: GameRow;
  currency: string;
  locale: string;
  lobbyUrl: string;
  platform: Platform;
};

const launchAnswerSchema = z.object({ gameUrl: z.string().min(1).max(2000) });

const providerUnavailable = (detail: string) =>
  new AppError(
    502,
    ErrorCode.gameProviderUnavailable,
    `The game could not be started: ${detail}. Please try again in a moment.`,
  );

/** Calls the provider's launch API (interfaces §1), signed like the wallet API. Returns the game URL. */
async function callProviderLaunch(
  ctx: AppContext,
  launch: LaunchRequest,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<string> {
  const requestId = randomUUID();
  const raw = JSON.stringify({
    requestId,
    timestamp: Date.now(),
    mode: launch.mode,
    token: launch.token,
    gameIdentity: launch.game.identity,
    gameName: launch.game.name,
    engine: launch.game.engine,
    currency: launch.currency,
    locale: launch.locale,
    lobbyUrl: launch.lobbyUrl,
    platform: launch.platform,
    volatility: launch.game.volatility,
    paylines: launch.game.paylines,
  });
  let response: Response;
  try {
    const base = ctx.config.game.providerUrl ?? ctx.selfUrl();
    response = await fetch(`${base}/sandbox/games/api/launch`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': signBody(ctx.gameWalletSecret, raw),
      },
      body: raw,
      signal: AbortSignal.timeout(LAUNCH_TIMEOUT_MS),
    });
  } catch (error) {
    log?.warn(
      { requestId, err: error instanceof Error ? error.message : String(error) },
      'game provider launch unreachable',
    );
    throw providerUnavailable('the game provider is not reachable');
  }
  const json = await response.json().catch(() => null);
  const parsed = launchAnswerSchema.safeParse(json);
  if (!response.ok || !parsed.success) {
    log?.warn({ requestId, status: response.status, answer: json }, 'game provider refused the launch');
    throw providerUnavailable(`the game provider answered ${response.status}`);
  }
  return parsed.data.gameUrl;
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
  };
};

async function playerAccount(db: DbOrTx, playerId: string, accountId: string | undefined) {
  if (accountId !== undefined && !isUuid(accountId)) throw accountNotFound();
  const [account] = await db
    .select()
    .from(walletAccounts)
    .where(
      and(
        eq(walletAccounts.playerId, playerId),
        eq(walletAccounts.isHidden, false),
        accountId !== undefined ? eq(walletAccounts.id, accountId) : eq(walletAccounts.isActive, true),
      ),
    );
  return account ?? null;
}

/**
 * `POST /api/game/games/{idOrIdentity}/play`. Demo: any visitor, games with a demo mode, no casino
 * session. Real: a player's own visible account; refused in this order: game missing (404) or disabled
 * (14306), country (14308), limited (14103), excluded (14105), bet/loss limit reached (14100/14101).
 */
export async function playGame(
  ctx: AppContext,
  input: PlayInput,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<PlayResult> {
  const { db } = ctx;
  const game = await findGame(db, input.idOrIdentity);
  if (!game) throw notFound('Game not found');
  assertGameEnabled(game);
  const common = {
    game,
    locale: input.body.locale || 'en',
    lobbyUrl: safeLobbyUrl(input.body.lobbyUrl),
    platform: input.body.platform,
  };

  if (input.body.demoMode) {
    if (!game.isDemoMode)
      throw forbidden('This game has no demo mode; play it for real', ErrorCode.demoModeUnavailable);
    assertGameAllowedIn(game, input.country);
    const account = input.auth
      ? await playerAccount(db, input.auth.playerId, input.body.accountId).catch(() => null)
      : null;
    // A guest, or a player without a visible account, plays demo in the base currency.
    const gameUrl = await callProviderLaunch(
      ctx,
      { ...common, mode: 'demo', token: null, currency: account?.currency ?? BASE_CURRENCY },
      log,
    );
    if (input.auth) await recordPlayed(db, input.auth.playerId, game.id);
    return { gameUrl, token: `demo-${randomBytes(16).toString('base64url')}` };
  }

  if (!input.auth) throw unauthorized('Log in to play for real money');
  const { playerId } = input.auth;
  assertGameAllowedIn(game, input.country);
  const account = await playerAccount(db, playerId, input.body.accountId);
  if (!account) throw accountNotFound();
  const [player] = await db.select({ status: players.status }).from(players).where(eq(players.id, playerId));
  if (!player) throw unauthorized();
  await assertMayPlay(db, { playerId, playerStatus: player.status, currency: account.currency, betMinor: null });

  const session = await createGameSession(db, {
    playerId,
    playerSessionId: input.auth.sessionId,
    accountId: account.id,
    currency: account.currency,
    gameId: game.id,
    platform: input.body.platform,
    country: input.country,
    ttlSec: ctx.config.game.sessionTtlSec,
  });
  let gameUrl: string;
  try {
    gameUrl = await callProviderLaunch(
      ctx,
      { ...common, mode: 'real', token: session.token, currency: account.currency },
      log,
    );
  } catch (error) {
    // A session the provider never got must not stay usable.
    await db.update(gameSessions).set({ closedAt: new Date() }).where(eq(gameSessions.id, session.id));
    throw error;
  }
  await recordPlayed(db, playerId, game.id);
  return { gameUrl, token: session.token };
}
