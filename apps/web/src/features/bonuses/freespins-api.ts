import { useMutation, useQuery } from '@tanstack/react-query';
import { FreespinStatus, type PlayerFreespin } from '@casino/contracts';
import { refreshAccounts } from '@/features/wallet';
import { api, apiPage } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { bonusesQueryKey } from './api.ts';
import { announceFreespin } from './freespin-notices.ts';

/** Free spins live under the bonuses' key: a bonus push or action refreshes them too. */
export const freespinsQueryKey = [...bonusesQueryKey, 'freespins'] as const;

const PATH = '/api/game/player-freespins';
const OPEN_STATUSES = [FreespinStatus.issued, FreespinStatus.active];

/** Issued and active free spins in `currency` (the active account's), or in every currency (the modals). */
export const useOpenFreespins = (currency?: string, enabled = true) =>
  useQuery({
    queryKey: [...freespinsQueryKey, 'open', currency ?? 'all'],
    enabled,
    queryFn: async ({ signal }) =>
      (
        await apiPage<PlayerFreespin>(PATH, {
          query: { status: OPEN_STATUSES, currency: currency ? [currency] : undefined, page: 1, perPage: 50 },
          signal,
        })
      ).data,
  });

export const refreshFreespins = () => queryClient.invalidateQueries({ queryKey: freespinsQueryKey });

const change = (action: 'activate' | 'cancel') => (id: string) =>
  api<PlayerFreespin>('PUT', `${PATH}/${encodeURIComponent(id)}/${action}`);

/** After an action this tab announces it itself (the push that follows is a repeat) and reloads the lists. */
const changed = (spins: PlayerFreespin) => {
  announceFreespin(spins);
  void queryClient.invalidateQueries({ queryKey: bonusesQueryKey });
  void refreshAccounts();
};

export const useActivateFreespins = () =>
  useMutation({ mutationFn: change('activate'), onSuccess: changed, onError: () => void refreshFreespins() });

export const useCancelFreespins = () =>
  useMutation({ mutationFn: change('cancel'), onSuccess: changed, onError: () => void refreshFreespins() });
