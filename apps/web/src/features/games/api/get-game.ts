import { useQuery } from '@tanstack/react-query';
import type { Game } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

/** One game by id or identity. The game page may share this key: ['game', 'games', 'detail', idOrIdentity]. */
export const gameQueryKey = (idOrIdentity: string) => ['game', 'games', 'detail', idOrIdentity] as const;

export const fetchGame = (idOrIdentity: string, signal?: AbortSignal) =>
  api<Game>('GET', `/api/game/games/${encodeURIComponent(idOrIdentity)}`, { signal, redirectOnAuthError: false });

export function useGameDetails(idOrIdentity: string) {
  return useQuery({ queryKey: gameQueryKey(idOrIdentity), queryFn: ({ signal }) => fetchGame(idOrIdentity, signal), enabled: !!idOrIdentity });
}

/** A card already holds the whole game: seeding the cache lets the mobile sheet open without a spinner. */
export const seedGame = (game: Game) => {
  if (!queryClient.getQueryData(gameQueryKey(game.identity))) queryClient.setQueryData(gameQueryKey(game.identity), game);
};
