import { z } from 'zod';
import { CashPeriods } from './constants.ts';
import { text } from './text.ts';

/**
 * Every error code the API can answer with. HTTP-level codes use the HTTP status as `code`;
 * numbered domain codes are the ones client front ends of this kind already know.
 */
export const ErrorCode = {
  /** Too many wrong bonus codes: the code form is locked until `until` (the reference client's code 5). */
  bonusCodeLocked: 5,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unprocessable: 422,
  tooManyRequests: 429,
  headersTooLarge: 431,
  internal: 500,
  badGateway: 502,
  serviceUnavailable: 503,
  emailNotVerified: 11001,
  accountBlocked: 11002,
  wrongOtp: 11003,
  otpSendLimit: 11005,
  /** Sign-in refused during a self-exclusion or cooling-off; the error carries `until`. */
  accountExcluded: 11007,
  /** Sign-in refused: the player closed this account. */
  accountClosed: 11008,
  /** A withdraw-only session (an excluded player's) called something other than withdrawing or messages. */
  withdrawOnlySession: 11009,
  /**
   * Sign-in to this account is paused after failed attempts (HTTP 429, `Retry-After`), and the answer
   * carries a `challenge`: if the password was right, a code went to the account's e-mail address or
   * phone, and `POST /api/player/sessions/challenge` with the challenge and that code signs in now.
   */
  signInChallenge: 11010,
  /** A looser limit change is already waiting: cancel it before asking for another. */
  limitChangePending: 13110,
  /** The payment method is not offered for this currency, country or direction. */
  paymentMethodUnavailable: 13001,
  /** The invoice can no longer be cancelled (already sent to the provider, or finished). */
  invoiceNotCancellable: 13002,
  /** The payment provider did not answer or refused the request (HTTP 502). */
  paymentProviderUnavailable: 13003,
  depositLimitReached: 13100,
  /** Deposits must be wagered `TURNOVER_MULTIPLIER` times before a withdrawal. */
  turnoverNotMet: 13101,
  /** The operator's rule (`WITHDRAWAL_VERIFICATION`) wants a verified identity before this withdrawal. */
  verificationRequired: 13102,
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
  /**
   * A stake (the round's stakes together) above the active bonus's maximum bet; on the sportsbook, above the
   * operator's maximum stake per ticket or per event (docs/sportsbook-provider-api.md).
   */
  bonusMaxBetExceeded: 14311,
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
  /** Seamless-wallet API: a win on a round without a bet that names no promotion the casino granted. */
  winWithoutBet: 15014,
  /** Seamless-wallet API: the wins of a round would pay more than `GAME_MAX_WIN_MULTIPLIER` × its stake. */
  winAboveCap: 15015,
  /** A credit would take a balance beyond what the wire can state exactly (2^53 − 1 minor units). */
  balanceTooLarge: 15016,
  emailTaken: 16001,
  invalidCredentials: 16002,
  sessionClosed: 16003,
  /** Back office: the password was right; the second factor (a TOTP or recovery code) is missing. */
  staffCodeRequired: 19001,
  /** Back office: a write without the session's CSRF token (x-csrf-token). */
  staffCsrfRefused: 19002,
  /** Back office: a request from outside ADMIN_ALLOWED_IPS. */
  staffAddressRefused: 19003,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The HTTP status of each code: services raise a code, the edge answers with its status. HTTP-level
 * codes are their own status.
 */
const STATUS_OF_CODE: Readonly<Record<number, number>> = {
  [ErrorCode.staffCodeRequired]: 401,
  [ErrorCode.staffCsrfRefused]: 403,
  [ErrorCode.staffAddressRefused]: 403,
  [ErrorCode.bonusCodeLocked]: 429,
  [ErrorCode.emailNotVerified]: 403,
  [ErrorCode.accountBlocked]: 403,
  [ErrorCode.wrongOtp]: 422,
  [ErrorCode.otpSendLimit]: 429,
  [ErrorCode.accountExcluded]: 403,
  [ErrorCode.accountClosed]: 403,
  [ErrorCode.withdrawOnlySession]: 403,
  [ErrorCode.signInChallenge]: 429,
  [ErrorCode.limitChangePending]: 409,
  [ErrorCode.paymentMethodUnavailable]: 422,
  [ErrorCode.invoiceNotCancellable]: 409,
  [ErrorCode.paymentProviderUnavailable]: 502,
  [ErrorCode.depositLimitReached]: 403,
  [ErrorCode.turnoverNotMet]: 403,
  [ErrorCode.verificationRequired]: 403,
  [ErrorCode.gameLimitReached]: 403,
  [ErrorCode.gameLossLimitReached]: 403,
  [ErrorCode.limitedPlayer]: 403,
  [ErrorCode.gameSelfExcluded]: 403,
  [ErrorCode.restrictedBets]: 403,
  [ErrorCode.gameRestrictedInCountry]: 403,
  [ErrorCode.demoModeUnavailable]: 403,
  [ErrorCode.gameProviderUnavailable]: 502,
  [ErrorCode.bonusMaxBetExceeded]: 403,
  [ErrorCode.insufficientFunds]: 422,
  [ErrorCode.duplicateTransaction]: 409,
  [ErrorCode.accountNotFound]: 404,
  [ErrorCode.currencyNotSupported]: 422,
  [ErrorCode.accountExists]: 422,
  [ErrorCode.invalidSignature]: 401,
  [ErrorCode.gameSessionExpired]: 401,
  [ErrorCode.roundClosed]: 409,
  [ErrorCode.transactionRolledBack]: 409,
  [ErrorCode.winWithoutBet]: 422,
  [ErrorCode.winAboveCap]: 422,
  [ErrorCode.balanceTooLarge]: 422,
  [ErrorCode.emailTaken]: 422,
  [ErrorCode.invalidCredentials]: 401,
  [ErrorCode.sessionClosed]: 401,
};

export function httpStatusOf(code: number): number {
  return STATUS_OF_CODE[code] ?? (code >= 400 && code < 600 ? code : 500);
}

/** Which exclusion refuses a sign-in (11007). */
export const ExclusionKinds = ['self_exclusion', 'cooling_off'] as const;
export type ExclusionKind = (typeof ExclusionKinds)[number];
/**
 * Why a session ended (16003), told to the device that held it: signed out from another device's
 * session list, a password changed or reset, an exclusion, a blocked account, or its time ran out.
 */
export const SessionEndReasons = [
  'closed_by_player',
  'password_changed',
  'password_reset',
  'excluded',
  'blocked',
  'expired',
] as const;
export type SessionEndReason = (typeof SessionEndReasons)[number];

/**
 * A closure refused (409) while something can still move money: the error carries `open`, how many of
 * each are still open, so the site can list them (the message says it in English).
 */
export const closureOpenSchema = z.object({
  /** Sports tickets not settled yet. */
  sportsBets: z.number().int(),
  /** Casino rounds the game has not closed (untouched for a day: taken as abandoned, not counted). */
  casinoRounds: z.number().int(),
  /** Deposits that may still be paid: started and not expired, or crypto transfers awaiting confirmations. */
  deposits: z.number().int(),
  /** Withdrawals requested or sent, not yet paid out. */
  withdrawals: z.number().int(),
});
export type ClosureOpen = z.infer<typeof closureOpenSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.number().int(),
    message: text(),
    fields: z.record(text(), z.array(text())).optional(),
    /** A refusal that lasts until a moment (an exclusion's end): ISO date-time, null for never. */
    until: text().nullable().optional(),
    /** Which of several causes: the exclusion's kind (11007) or why the session ended (16003). */
    reason: z.enum([...ExclusionKinds, ...SessionEndReasons]).optional(),
    /** The deposit limit that refused (13100): its period and what it still lets in, in major units. */
    limit: z.object({ period: z.enum(CashPeriods), left: z.number().nonnegative(), currency: text() }).optional(),
    /** A closure refused (409): what is still open. */
    open: closureOpenSchema.optional(),
    /** A paused sign-in's way through (11010): sent back with the code the account's owner was sent. */
    challenge: text().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
