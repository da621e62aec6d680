import { useMutation } from '@tanstack/react-query';
import type { Account } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { accountsQueryKey } from './get-accounts.ts';

export const switchAccount = (id: string) => api<Account[]>('PUT', `/api/wallet/accounts/${encodeURIComponent(id)}/switch`);

export function useSwitchAccount() {
  return useMutation({ mutationFn: switchAccount, onSuccess: (accounts) => queryClient.setQueryData(accountsQueryKey, accounts) });
}
