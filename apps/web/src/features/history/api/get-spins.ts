import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Spin } from '@casino/contracts';
import { apiPage } from '@/shared/lib/http.ts';

export const HISTORY_PER_PAGE = 20;

export const spinsQueryKey = (page: number) => ['game', 'spins', page] as const;

/** `GET /api/game/spins`: the player's casino rounds, newest first. */
export const fetchSpins = (page: number, signal?: AbortSignal) =>
  apiPage<Spin>('/api/game/spins', { query: { page, perPage: HISTORY_PER_PAGE }, signal });

export function useSpins(page: number) {
  return useQuery({
    queryKey: spinsQueryKey(page),
    queryFn: ({ signal }) => fetchSpins(page, signal),
    placeholderData: keepPreviousData,
  });
}
