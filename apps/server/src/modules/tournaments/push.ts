import { Channel, PushEvent, TournamentState, type EventMap } from '@casino/contracts';
import type { OutboxConsumers } from '../../outbox/index.ts';
import { postToMany } from '../notification/index.ts';
import { localeOf, publicName } from '../player/index.ts';
import { prizeNotice } from './texts.ts';

/**
 * `tournament.completed` → the public `tournaments` channel, with the prizes and who won them, masked
 * as the winners feed masks them: no player's id, only the first letters of the nickname.
 */
export function registerTournamentPush(consumers: OutboxConsumers): () => void {
  return consumers.registerPublisher('tournament.completed', ({ payload }) => [
    {
      channel: Channel.tournaments,
      payload: {
        event: PushEvent.tournamentCompleted,
        tournament: {
          id: payload.tournamentId,
          title: payload.title,
          identity: payload.identity,
          state: TournamentState.finished,
          endAt: payload.endAt,
          prizes: payload.prizes.map(({ entry, ...prize }) => ({
            ...prize,
            ...(entry
              ? {
                  entry: {
                    nickname: publicName({ nickname: entry.nickname, email: null }),
                    points: Number(entry.points),
                  },
                }
              : {}),
          })),
        },
      },
    },
  ]);
}

/** Each winner's messenger notice, filed by a lane of its own in the player's language. */
export function registerTournamentNotices(consumers: OutboxConsumers): () => void {
  return consumers.register({
    name: 'tournament-notices',
    startFrom: 'now',
    handlers: {
      'tournament.completed': async ({ payload }: { payload: EventMap['tournament.completed'] }, tx) => {
        for (const prize of payload.prizes) {
          if (!prize.entry) continue;
          const locale = await localeOf(tx, prize.entry.playerId);
          await postToMany(
            tx,
            [prize.entry.playerId],
            prizeNotice(locale, {
              place: prize.place,
              tournament: payload.title,
              prize: prize.title,
              identity: payload.identity,
              held: prize.entry.held === 'no_bonus_consent',
            }),
            PushEvent.tournamentCompleted,
          );
        }
      },
    },
  });
}
