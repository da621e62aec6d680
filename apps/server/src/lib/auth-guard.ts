import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { isSessionCurrent } from '../modules/player/service.ts';
import { unauthorized } from './errors.ts';
import { TokenExpiredError, type AccessClaims } from './tokens.ts';

export type Auth = { playerId: string; sessionId: string; tokenId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The claims of the request's bearer token, or 401. `allowExpired` is for the refresh call only. */
export async function bearerClaims(
  ctx: AppContext,
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
 * preHandler for player-only routes: a valid, unexpired access token that is the current token
 * of an open session. Logout, refresh and session close therefore take effect at once.
 */
export function requirePlayer(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const claims = await bearerClaims(ctx, request);
    if (!(await isSessionCurrent(ctx.db, claims))) throw unauthorized('Session ended');
    request.auth = { playerId: claims.playerId, sessionId: claims.sessionId, tokenId: claims.tokenId };
  };
}

/** preHandler for routes open to guests: a bearer token, when sent, must be a current one (401 otherwise, so the client refreshes it). */
export function optionalPlayer(ctx: AppContext) {
  const guard = requirePlayer(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization) await guard(request, reply);
  };
}

export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
