import { useQuery } from '@tanstack/react-query';
import { TournamentState, type Tournament } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { api, apiPage } from '@/shared/lib/http.ts';

const PATH = '/api/retention/tournaments';

/** Every tournament query lives under this key. */
export const tournamentsQueryKey = ['retention', 'tournaments'] as const;
/** A tournament's detail, as the player (or guest) sees it: the pushes write into this entry. */
export const tournamentQueryKey = (idOrIdentity: string, playerId: string | null) =>
  [...tournamentsQueryKey, 'detail', idOrIdentity, playerId ?? 'guest'] as const;

/** Running and upcoming tournaments (running first), optionally only those a game counts in. */
export const useLiveTournaments = (options: { gameId?: string; perPage?: number; enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [...tournamentsQueryKey, 'live', options.gameId ?? 'all', options.perPage ?? 6],
    enabled: options.enabled ?? true,
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      (
        await apiPage<Tournament>(PATH, {
          query: {
            state: [TournamentState.upcoming, TournamentState.running],
            gameId: options.gameId,
            page: 1,
            perPage: options.perPage ?? 6,
          },
          signal,
        })
      ).data,
  });

/**
 * The tournament that ended last, with its winners (masked), for the home page's results; none when
 * the last one ended over a week ago (old results are news to nobody).
 */
export const useLastFinishedTournament = () =>
  useQuery({
    queryKey: [...tournamentsQueryKey, 'finished'],
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const [last] = (
        await apiPage<Tournament>(PATH, { query: { state: [TournamentState.finished], page: 1, perPage: 1 }, signal })
      ).data;
      return last && Date.now() - Date.parse(last.endAt) < 7 * 86_400_000 ? last : null;
    },
  });

/** One tournament by id or identity; with a session its standing, prizes and top 10 too. */
export function useTournament(idOrIdentity: string) {
  const status = useSession((s) => s.status);
  const playerId = useSession((s) => s.profile?.id ?? null);
  return useQuery({
    queryKey: tournamentQueryKey(idOrIdentity, playerId),
    enabled: status !== 'unknown',
    retry: (count, error) => count < 2 && !(error && 'status' in error && error.status === 404),
    // Past its start or end the server moves it on (within seconds): look again until it has.
    refetchInterval: ({ state: { data } }: { state: { data?: Tournament } }) =>
      data &&
      (data.state === 2 || data.state === 3) &&
      Date.now() > Date.parse(data.state === 2 ? data.startAt : data.endAt)
        ? 10_000
        : false,
    queryFn: ({ signal }) => api<Tournament>('GET', `${PATH}/${encodeURIComponent(idOrIdentity)}`, { signal }),
  });
}
