import { useQuery } from '@tanstack/react-query';
import type { Provider } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

export const providersQueryKey = ['game', 'providers'] as const;

export async function fetchProviders(): Promise<Provider[]> {
  const data = await api<Provider[] | undefined>('GET', '/api/game/providers', { auth: false });
  return Array.isArray(data) ? data : [];
}

/** Every studio with games on offer; sorting and search happen on the client (the list is short). */
export function useProviders() {
  return useQuery({ queryKey: providersQueryKey, queryFn: fetchProviders, staleTime: 5 * 60_000 });
}
