import { useQuery } from '@tanstack/react-query';
import type { Account } from '@casino/contracts';
import { api, type ApiOptions } from '@/shared/lib/http.ts';
import { hasSession } from '@/shared/lib/token.ts';

/** Push handlers write into this key too, so a pushed balance shows everywhere at once. */
export const accountsQueryKey = ['wallet', 'accounts'] as const;

export const fetchAccounts = (options: Pick<ApiOptions, 'redirectOnAuthError' | 'signal'> = {}) =>
  api<Account[]>('GET', '/api/wallet/accounts', options);

/** The player's accounts; idle for guests (a guest call would only earn a 401). */
export function useAccounts() {
  return useQuery({ queryKey: accountsQueryKey, queryFn: ({ signal }) => fetchAccounts({ signal }), enabled: hasSession() });
}

export const activeAccount = (accounts: readonly Account[] | undefined) => accounts?.find((a) => a.status === 1);
