/** The casino's refusals as players should read them (codes from the seamless wallet, passed through). */
import { ApiError } from './api.ts';

const byCode: Record<number, string> = {
  15001: 'Not enough balance for this bet.',
  14100: 'You have reached your bet limit. You can review your limits in your casino account.',
  14101: 'You have reached your loss limit. You can review your limits in your casino account.',
  14103: 'Betting is not available on your account. Please contact support.',
  14105: 'Betting is paused: your account is self-excluded or on a cooling-off period.',
  14306: 'Bets on this game are currently restricted.',
  14308: 'This game is not available in your country.',
  15010: 'The casino could not confirm this bet. Please try again.',
  15011: 'Your game session has expired. Close the game and open it again from the casino.',
  15012: 'This round is already closed.',
};

/** The provider's own (string) codes whose wording is ours rather than the server's. */
const byName: Record<string, string> = {
  session_expired: 'Your game session has expired. Close the game and open it again from the casino.',
  session_not_found: 'This game session has ended. Close the game and open it again from the casino.',
  round_open: 'A round is still running. Wait for it to finish.',
};

/** null: nothing to show (the request is being retried or was superseded). */
export function errorMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.tooFast) return null;
  if (typeof error.code === 'string' && byName[error.code]) return byName[error.code]!;
  if (typeof error.code === 'number' && byCode[error.code]) return byCode[error.code]!;
  if (typeof error.code === 'number' && error.code >= 14000 && error.code < 15000)
    return 'Betting is restricted on your account right now.';
  if (error.status === 0) return 'Connection problem. Check your connection and try again.';
  if (error.status === 404)
    return 'This game or round could not be found. Close the game and open it again from the casino.';
  if (error.status === 401 || error.status === 410) return byCode[15011]!; // 15010 was matched above
  if (error.status === 422 || error.status === 400)
    return error.message && error.message !== 'Unprocessable Entity' ? error.message : 'This bet is not allowed.';
  if (error.status === 503 && typeof error.code === 'string' && error.message) return error.message; // e.g. wallet unreachable, bet not taken
  if (error.status >= 500) return 'The game server had a problem. Your balance is safe; please try again in a moment.';
  return error.message || 'Something went wrong. Please try again.';
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
