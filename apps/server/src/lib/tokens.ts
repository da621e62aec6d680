import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export class TokenExpiredError extends Error {}
export class TokenInvalidError extends Error {}

/** scope 'withdraw-only': an excluded player's session, for withdrawing and messages only (see auth-guard). */
export type AccessClaims = { playerId: string; sessionId: string; tokenId: string; exp: number; scope?: SessionScope };
export type SessionScope = 'withdraw-only';

const ISSUER = 'casino-platform';
const ALG = 'HS256';
const MAX_REMEMBERED_TOKENS = 50_000;

/** Short-lived access tokens (HS256). The session row decides whether a token may still be refreshed. */
export function createTokenService(secret: Uint8Array, ttlSec: number) {
  // A player's token is presented on every request for its lifetime; checking its signature once is
  // enough (the session check still runs on every request).
  const verified = new Map<string, AccessClaims>();
  return {
    ttlSec,
    async sign(playerId: string, sessionId: string, scope?: SessionScope) {
      const tokenId = randomUUID();
      const now = Math.floor(Date.now() / 1000);
      const exp = now + ttlSec;
      const token = await new SignJWT(scope ? { sessionId, scope } : { sessionId })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(playerId)
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .setJti(tokenId)
        .sign(secret);
      return { token, tokenId, expiresAt: new Date(exp * 1000) };
    },
    /** Checks signature and claims. `allowExpired` is for the refresh call, which renews an expired token. */
    async verify(token: string, options: { allowExpired?: boolean } = {}): Promise<AccessClaims> {
      const known = options.allowExpired ? undefined : verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
        throw new TokenExpiredError('token expired');
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          algorithms: [ALG],
          currentDate: options.allowExpired ? new Date(0) : undefined,
          requiredClaims: ['sub', 'jti', 'exp'],
        });
        if (typeof payload.sessionId !== 'string') throw new TokenInvalidError('missing session');
        const claims: AccessClaims = {
          playerId: payload.sub!,
          sessionId: payload.sessionId,
          tokenId: payload.jti!,
          exp: payload.exp!,
          ...(payload.scope === 'withdraw-only' ? { scope: payload.scope } : {}),
        };
        if (!options.allowExpired) {
          if (verified.size >= MAX_REMEMBERED_TOKENS) verified.clear();
          verified.set(token, claims);
        }
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new TokenExpiredError('token expired');
        if (error instanceof TokenInvalidError) throw error;
        throw new TokenInvalidError('invalid token');
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
