import { apiPage, type Page, type Query } from '@/shared/lib/http.ts';

export type { Page };

/** A paginated GET (`{ data, meta }`): grids need the total as well as the games. */
export function fetchPage<T>(path: string, query: Query, signal?: AbortSignal): Promise<Page<T>> {
  return apiPage<T>(path, { query, ...(signal ? { signal } : {}) });
}

/** The next page number of an infinite list, or undefined when the last page is loaded. */
export const nextPageParam = (last: Page<unknown>) => (last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined);
