import { useInfiniteQuery } from '@tanstack/react-query';
import type { Game, Platform } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { apiPage } from '@/shared/lib/http.ts';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { nextPageParam } from './get-games.ts';

const PLAYED_PER_PAGE = 18;
export const playedQueryKey = (platform: Platform, country: string) => ['game', 'played', platform, country] as const;

export const fetchPlayed = (platform: Platform, country: string, page: number, signal?: AbortSignal) =>
  apiPage<Game>('/api/game/games/played', {
    query: { perPage: PLAYED_PER_PAGE, page, platform, countryCode: country || undefined },
    signal,
  });

/** The player's last launched games, newest first; idle for guests. */
export function usePlayed(platform: Platform) {
  const { country } = usePlayerInit();
  const isPlayer = useSession((s) => s.status === 'player');
  return useInfiniteQuery({
    queryKey: playedQueryKey(platform, country),
    queryFn: ({ pageParam, signal }) => fetchPlayed(platform, country, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: isPlayer,
    staleTime: 0,
  });
}
