/** Connection-token contract between the hub and whoever verifies JWTs (the auth module). */

/** The token was well formed and signed by us but its `exp` has passed: the client may fetch a new one. */
export class TokenExpiredError extends Error {
  constructor(message = 'token expired') {
    super(message);
    this.name = 'TokenExpiredError';
  }
}

/** Bad signature, bad claims, garbage: the client must not retry with the same token. */
export class TokenInvalidError extends Error {
  constructor(message = 'invalid token') {
    super(message);
    this.name = 'TokenInvalidError';
  }
}

/** `sessionId`: the sign-in session the token belongs to; ending it ends its connections (see PushHub). */
export type VerifiedToken = { userId: string; sessionId?: string; exp?: number /* unix seconds */ };

/** Throws TokenExpiredError | TokenInvalidError; any other throw is treated as a temporary failure. */
export type VerifyToken = (token: string) => Promise<VerifiedToken>;
