import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PlayerSession } from '@casino/contracts';
import { api, apiPage } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { HISTORY_PER_PAGE } from './get-spins.ts';

const sessionsKey = ['player', 'sessions'] as const;

/** `GET /api/player/sessions`: the player's sign-ins (devices), newest first. */
export function useSessions(page: number) {
  return useQuery({
    queryKey: [...sessionsKey, page],
    queryFn: ({ signal }) =>
      apiPage<PlayerSession>('/api/player/sessions', { query: { page, perPage: HISTORY_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `PUT /api/player/sessions/{id}/close`: that device is signed out at once. */
export function useCloseSession() {
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>('PUT', `/api/player/sessions/${encodeURIComponent(id)}/close`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
