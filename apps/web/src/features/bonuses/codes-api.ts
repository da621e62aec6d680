import { useMutation, useQuery } from '@tanstack/react-query';
import { BonusCodeStatus, type BonusCode, type BonusCodeRefusal } from '@casino/contracts';
import { api, isApiError } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

const PATH = '/api/game/bonuses/bonuscodes';
/** The player's codes of a trigger (1 bonuses page, 3 deposit form) live under this key. */
export const bonusCodesQueryKey = ['bonus', 'codes'] as const;

export const useBonusCodes = (trigger: 1 | 3, enabled = true) =>
  useQuery({
    queryKey: [...bonusCodesQueryKey, trigger],
    enabled,
    queryFn: ({ signal }) => api<BonusCode[]>('GET', PATH, { query: { trigger }, signal }),
  });

export const refreshBonusCodes = () => queryClient.invalidateQueries({ queryKey: bonusCodesQueryKey });
/** The bonus lists (api.ts's key, named here so the code form does not pull the wallet in). */
export const refreshPlayerBonuses = () => queryClient.invalidateQueries({ queryKey: ['bonus', 'player-bonuses'] });

export const useApplyBonusCode = () =>
  useMutation({
    mutationFn: (body: { bonusCode: string; trigger: 1 | 3 }) => api<BonusCode>('POST', PATH, { body }),
    onSettled: () => void refreshBonusCodes(),
  });

export const useWithdrawBonusCode = () =>
  useMutation({
    mutationFn: (playerBonusCodeId: string) => api<{ ok: true }>('DELETE', PATH, { body: { playerBonusCodeId } }),
    onSettled: () => void refreshBonusCodes(),
  });

/** The reference client's lockout after error 5, kept across reloads (the server enforces it anyway). */
const LOCK_KEY = 'bonus-code-locked-until';
export const LOCKOUT_FALLBACK_MS = 180_000;

export function lockedUntil(now = Date.now()): number | null {
  try {
    const until = Number(localStorage.getItem(LOCK_KEY));
    return Number.isFinite(until) && until > now ? until : null;
  } catch {
    return null;
  }
}

/** After a refusal: the moment the code form opens again when it was error 5 (locked), else null. */
export function lockFrom(error: unknown, now = Date.now()): number | null {
  if (!isApiError(error) || error.code !== 5) return null;
  const told = error.until ? Date.parse(error.until) : Number.NaN;
  const until = Number.isFinite(told) && told > now ? told : now + LOCKOUT_FALLBACK_MS;
  try {
    localStorage.setItem(LOCK_KEY, String(until));
  } catch {
    // Private mode: the lock still shows for this page; the server holds it regardless.
  }
  return until;
}

/**
 * What a status means to the player (i18n keys under `bonuses.codes.status`): a code not available
 * says why when the server does (used already, one per person).
 */
export type CodeOutcome = 'accepted' | 'used' | 'incorrect' | 'notAvailable' | 'alreadyUsed' | 'onePerPerson';
export const outcomeOf = (status: number, reason?: BonusCodeRefusal): CodeOutcome =>
  status === BonusCodeStatus.accepted
    ? 'accepted'
    : status === BonusCodeStatus.used
      ? 'used'
      : status === BonusCodeStatus.incorrect
        ? 'incorrect'
        : reason === 'already_used'
          ? 'alreadyUsed'
          : reason === 'one_per_person'
            ? 'onePerPerson'
            : 'notAvailable';
