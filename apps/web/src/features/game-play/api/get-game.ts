import { useQuery } from '@tanstack/react-query';
import type { Game } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

/** The game page, its modals and the catalogue's mobile sheet share this entry. */
export const gameQueryKey = (idOrIdentity: string) => ['game', 'games', 'detail', idOrIdentity] as const;

/** One game by id or identity; a player's token makes the server fill `isFavorite`. */
export const fetchGame = (idOrIdentity: string, signal?: AbortSignal) =>
  api<Game>('GET', `/api/game/games/${encodeURIComponent(idOrIdentity)}`, signal ? { signal } : {});

export function useGame(idOrIdentity: string) {
  return useQuery({
    queryKey: gameQueryKey(idOrIdentity),
    queryFn: ({ signal }) => fetchGame(idOrIdentity, signal),
    enabled: idOrIdentity !== '',
    staleTime: 5 * 60_000,
  });
}

/** A card already holds the whole game: seeding the cache lets the mobile sheet open without a spinner. */
export const seedGame = (game: Game) => {
  if (!queryClient.getQueryData(gameQueryKey(game.identity)))
    queryClient.setQueryData(gameQueryKey(game.identity), game);
};
