/** The casino's refusals as players should read them (codes from the seamless wallet, passed through). */
import { ApiError } from './api.ts';
import { language, t, type MessageKey } from './i18n.ts';

const byCode: Record<number, MessageKey> = {
  15001: 'errInsufficient',
  14100: 'errBetLimit',
  14101: 'errLossLimit',
  14103: 'errLimited',
  14105: 'errExcluded',
  14306: 'errRestrictedGame',
  14308: 'errCountry',
  14311: 'errMaxBetGeneric',
  15010: 'errUnconfirmed',
  15011: 'errExpired',
  15012: 'errRoundClosed',
};

/** The provider's own (string) codes whose wording is ours rather than the server's. */
const byName: Record<string, MessageKey> = {
  session_expired: 'errExpired',
  session_not_found: 'errSessionGone',
  round_open: 'errRoundOpen',
  free_spins_first: 'errFreeSpinsFirst',
  free_spins_not_available: 'errGrantGone',
};

/** The casino's code for a stake above an active bonus's maximum bet. */
export const MAX_BET_EXCEEDED = 14311;

/**
 * A refusal of a stake above the active bonus's maximum bet that names the maximum (minor units of the
 * session's currency): the game can say it and offer a stake within it. Null for anything else, and for
 * a maximum in another currency than the game's (nothing sensible to offer then).
 */
export function maxBetRefusal(error: unknown, currency: string): { maxBet: number } | null {
  if (!(error instanceof ApiError) || error.code !== MAX_BET_EXCEEDED || error.maxBet === null) return null;
  if (error.currency !== null && error.currency !== currency) return null;
  return { maxBet: error.maxBet };
}

/** null: nothing to show (the request is being retried or was superseded). In the page language. */
export function errorMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return t('errGeneric');
  if (error.tooFast) return null;
  if (typeof error.code === 'string' && byName[error.code]) return t(byName[error.code]!);
  if (typeof error.code === 'number' && byCode[error.code]) return t(byCode[error.code]!);
  if (typeof error.code === 'number' && error.code >= 14000 && error.code < 15000) return t('errRestricted');
  if (error.status === 0) return t('errConnection');
  if (error.status === 404) return t('errNotFound');
  if (error.status === 401 || error.status === 410) return t('errExpired'); // 15010 was matched above
  // The provider's own refusal of a bet (its message names the rule) is English; ours is said in the page language.
  if (error.status === 422 || error.status === 400)
    return error.message && error.message !== 'Unprocessable Entity' && language() === 'en'
      ? error.message
      : t('errBetNotAllowed');
  if (error.status === 503 && typeof error.code === 'string' && error.message && language() === 'en')
    return error.message; // e.g. wallet unreachable, bet not taken
  if (error.status >= 500) return t('errServer');
  return language() === 'en' && error.message ? error.message : t('errGeneric');
}

/** The balance to show after a failed round: the one the casino named with its refusal, else the one before. */
export function balanceAfterFailure(error: unknown, before: number): number {
  return error instanceof ApiError && error.balance !== null ? error.balance : before;
}

/** The session is gone: no further call can succeed, so the controls stay disabled. */
export function sessionEnded(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'session_expired' || error.code === 'session_not_found' || error.code === 15011) return true;
  return error.status === 410 || (error.status === 401 && error.code !== 15010 && error.code !== 'bad_signature');
}
