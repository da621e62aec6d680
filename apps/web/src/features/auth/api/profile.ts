import { useMutation, useQuery } from '@tanstack/react-query';
import type { FieldMeta, Profile, ProfileUpdateBody } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { setPlayer } from '../session-store.ts';

/** The profile scenario's fields, their rules and which ones lock once filled. */
export const useProfileFields = () =>
  useQuery({
    queryKey: ['player', 'fields', 'profile'],
    queryFn: () => api<FieldMeta[]>('GET', '/api/player/fields/validations', { query: { scenario: 'profile' } }),
    staleTime: 5 * 60_000,
  });

/** Saves some fields; the answer is the whole new profile, which the session store takes. */
export const useUpdateProfile = () =>
  useMutation({
    mutationFn: (body: ProfileUpdateBody) => api<Profile>('PUT', '/api/player/profile', { body }),
    onSuccess: (profile) => setPlayer(profile),
  });
