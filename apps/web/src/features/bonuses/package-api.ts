import { useQuery } from '@tanstack/react-query';
import type { DepositBonusStatus } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { bonusesQueryKey } from './api.ts';

/**
 * `GET /api/game/bonuses/status`: whether the player got each bonus (`issueStatus` 0 never, else the
 * status of the latest). Under the bonus lists' key, so an issued bonus's push refreshes it too.
 */
export const useBonusStatuses = (ids: readonly string[], currency: string | undefined) =>
  useQuery({
    queryKey: [...bonusesQueryKey, 'status', currency, ...ids],
    enabled: !!currency && ids.length > 0,
    queryFn: ({ signal }) =>
      api<DepositBonusStatus[]>('GET', '/api/game/bonuses/status', {
        query: { bonusIds: [...ids], currency: currency! },
        signal,
      }),
  });
