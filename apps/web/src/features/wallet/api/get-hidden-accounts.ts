import { useQuery } from '@tanstack/react-query';
import type { Account } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { hasSession } from '@/shared/lib/token.ts';

/** Its own key (not under the accounts key): balance pushes rewrite the visible list only. */
export const hiddenAccountsQueryKey = ['wallet', 'hidden-accounts'] as const;

export function useHiddenAccounts() {
  return useQuery({
    queryKey: hiddenAccountsQueryKey,
    queryFn: ({ signal }) => api<Account[]>('GET', '/api/wallet/accounts/hidden', { signal }),
    enabled: hasSession(),
  });
}
