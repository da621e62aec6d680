import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BonusDefinition, ConstantsWire } from '@casino/contracts';
import { localName } from '@/shared/i18n';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { api } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

/** Deposit bonuses of a currency (and the package view's) live under this key: a paid deposit refreshes them. */
export const depositBonusesKey = ['bonus', 'deposit-bonuses'] as const;

/**
 * `GET /api/game/bonuses?currency=`: every deposit bonus the player may choose in the currency, each
 * with its deposit range in that currency; `every`: a package's bonuses already had or not yet due too.
 */
export function useDepositBonuses(currency: string | undefined, every = false) {
  const language = useTranslation().i18n.language;
  return useQuery({
    queryKey: [...depositBonusesKey, currency, every],
    enabled: !!currency,
    // Each offer by its name in the page's language (the definition's, else its default name).
    select: useCallback((offers: BonusDefinition[]) => offers.map((o) => localName(o, language)), [language]),
    queryFn: ({ signal }) =>
      api<BonusDefinition[]>('GET', '/api/game/bonuses', {
        query: { currency: currency!, ...(every ? { skipCondition: 1 } : {}) },
        signal,
      }),
  });
}

export const refreshDepositBonuses = () => queryClient.invalidateQueries({ queryKey: depositBonusesKey });

/** The operator's `game.bonus.depositBonusDeclineDefault`: "no bonus" is chosen until the player picks one. */
export const useBonusDeclineDefault = () =>
  useQuery({
    queryKey: ['settings', 'constants'],
    staleTime: Infinity,
    queryFn: ({ signal }) => api<ConstantsWire>('GET', '/api/settings/constants', { auth: false, signal }),
    select: (constants) => constants.game.bonus.depositBonusDeclineDefault,
  });
