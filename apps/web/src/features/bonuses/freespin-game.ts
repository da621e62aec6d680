import type { Game } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

/** The game of free spins, by id (the cards and the toasts name it; the game page's query shares the cache). */
export const gameQueryOf = (gameId: string) => ({
  queryKey: ['game', 'games', 'detail', gameId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<Game>('GET', `/api/game/games/${encodeURIComponent(gameId)}`, { signal }),
  staleTime: 5 * 60_000,
});

export const gameOf = (gameId: string) => queryClient.fetchQuery(gameQueryOf(gameId));
