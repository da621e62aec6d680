import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Game, GameSort, Platform } from '@casino/contracts';
import { apiPage, type Page } from '@/shared/lib/http.ts';

export type GameFilters = {
  collectionId?: readonly string[];
  providerId?: readonly string[];
  name?: string;
  sortBy?: GameSort;
  sortOrder?: 'asc' | 'desc';
  perPage: number;
  platform: Platform;
};

/** Every game list lives under ['game', …]: a favourite toggle patches them all at once. */
export const gamesQueryKey = (filters: GameFilters) => ['game', 'games', 'list', filters] as const;
const gamesPageKey = (filters: GameFilters) => ['game', 'games', 'page', filters] as const;

/** `GET /api/game/games`; arrays go out as `collectionId[]=…` (the http helper's bracket style). */
export const fetchGames = (filters: GameFilters, page: number, signal?: AbortSignal) =>
  apiPage<Game>('/api/game/games', {
    query: {
      collectionId: filters.collectionId,
      providerId: filters.providerId,
      name: filters.name || undefined,
      sortBy: filters.sortBy,
      sortOrder: filters.sortOrder,
      page,
      perPage: filters.perPage,
      platform: filters.platform,
    },
    signal,
  });

/** The next page number of an infinite list, or undefined when the last page is loaded. */
export const nextPageParam = (last: Page<unknown>) =>
  last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined;

/** One page (carousels, search suggestions). */
export function useGamesPage(filters: GameFilters, { enabled = true } = {}) {
  return useQuery({
    queryKey: gamesPageKey(filters),
    queryFn: ({ signal }) => fetchGames(filters, 1, signal),
    enabled,
  });
}

/** Page after page (category grid, search results). */
export function useInfiniteGames(filters: GameFilters, { enabled = true } = {}) {
  return useInfiniteQuery({
    queryKey: gamesQueryKey(filters),
    queryFn: ({ pageParam, signal }) => fetchGames(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled,
  });
}
