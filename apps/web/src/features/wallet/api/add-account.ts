import { useMutation } from '@tanstack/react-query';
import type { Account } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { accountsQueryKey } from './get-accounts.ts';

export const addAccount = (currency: string) => api<Account[]>('POST', '/api/wallet/accounts', { body: { currency } });

/** The server answers with the whole list, which replaces the cached one. */
export function useAddAccount() {
  return useMutation({ mutationFn: addAccount, onSuccess: (accounts) => queryClient.setQueryData(accountsQueryKey, accounts) });
}
