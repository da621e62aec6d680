import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Collection } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { usePlayerInit } from '@/shared/lib/player-init.ts';

export const collectionsQueryKey = (country: string) => ['game', 'collections', country] as const;

/** A public list, so no token; the server narrows it to the country, and so do we (below). */
export async function fetchCollections(country: string): Promise<Collection[]> {
  const data = await api<Collection[] | undefined>('GET', '/api/game/collections', {
    auth: false,
    query: { countries: country ? [country] : undefined },
  });
  return Array.isArray(data) ? data : [];
}

/** A collection is offered when it is not hidden and lists no countries, or the visitor's. */
export const availableIn = (country: string) => (c: Collection) =>
  !c.isHidden && (c.countries.length === 0 || !country || c.countries.includes(country));

/** For loaders and hooks alike: the catalogue's shape changes rarely, so it is kept for 5 minutes. */
export const collectionsQuery = (country: string) => ({
  queryKey: collectionsQueryKey(country),
  queryFn: () => fetchCollections(country),
  staleTime: 5 * 60_000,
  select: (list: Collection[]) => list.filter(availableIn(country)),
});

/**
 * The collections on offer in the visitor's country, in the operator's order, named in the page's
 * language: the catalogue names them in English, the site's texts translate the ones it knows.
 */
export function useCollections() {
  const { country } = usePlayerInit();
  const { t } = useTranslation();
  const query = collectionsQuery(country);
  // `t` changes with the language, so the names follow a switch.
  const select = useCallback(
    (list: Collection[]) =>
      list
        .filter(availableIn(country))
        .map((c) => ({ ...c, name: t(`games.collections.${c.identity}`, { defaultValue: c.name }) })),
    [country, t],
  );
  return useQuery({ ...query, select });
}
