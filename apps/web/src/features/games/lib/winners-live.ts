/**
 * The live side of the winners strip, started only while the strip is on screen. Wins on
 * `game:winners:<platform>:<country>` are merged into the cached list of that platform and country.
 * The payload schema (with zod) and the push client library are fetched on the first subscription,
 * so neither weighs on the first page load.
 */
import { Channel, type Platform, type Winner } from '@casino/contracts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { winnersQueryKey } from '../api/get-winners.ts';
import { platformName } from './media.ts';
import { mergeWinners, throttleBatches } from './merge-winners.ts';

export const WINNERS_THROTTLE_MS = 3_000;

/** Subscribes; the returned function unsubscribes. `country` must be a two-letter code. */
export async function subscribeWinners(platform: Platform, country: string): Promise<() => void> {
  const key = winnersQueryKey(platform, country);
  const { gameWinnerEventSchema } = await import('./winner-event.ts');
  const batches = throttleBatches<Winner>((batch) => {
    queryClient.setQueryData<Winner[]>(key, (current) => mergeWinners(current ?? [], batch));
  }, WINNERS_THROTTLE_MS);
  const unsubscribe = await subscribeChannel(Channel.gameWinners(platformName(platform), country), {
    onPublication(data) {
      // Anything that is not a well-formed win is ignored: the strip shows server data as text only.
      const parsed = gameWinnerEventSchema.safeParse(data);
      if (!parsed.success) return;
      // Newest first on the wire; pushed oldest first so the newest ends on top.
      batches.push(...(parsed.data.winners ?? [parsed.data.winner]).toReversed());
    },
  });
  return () => {
    batches.stop();
    unsubscribe();
  };
}
