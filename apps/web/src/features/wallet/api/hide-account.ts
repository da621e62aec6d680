import type { Account } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { useAccountsMutation } from './get-accounts.ts';

/** The active account cannot be hidden (the server answers 422); the UI offers it only on the others. */
export const hideAccount = (id: string) => api<Account[]>('PUT', `/api/wallet/accounts/${encodeURIComponent(id)}/hide`);

export const useHideAccount = () => useAccountsMutation(hideAccount);
