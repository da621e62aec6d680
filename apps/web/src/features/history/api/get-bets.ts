import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Bet } from '@casino/contracts';
import { apiPage } from '@/shared/lib/http.ts';
import { HISTORY_PER_PAGE } from './get-spins.ts';

export const betsQueryKey = (settled: boolean, page: number) => ['game', 'bets', settled, page] as const;

/** `GET /api/game/bets?isSettled=`: settled (won, lost, rolled back) or still open bets. */
export const fetchBets = (settled: boolean, page: number, signal?: AbortSignal) =>
  apiPage<Bet>('/api/game/bets', {
    query: { isSettled: settled ? 'true' : 'false', page, perPage: HISTORY_PER_PAGE },
    signal,
  });

export function useBets(settled: boolean, page: number) {
  return useQuery({
    queryKey: betsQueryKey(settled, page),
    queryFn: ({ signal }) => fetchBets(settled, page, signal),
    placeholderData: keepPreviousData,
  });
}
