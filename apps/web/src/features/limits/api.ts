import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  LimitCreateBody,
  LimitsSummary,
  LimitUpdateBody,
  PlayerLimit,
  PlaySummary,
  RealityCheck,
} from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

/** Push handlers (`limits.updated`) invalidate this key, so the page follows changes made elsewhere. */
export const limitsQueryKey = ['player', 'limits'] as const;

export const useLimits = (enabled = true) =>
  useQuery({
    queryKey: limitsQueryKey,
    enabled,
    queryFn: ({ signal }) => api<PlayerLimit[]>('GET', '/api/player/limits', { signal }),
  });

export const useLimitsSummary = (currency: string | undefined) =>
  useQuery({
    queryKey: [...limitsQueryKey, 'summary', currency],
    enabled: !!currency,
    queryFn: ({ signal }) => api<LimitsSummary>('GET', '/api/player/limits/summary', { query: { currency }, signal }),
  });

const refresh = () => queryClient.invalidateQueries({ queryKey: limitsQueryKey });

export const useAddLimit = () =>
  useMutation({
    mutationFn: (body: LimitCreateBody) => api<PlayerLimit>('POST', '/api/player/limits', { body }),
    onSuccess: refresh,
  });

export const useUpdateLimit = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: string; body: LimitUpdateBody }) =>
      api<PlayerLimit>('PUT', `/api/player/limits/${encodeURIComponent(id)}`, { body }),
    onSuccess: refresh,
  });

/** Cancels the waiting change when there is one; otherwise asks to remove the limit. */
export const useDeleteLimit = () =>
  useMutation({
    mutationFn: (id: string) => api<PlayerLimit>('DELETE', `/api/player/limits/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });

export const confirmLimitChange = (token: string) =>
  api<{ effectiveAt: string }>('POST', '/api/player/limits/confirm', { body: { token } });

export const realityCheckQueryKey = [...limitsQueryKey, 'reality-check'] as const;

export const useRealityCheck = (enabled = true) =>
  useQuery({
    queryKey: realityCheckQueryKey,
    enabled,
    queryFn: ({ signal }) => api<RealityCheck>('GET', '/api/player/limits/reality-check', { signal }),
  });

export const useSetRealityCheck = () =>
  useMutation({
    mutationFn: (body: RealityCheck) => api<RealityCheck>('PUT', '/api/player/limits/reality-check', { body }),
    onSuccess: (data) => queryClient.setQueryData(realityCheckQueryKey, data),
  });

export const fetchPlaySummary = (since: string, currency: string) =>
  api<PlaySummary>('GET', '/api/player/limits/reality-check/summary', { query: { since, currency } });

/**
 * Starts a cooling-off or self-exclusion. Nothing is reloaded after it: the server has ended this
 * session too, and the modal tells the player so before signing out here.
 */
export const useStartExclusion = () =>
  useMutation({
    mutationFn: (body: LimitCreateBody) =>
      api<PlayerLimit>('POST', '/api/player/limits', { body, redirectOnAuthError: false }),
  });
