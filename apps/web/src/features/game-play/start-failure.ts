import { ErrorCode } from '@casino/contracts';
import { isApiError } from '@/shared/lib/http.ts';

/** How a refused game start is shown. */
export type StartFailure =
  | { kind: 'geo' }
  | { kind: 'limit'; code: number }
  | { kind: 'limited' }
  | { kind: 'restricted' }
  | { kind: 'sign-in' }
  | { kind: 'other' };

/** Responsible gaming limits that stop a real-money start (14100, 14101, 14105). */
export const LIMIT_CODES: ReadonlySet<number> = new Set<number>([
  ErrorCode.gameLimitReached,
  ErrorCode.gameLossLimitReached,
  ErrorCode.gameSelfExcluded,
]);

export function startFailure(error: unknown): StartFailure {
  if (!isApiError(error)) return { kind: 'other' };
  if (error.code === ErrorCode.gameRestrictedInCountry) return { kind: 'geo' };
  if (LIMIT_CODES.has(error.code)) return { kind: 'limit', code: error.code };
  if (error.code === ErrorCode.limitedPlayer) return { kind: 'limited' };
  if (error.code === ErrorCode.restrictedBets) return { kind: 'restricted' };
  if (error.status === 401) return { kind: 'sign-in' };
  return { kind: 'other' };
}
