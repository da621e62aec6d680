import { useQuery } from '@tanstack/react-query';
import { EXCLUDED_COUNTRY_CODES, type Country } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

export const countriesQueryKey = ['settings', 'countries'] as const;

const excluded = new Set<string>(EXCLUDED_COUNTRY_CODES);

/** Countries offered in forms: the spec's excluded ones removed, sorted by name. */
export const fetchCountries = async () => {
  const countries = await api<Country[]>('GET', '/api/settings/countries', { auth: false });
  return countries.filter((c) => !excluded.has(c.code)).sort((a, b) => a.name.localeCompare(b.name));
};

export const useCountries = (enabled: boolean) =>
  useQuery({ queryKey: countriesQueryKey, queryFn: fetchCountries, staleTime: Infinity, enabled });
