import { useQuery } from '@tanstack/react-query';
import type { Platform, Winner } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { mergeWinners, WINNERS_SHOWN } from '../lib/merge-winners.ts';

/** More than are shown: one game often wins several times in a row, and the strip shows each game once. */
const WINNERS_FETCHED = 50;
export const winnersQueryKey = (platform: Platform, country: string) => ['game', 'winners', platform, country] as const;

export async function fetchWinners(platform: Platform, country: string, signal?: AbortSignal): Promise<Winner[]> {
  const data = await api<Winner[] | undefined>('GET', '/api/game/spins/winners', {
    auth: false,
    signal,
    query: { perPage: WINNERS_FETCHED, platform, countryCode: country || undefined },
  });
  // Newest first already; only the repeats go, and the strip keeps 12.
  return mergeWinners(Array.isArray(data) ? data : [], [], WINNERS_SHOWN);
}

/** The latest wins; live ones are merged into this cache entry by the winners channel. */
export function useWinners(platform: Platform, country: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: winnersQueryKey(platform, country),
    queryFn: ({ signal }) => fetchWinners(platform, country, signal),
    enabled,
    // Pushes keep it fresh while subscribed; a remount should not wipe them with an older list.
    staleTime: 60_000,
  });
}
