import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

export const currenciesQueryKey = ['settings', 'currencies'] as const;

export const fetchCurrencies = () =>
  api<Currency[]>('GET', '/api/settings/currencies', { query: { visible: 1 }, auth: false });

/** Currencies change rarely: keep them for the whole visit. */
export function useCurrencies() {
  return useQuery({ queryKey: currenciesQueryKey, queryFn: fetchCurrencies, staleTime: Infinity });
}
