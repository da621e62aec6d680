import { Channel, tournamentCompletedPushSchema } from '@casino/contracts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { tournamentsQueryKey } from './api.ts';

/**
 * `tournaments` (public; subscribed while logged in, as the reference site does): a tournament ended,
 * so the tournament lists and pages reload (the home page shows it finished, with its winners). The
 * winner is told once, by their messenger notice (toasted as it arrives): this public push names no
 * player, and a second toast of the same win said the same thing twice.
 */
export function subscribeTournaments(): Promise<() => void> {
  return subscribeChannel(Channel.tournaments, {
    onPublication(data) {
      if (!tournamentCompletedPushSchema.safeParse(data).success) return;
      void queryClient.invalidateQueries({ queryKey: tournamentsQueryKey });
    },
  });
}
