import { useMutation, useQuery } from '@tanstack/react-query';
import type { Account } from '@casino/contracts';
import { api, type ApiOptions } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { hasSession } from '@/shared/lib/token.ts';
import { hiddenAccountsQueryKey } from './get-hidden-accounts.ts';

/** Push handlers write into this key too, so a pushed balance shows everywhere at once. */
export const accountsQueryKey = ['wallet', 'accounts'] as const;

export const fetchAccounts = (options: Pick<ApiOptions, 'redirectOnAuthError' | 'signal'> = {}) =>
  api<Account[]>('GET', '/api/wallet/accounts', options);

/** The player's accounts; idle for guests (a guest call would only earn a 401). */
export function useAccounts() {
  return useQuery({
    queryKey: accountsQueryKey,
    queryFn: ({ signal }) => fetchAccounts({ signal }),
    enabled: hasSession(),
  });
}

export const activeAccount = (accounts: readonly Account[] | undefined) => accounts?.find((a) => a.status === 1);

/**
 * A change to the accounts (add, switch, hide): the server answers with the whole visible list, which
 * replaces the cached one; the hidden list is read again (adding a hidden currency shows it).
 */
export function useAccountsMutation<V>(mutationFn: (variables: V) => Promise<Account[]>) {
  return useMutation({
    mutationFn,
    onSuccess: (accounts) => {
      queryClient.setQueryData(accountsQueryKey, accounts);
      void queryClient.invalidateQueries({ queryKey: hiddenAccountsQueryKey });
    },
  });
}
