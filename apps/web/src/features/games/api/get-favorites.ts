import { useQuery } from '@tanstack/react-query';
import type { Game } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { api } from '@/shared/lib/http.ts';

export const favoritesQueryKey = ['game', 'favorites'] as const;

/** The server keeps up to 100 favourites; one page of 100 is the whole list (add and remove answer with it too). */
const FAVORITES_LIMIT = 100;

export async function fetchFavorites(signal?: AbortSignal): Promise<Game[]> {
  const data = await api<Game[] | undefined>('GET', '/api/game/games/favorites', {
    signal,
    query: { perPage: FAVORITES_LIMIT },
  });
  return Array.isArray(data) ? data : [];
}

/** The player's favourites; idle for guests (they have none, and the call would only earn a 401). */
export function useFavorites() {
  const isPlayer = useSession((s) => s.status === 'player');
  return useQuery({
    queryKey: favoritesQueryKey,
    queryFn: ({ signal }) => fetchFavorites(signal),
    enabled: isPlayer,
    staleTime: 0,
  });
}
