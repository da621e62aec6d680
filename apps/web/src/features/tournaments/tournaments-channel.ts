import { Channel, tournamentCompletedPushSchema, type TournamentCompletedPush } from '@casino/contracts';
import { i18n } from '@/shared/i18n';
import { queryClient } from '@/shared/lib/query-client.ts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { toast } from '@/shared/ui/toast.ts';
import { tournamentsQueryKey } from './api.ts';
import './i18n/index.ts';

/** The player's prizes in a completed tournament, one toast each. */
export function announceCompletion(push: TournamentCompletedPush, playerId: string): void {
  for (const prize of push.tournament.prizes) {
    if (prize.entry?.playerId !== playerId) continue;
    toast({
      type: 'success',
      title: i18n.t('tournaments.toast.won', {
        place: prize.place,
        tournament: push.tournament.title,
        prize: prize.title,
      }),
      duration: 8000,
    });
  }
}

/**
 * `tournaments` (public; subscribed while logged in, as the reference site does): a tournament ended.
 * A prize of this player's is toasted; the tournament lists and pages reload.
 */
export function subscribeTournaments(playerId: string): Promise<() => void> {
  return subscribeChannel(Channel.tournaments, {
    onPublication(data) {
      const push = tournamentCompletedPushSchema.safeParse(data);
      if (!push.success) return;
      announceCompletion(push.data, playerId);
      void queryClient.invalidateQueries({ queryKey: tournamentsQueryKey });
    },
  });
}
