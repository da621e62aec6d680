import { useQuery } from '@tanstack/react-query';
import { FreespinStatus, type PlayerFreespin } from '@casino/contracts';
import { apiPage } from '@/shared/lib/http.ts';
import { bonusesQueryKey } from './api.ts';

/**
 * Whether active free spins with spins left wait on `gameId` in `currency` (the active account's): the
 * game page then starts the game for real money, even on an empty balance, since the spins need no stake.
 * `currency`: undefined while not known yet (the accounts are loading), null when there is none (a guest,
 * no account). Answers undefined while it is being asked; false when none wait or it cannot be known.
 * Under the bonuses' key, so the free-spin pushes that refresh the bonuses refresh it too.
 */
export function useFreespinsWaiting(gameId: string, currency: string | null | undefined): boolean | undefined {
  const query = useQuery({
    queryKey: [...bonusesQueryKey, 'freespins', 'waiting', currency ?? ''],
    enabled: typeof currency === 'string',
    queryFn: async ({ signal }) =>
      (
        await apiPage<PlayerFreespin>('/api/game/player-freespins', {
          query: { status: [FreespinStatus.active], currency: [currency!], page: 1, perPage: 50 },
          signal,
        })
      ).data,
  });
  if (currency === undefined) return undefined;
  if (currency === null || query.isError) return false;
  if (!query.data) return undefined;
  return query.data.some((spins) => spins.gameId === gameId && spins.usedCount < spins.count);
}
