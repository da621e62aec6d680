import { useMutation } from '@tanstack/react-query';
import type { Game } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { favoritesQueryKey } from './get-favorites.ts';

const favoritePath = (gameId: string) => `/api/game/games/${encodeURIComponent(gameId)}/favorite`;
/** Both answer with the player's whole favourites list. */
export const addFavorite = (gameId: string) => api<Game[]>('POST', favoritePath(gameId));
export const removeFavorite = (gameId: string) => api<Game[]>('DELETE', favoritePath(gameId));

const isGame = (value: unknown): value is Game =>
  !!value && typeof value === 'object' && 'identity' in value && 'provider' in value && 'isFavorite' in value;

/**
 * Sets `isFavorite` on every game inside a cached value, whatever its shape: a game, a list, a
 * page (`{ data, meta }`) or an infinite list (`{ pages }`). Untouched values keep their identity,
 * so nothing re-renders that did not change.
 */
export function patchFavorites<T>(value: T, flag: (game: Game) => boolean): T {
  if (isGame(value)) {
    const isFavorite = flag(value);
    return (value.isFavorite === isFavorite ? value : { ...value, isFavorite }) as T;
  }
  if (Array.isArray(value)) {
    const next = value.map((item: unknown) => patchFavorites(item, flag));
    return (next.some((item, i) => item !== value[i]) ? next : value) as T;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['data', 'pages'] as const) {
      if (Array.isArray(record[key])) {
        const next = patchFavorites(record[key], flag);
        return (next === record[key] ? value : { ...record, [key]: next }) as T;
      }
    }
  }
  return value;
}

const patchAll = (flag: (game: Game) => boolean) =>
  queryClient.setQueriesData({ queryKey: ['game'] }, (old: unknown) => patchFavorites(old, flag));

/** Writes the server's favourites list into the cache and re-flags every cached game. */
function applyFavorites(favorites: Game[]) {
  const ids = new Set(favorites.map((g) => g.id));
  queryClient.setQueryData(favoritesQueryKey, favorites);
  patchAll((g) => ids.has(g.id));
}

type Toggle = { game: Game; favorite: boolean };
const setOne = (gameId: string, favorite: boolean) => patchAll((g) => (g.id === gameId ? favorite : g.isFavorite));

/**
 * Adds or removes a favourite. The heart flips at once (on every card of that game); the server's
 * list then replaces ours, and a failure puts the flag back.
 */
export function useToggleFavorite() {
  return useMutation({
    mutationFn: ({ game, favorite }: Toggle) => (favorite ? addFavorite(game.id) : removeFavorite(game.id)),
    onMutate: ({ game, favorite }: Toggle) => setOne(game.id, favorite),
    onSuccess: applyFavorites,
    onError: (_error, { game, favorite }) => setOne(game.id, !favorite),
  });
}
