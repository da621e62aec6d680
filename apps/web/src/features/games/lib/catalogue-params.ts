import type { GameSort } from '@casino/contracts';
import { PROVIDER_PARAM } from './paths.ts';

/**
 * The grid's sort choices and what each asks the API for; `popular` is the default. The API ranks
 * popularity, so `asc` lists the most popular first.
 */
export const SORTS = {
  popular: { sortBy: 'popularity', sortOrder: 'asc' },
  az: { sortBy: 'name', sortOrder: 'asc' },
  za: { sortBy: 'name', sortOrder: 'desc' },
  new: { sortBy: 'createdAt', sortOrder: 'desc' },
} as const satisfies Record<string, { sortBy: GameSort; sortOrder: 'asc' | 'desc' }>;
export type SortKey = keyof typeof SORTS;
export const SORT_KEYS = Object.keys(SORTS) as SortKey[];
const DEFAULT_SORT: SortKey = 'popular';

const isSortKey = (value: string | null): value is SortKey => !!value && Object.hasOwn(SORTS, value);

/** What the URL says about the grid: `?providerId[]=a&providerId[]=b&sort=az`. Unknown values fall back. */
export function readCatalogueParams(params: URLSearchParams) {
  const sort = params.get('sort');
  // `providerId` without brackets works too, like on the API.
  const providers = [...new Set([...params.getAll(PROVIDER_PARAM), ...params.getAll('providerId')].filter(Boolean))];
  return { providerIds: providers, sort: isSortKey(sort) ? sort : DEFAULT_SORT };
}

/** The same query with the provider filter and sort changed; everything else (modals too) is kept. */
export function writeCatalogueParams(
  params: URLSearchParams,
  next: { providerIds?: readonly string[]; sort?: SortKey },
): URLSearchParams {
  const out = new URLSearchParams(params);
  if (next.providerIds) {
    out.delete(PROVIDER_PARAM);
    out.delete('providerId');
    for (const id of next.providerIds) out.append(PROVIDER_PARAM, id);
  }
  if (next.sort) {
    if (next.sort === DEFAULT_SORT) out.delete('sort');
    else out.set('sort', next.sort);
  }
  return out;
}
