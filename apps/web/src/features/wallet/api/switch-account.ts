import type { Account } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { useAccountsMutation } from './get-accounts.ts';

export const switchAccount = (id: string) =>
  api<Account[]>('PUT', `/api/wallet/accounts/${encodeURIComponent(id)}/switch`);

export const useSwitchAccount = () => useAccountsMutation(switchAccount);
