import { useCallback } from 'react';
import { useInfiniteQuery, useMutation, useQuery, type InfiniteData } from '@tanstack/react-query';
import { BonusStatus, type PlayerBonus } from '@casino/contracts';
import { refreshAccounts } from '@/features/wallet';
import { localName } from '@/shared/i18n';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { api, apiPage, type Page } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { announceBonus } from './bonus-notices.ts';

/** Every list of the player's bonuses lives under this key: a push or an action refreshes them all. */
export const bonusesQueryKey = ['bonus', 'player-bonuses'] as const;

const PATH = '/api/game/player-bonuses';
const OPEN_STATUSES = [BonusStatus.issued, BonusStatus.active];
/** One active bonus per currency and a few issued ones: one page holds them all. */
const OPEN_PER_PAGE = 50;
const FINISHED_PER_PAGE = 10;

/**
 * Issued and active bonuses, in `currency` (the page's lists: the active account's) or in every
 * currency (the modals, which must find a bonus and the active one of its currency whatever account
 * is active now). The server sorts the active one first.
 */
export const useOpenBonuses = (currency?: string, enabled = true) =>
  useQuery({
    queryKey: [...bonusesQueryKey, 'open', currency ?? 'all'],
    enabled,
    select: useLocalNames(),
    queryFn: async ({ signal }) =>
      (
        await apiPage<PlayerBonus>(PATH, {
          query: {
            status: OPEN_STATUSES,
            currency: currency ? [currency] : undefined,
            page: 1,
            perPage: OPEN_PER_PAGE,
          },
          signal,
        })
      ).data,
  });

/** Finished bonuses in every currency, newest first, a page at a time. */
export function useFinishedBonuses(enabled = true) {
  const names = useLocalNames();
  return useInfiniteQuery({
    queryKey: [...bonusesQueryKey, 'finished'],
    enabled,
    select: useCallback(
      (data: InfiniteData<Page<PlayerBonus>, number>) => ({
        ...data,
        pages: data.pages.map((page) => ({ ...page, data: names(page.data) })),
      }),
      [names],
    ),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiPage<PlayerBonus>(PATH, {
        query: { status: [BonusStatus.finished], page: pageParam, perPage: FINISHED_PER_PAGE },
        signal,
      }),
    getNextPageParam: ({ meta }) => (meta.page < meta.totalPages ? meta.page + 1 : undefined),
  });
}

/** Bonuses shown in the page's language: each definition's name for it, else its default name. */
export function useLocalNames(): (bonuses: PlayerBonus[]) => PlayerBonus[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((bonuses: PlayerBonus[]) => bonuses.map((b) => localName(b, language)), [language]);
}

export const refreshBonuses = () => queryClient.invalidateQueries({ queryKey: bonusesQueryKey });

type BonusChange = Pick<
  PlayerBonus,
  'id' | 'status' | 'result' | 'currentWagerAmount' | 'requiredWagerCasinoAmount' | 'currentWagerPercentage'
>;

/**
 * A pushed change written into every cached list of open bonuses at once: the wagering progress on
 * `/bonuses` and in the details moves as the player plays (in this tab or another), as quest tasks do.
 * The debounced reload after it still brings the rest (a bonus that ended leaves the list then); on its
 * own it waited for a timer that a browser throttles in a tab in the background.
 */
export function patchBonus(change: BonusChange): void {
  queryClient.setQueriesData<PlayerBonus[]>({ queryKey: [...bonusesQueryKey, 'open'] }, (list) =>
    list?.map((bonus) =>
      bonus.id === change.id
        ? {
            ...bonus,
            status: change.status,
            result: change.result,
            currentWagerAmount: change.currentWagerAmount,
            currentWagerCasinoAmount: change.currentWagerAmount,
            requiredWagerCasinoAmount: change.requiredWagerCasinoAmount,
            currentWagerPercentage: change.currentWagerPercentage,
            // Wagering has started: cancelling now forfeits money played for (the wire's rule).
            isBonusCancelLock:
              bonus.isBonusCancelLock || (change.status === BonusStatus.active && change.currentWagerAmount > 0),
          }
        : bonus,
    ),
  );
}

/**
 * After an action this tab announces the outcome itself (the push that follows is then a repeat) and
 * reloads the lists and the balances: a change of bonus moves bonus money.
 */
const changed = (bonus: PlayerBonus) => {
  announceBonus(bonus);
  void refreshBonuses();
  void refreshAccounts();
};

const change = (action: 'activate' | 'cancel') => (id: string) =>
  api<PlayerBonus>('PUT', `${PATH}/${encodeURIComponent(id)}/${action}`);

/** Activating while another bonus of the currency is active cancels that one (the server does both). */
export const useActivateBonus = () =>
  useMutation({ mutationFn: change('activate'), onSuccess: changed, onError: () => void refreshBonuses() });

export const useCancelBonus = () =>
  useMutation({ mutationFn: change('cancel'), onSuccess: changed, onError: () => void refreshBonuses() });
