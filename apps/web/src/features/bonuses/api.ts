import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { BonusStatus, type PlayerBonus } from '@casino/contracts';
import { refreshAccounts } from '@/features/wallet';
import { api, apiPage } from '@/shared/lib/http.ts';
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
export const useFinishedBonuses = (enabled = true) =>
  useInfiniteQuery({
    queryKey: [...bonusesQueryKey, 'finished'],
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiPage<PlayerBonus>(PATH, {
        query: { status: [BonusStatus.finished], page: pageParam, perPage: FINISHED_PER_PAGE },
        signal,
      }),
    getNextPageParam: ({ meta }) => (meta.page < meta.totalPages ? meta.page + 1 : undefined),
  });

export const refreshBonuses = () => queryClient.invalidateQueries({ queryKey: bonusesQueryKey });

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
