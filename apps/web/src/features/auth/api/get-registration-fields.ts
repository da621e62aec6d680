import { useQuery } from '@tanstack/react-query';
import type { FieldMeta } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

export const registrationFieldsQueryKey = ['player', 'fields', 'registration'] as const;

/** The server decides which fields registration has and their rules; the form is built from this. */
export const fetchRegistrationFields = () =>
  api<FieldMeta[]>('GET', '/api/player/fields/validations', { query: { scenario: 'registration' }, auth: false });

export const useRegistrationFields = () =>
  useQuery({ queryKey: registrationFieldsQueryKey, queryFn: fetchRegistrationFields, staleTime: 5 * 60_000 });
