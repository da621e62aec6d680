import { useQuery } from '@tanstack/react-query';
import type { LoyaltyAccount, LoyaltyLevel, LoyaltyRate } from '@casino/contracts';
import { api, apiPage } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

export const loyaltyQueryKey = ['loyalty'] as const;
const accountKey = [...loyaltyQueryKey, 'account'] as const;

/** The levels in order (guests too); a handful, so one page holds them. */
export const useLoyaltyLevels = () =>
  useQuery({
    queryKey: [...loyaltyQueryKey, 'levels'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (
        await apiPage<LoyaltyLevel>('/api/retention/levels', {
          query: { sortBy: 'order', sortOrder: 'asc', perPage: 50 },
          signal,
        })
      ).data,
  });

/** How points are earned per game type (guests too). */
export const useLoyaltyRates = () =>
  useQuery({
    queryKey: [...loyaltyQueryKey, 'rates'],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api<LoyaltyRate[]>('GET', '/api/retention/rates', { signal }),
  });

/** The player's loyalty account; pushes replace it (`retention:accounts#<id>`). */
export const useLoyaltyAccount = (enabled = true) =>
  useQuery({
    queryKey: accountKey,
    enabled,
    queryFn: ({ signal }) => api<LoyaltyAccount>('GET', '/api/retention/account', { signal }),
  });

export const cachedLoyaltyAccount = () => queryClient.getQueryData<LoyaltyAccount>(accountKey);
export const setLoyaltyAccount = (account: LoyaltyAccount) => queryClient.setQueryData(accountKey, account);
export const refreshLoyaltyAccount = () => queryClient.invalidateQueries({ queryKey: accountKey });

/** Progress toward the next level in percent (points above the current level ÷ points between levels); 100 at the top. */
export function levelProgress(account: Pick<LoyaltyAccount, 'points' | 'currentLevel' | 'nextLevel'>): number {
  const next = account.nextLevel;
  if (!next) return 100;
  const span = next.points - account.currentLevel.points;
  if (span <= 0) return 100;
  const done = account.points - account.currentLevel.points;
  return Math.max(0, Math.min(100, Math.floor((done / span) * 100)));
}
