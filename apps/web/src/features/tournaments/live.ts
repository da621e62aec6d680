import {
  Channel,
  tournamentLeaderboardPushSchema,
  tournamentPlayerEntryPushSchema,
  type Tournament,
} from '@casino/contracts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { tournamentQueryKey, tournamentsQueryKey } from './api.ts';

/**
 * A tournament page's live data while it runs: the top 10 on `tournaments:<id>` and, for a player,
 * their own standing on `tournaments:<id>#<playerId>`, each replacing what the page shows. A
 * resubscribe that could not replay what was missed reloads the tournament.
 */
export async function subscribeTournament(
  tournament: Pick<Tournament, 'id'>,
  routeKey: string,
  playerId: string | null,
): Promise<() => void> {
  const key = tournamentQueryKey(routeKey, playerId);
  const patch = (change: (t: Tournament) => Tournament) =>
    queryClient.setQueryData<Tournament>(key, (current) => (current ? change(current) : current));
  let subscribedBefore = false;
  const onSubscribed = (ctx: { recovered?: boolean }) => {
    if (subscribedBefore && !ctx.recovered) void queryClient.invalidateQueries({ queryKey: key });
    subscribedBefore = true;
  };
  const stops = [
    await subscribeChannel(Channel.tournament(tournament.id), {
      onPublication(data) {
        const push = tournamentLeaderboardPushSchema.safeParse(data);
        if (!push.success) return;
        patch((t) => ({ ...t, leaderboard: push.data.leaderboard }));
      },
      onSubscribed,
    }),
  ];
  if (playerId)
    stops.push(
      await subscribeChannel(Channel.tournamentEntry(tournament.id, playerId), {
        onPublication(data) {
          const push = tournamentPlayerEntryPushSchema.safeParse(data);
          if (!push.success) return;
          const { points, place } = push.data.entry;
          patch((t) => ({ ...t, playerEntry: { points, place } }));
          // The lobby cards show the player's place too.
          void queryClient.invalidateQueries({ queryKey: [...tournamentsQueryKey, 'live'] });
        },
      }),
    );
  return () => {
    for (const stop of stops) stop();
  };
}
