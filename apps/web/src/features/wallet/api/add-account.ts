import type { Account } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { useAccountsMutation } from './get-accounts.ts';

export const addAccount = (currency: string) => api<Account[]>('POST', '/api/wallet/accounts', { body: { currency } });

export const useAddAccount = () => useAccountsMutation(addAccount);
