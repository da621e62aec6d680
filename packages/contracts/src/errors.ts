import { z } from 'zod';

/**
 * Every error code the API can answer with. HTTP-level codes use the HTTP status as `code`;
 * numbered domain codes are the ones client front ends of this kind already know.
 */
export const ErrorCode = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unprocessable: 422,
  tooManyRequests: 429,
  internal: 500,
  serviceUnavailable: 503,
  emailNotVerified: 11001,
  accountBlocked: 11002,
  wrongOtp: 11003,
  otpSendLimit: 11005,
  depositLimitReached: 13100,
  gameLimitReached: 14100,
  gameLossLimitReached: 14101,
  limitedPlayer: 14103,
  gameSelfExcluded: 14105,
  restrictedBets: 14306,
  gameRestrictedInCountry: 14308,
  /** The game has no demo mode: play it for real. */
  demoModeUnavailable: 14309,
  /** The game provider did not start the game (HTTP 502). */
  gameProviderUnavailable: 14310,
  insufficientFunds: 15001,
  duplicateTransaction: 15002,
  accountNotFound: 15003,
  currencyNotSupported: 15004,
  accountExists: 15005,
  /** Seamless-wallet API (provider → casino): bad `X-Signature` or a `timestamp` too far from now. */
  invalidSignature: 15010,
  /** Seamless-wallet API: unknown game-session token, or expired/closed for a new bet. */
  gameSessionExpired: 15011,
  /** Seamless-wallet API: a bet on a round that is already closed. */
  roundClosed: 15012,
  /** Seamless-wallet API: the bet was rolled back before it arrived; it is not debited. */
  transactionRolledBack: 15013,
  emailTaken: 16001,
  invalidCredentials: 16002,
  sessionClosed: 16003,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
