import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Promotion } from '@casino/contracts';
import { localName } from '@/shared/i18n';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { api } from '@/shared/lib/http.ts';

/**
 * `GET /api/game/promotions?currency=`: the offers anyone may read, with their full terms, named in the
 * page's language. The same for every visitor (the server keeps it a few seconds): sent without a token.
 */
export function usePromotions(currency: string) {
  const language = useTranslation().i18n.language;
  return useQuery({
    queryKey: ['bonus', 'promotions', currency],
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      api<Promotion[]>('GET', '/api/game/promotions', { query: { currency }, auth: false, signal }),
    select: useCallback((offers: Promotion[]) => offers.map((o) => localName(o, language)), [language]),
  });
}
