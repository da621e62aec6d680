import { useQuery } from '@tanstack/react-query';
import type { ContentArea, ContentPage, ContentSummary } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

/** Content in the UI language; the server falls back to the default language where a page is untranslated. */
export const useContentPage = (area: ContentArea, identity: string, locale: string) =>
  useQuery({
    queryKey: ['content', area, identity, locale],
    queryFn: ({ signal }) =>
      api<ContentPage>('GET', `/api/content/${area}/${encodeURIComponent(identity)}`, {
        query: { locale },
        auth: false,
        signal,
      }),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });

export const useContentList = (area: ContentArea, locale: string) =>
  useQuery({
    queryKey: ['content', area, '*', locale],
    queryFn: ({ signal }) =>
      api<ContentSummary[]>('GET', `/api/content/${area}`, { query: { locale }, auth: false, signal }),
    staleTime: 5 * 60_000,
  });
