import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type SessionEndReason } from '@casino/contracts';
import { DomainError, unauthorized } from './errors.ts';
import { TokenExpiredError, type AccessClaims, type TokenService } from './tokens.ts';

export type Auth = { playerId: string; sessionId: string; tokenId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    /** The route serves a withdraw-only session too (withdrawing, reading the balance and payments, messages). */
    withdrawOnly?: boolean;
  }
}

/** 'current': the token is its open session's latest; 'superseded': the session rotated past it; 'closed': no open session. */
export type SessionTokenState = 'current' | 'superseded' | 'closed';

export type SessionClaims = { playerId: string; sessionId: string; tokenId: string };

/** The port the player module implements: what a node knows of sessions, and how it forgets. */
export type SessionStates = {
  tokenState(claims: SessionClaims): Promise<SessionTokenState>;
  /** After this node changed a session (logout, refresh, close): drop what every node remembers of it. */
  forget(sessionId: string): void;
  /** Called on every node for every forgotten session (this node's and, with Redis, the others'). */
  onForget(listener: (sessionId: string) => void): void;
  /** Why a closed session ended, told only to its last token (null: not for telling). */
  endReason(claims: SessionClaims): Promise<SessionEndReason | null>;
  /** Whether the session is still open (read afresh after a forget). */
  isOpen(sessionId: string): Promise<boolean>;
  close(): Promise<void>;
};

type AuthContext = { tokens: TokenService; sessions: SessionStates };

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The claims of the request's bearer token, or 401. `allowExpired` is for the refresh call only. */
export async function bearerClaims(
  ctx: AuthContext,
  request: FastifyRequest,
  options: { allowExpired?: boolean } = {},
): Promise<AccessClaims> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  try {
    return await ctx.tokens.verify(token, options);
  } catch (error) {
    throw unauthorized(error instanceof TokenExpiredError ? 'Token expired' : 'Invalid token');
  }
}

/**
 * onRequest hook for player-only routes (before the body is read or validated, so a guest learns
 * nothing of a route's input rules): a valid, unexpired access token that is the current token of an
 * open session. A session this node ends stops working at once; one another node ends, within a
 * second (at once with Redis).
 */
export function requirePlayer(ctx: AuthContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const claims = await bearerClaims(ctx, request);
    const state = await ctx.sessions.tokenState(claims);
    if (state === 'closed') throw sessionClosed(await ctx.sessions.endReason(claims));
    if (state !== 'current') throw unauthorized('Session ended');
    // A withdraw-only session (an excluded player's, a closed account's) reaches only the routes that say they serve it.
    if (claims.scope === 'withdraw-only' && !request.routeOptions.config.withdrawOnly) throw withdrawOnly();
    request.auth = { playerId: claims.playerId, sessionId: claims.sessionId, tokenId: claims.tokenId };
  };
}

const withdrawOnly = () =>
  new DomainError(
    ErrorCode.withdrawOnlySession,
    // An excluded player's session, or a closed account's that money reached after the close.
    'This session can only withdraw your balance, show your payments and read your messages',
  );

/** 16003, with why when the device may know it (signed out elsewhere, password changed, excluded…). */
export const sessionClosed = (reason: SessionEndReason | null) =>
  new DomainError(ErrorCode.sessionClosed, 'Session ended', undefined, reason ? { reason } : undefined);

/** onRequest hook for routes open to guests: a bearer token, when sent, must be a current one (401 otherwise, so the client refreshes it). */
export function optionalPlayer(ctx: AuthContext) {
  const guard = requirePlayer(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization) await guard(request, reply);
  };
}

export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
