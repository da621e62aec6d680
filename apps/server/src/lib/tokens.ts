import { createHash, randomUUID } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { dropStale } from './read-cache.ts';

export class TokenExpiredError extends Error {}
export class TokenInvalidError extends Error {}

/** scope 'withdraw-only': an excluded player's session, for withdrawing and messages only (see auth-guard). */
export type AccessClaims = { playerId: string; sessionId: string; tokenId: string; exp: number; scope?: SessionScope };
export type SessionScope = 'withdraw-only';

const ISSUER = 'casino-platform';
const ALG = 'HS256';
const MAX_REMEMBERED_TOKENS = 50_000;

/** The signing key, and during a rotation the previous one (JWT_SECRET_PREVIOUS): still accepted, never used to sign. */
export type TokenKeys = { current: Uint8Array; previous?: Uint8Array | null };

/** A key's id in the token header (a short hash, not the key): a node picks the key a token names. */
const keyId = (key: Uint8Array) => createHash('sha256').update('jwt-kid:').update(key).digest('base64url').slice(0, 8);

/** Short-lived access tokens (HS256). The session row decides whether a token may still be refreshed. */
export function createTokenService(keys: TokenKeys, ttlSec: number) {
  const secret = keys.current;
  const kid = keyId(secret);
  const accepted = [
    { kid, key: secret },
    ...(keys.previous ? [{ kid: keyId(keys.previous), key: keys.previous }] : []),
  ];
  // The key the token names; a token without a kid (signed before kids) is tried with each.
  const keysFor = (token: string) => {
    const named = decodeProtectedHeader(token).kid;
    return named === undefined ? accepted : accepted.filter((k) => k.kid === named);
  };
  // A token's signature is checked once (the session check runs on every request); in the order first
  // seen, and those older than a token's lifetime leave from the front (dropStale): only live ones stay.
  const verified = new Map<string, { at: number; claims: AccessClaims }>();
  return {
    ttlSec,
    /** How many verified tokens are remembered (what this service holds in memory). */
    remembered: () => verified.size,
    async sign(playerId: string, sessionId: string, scope?: SessionScope) {
      const tokenId = randomUUID();
      const now = Math.floor(Date.now() / 1000);
      const exp = now + ttlSec;
      const token = await new SignJWT(scope ? { sessionId, scope } : { sessionId })
        .setProtectedHeader({ alg: ALG, typ: 'JWT', kid })
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
      const known = options.allowExpired ? undefined : verified.get(token)?.claims;
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
        throw new TokenExpiredError('token expired');
      }
      try {
        let result: Awaited<ReturnType<typeof jwtVerify>> | undefined;
        for (const { key } of keysFor(token)) {
          result = await jwtVerify(token, key, {
            issuer: ISSUER,
            algorithms: [ALG],
            currentDate: options.allowExpired ? new Date(0) : undefined,
            requiredClaims: ['sub', 'jti', 'exp'],
          }).catch((error: unknown) => {
            // Another key may have signed it; any other failure (expired, claims) is the token's own.
            if (error instanceof joseErrors.JWSSignatureVerificationFailed) return undefined;
            throw error;
          });
          if (result) break;
        }
        if (!result) throw new TokenInvalidError('invalid token');
        const { payload } = result;
        if (typeof payload.sessionId !== 'string') throw new TokenInvalidError('missing session');
        const claims: AccessClaims = {
          playerId: payload.sub!,
          sessionId: payload.sessionId,
          tokenId: payload.jti!,
          exp: payload.exp!,
          ...(payload.scope === 'withdraw-only' ? { scope: payload.scope } : {}),
        };
        if (!options.allowExpired) {
          dropStale(verified, ttlSec * 1000);
          if (verified.size >= MAX_REMEMBERED_TOKENS) verified.clear();
          verified.set(token, { at: Date.now(), claims });
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
