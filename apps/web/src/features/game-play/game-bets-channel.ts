import { Channel, gameBetMaxExceedSchema, gameBetRestrictedSchema, gameBetSettledSchema } from '@casino/contracts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { emitGameBetPush } from './game-bets-events.ts';

/**
 * `game:bets#<playerId>`: bets refused by the operator or over a bonus's maximum, and settled sports
 * tickets; malformed pushes are dropped.
 */
export function subscribeGameBets(playerId: string): Promise<() => void> {
  return subscribeChannel(Channel.gameBets(playerId), {
    onPublication(data) {
      if (gameBetSettledSchema.safeParse(data).success) {
        emitGameBetPush({ kind: 'settled' });
        return;
      }
      const restricted = gameBetRestrictedSchema.safeParse(data);
      if (restricted.success) {
        emitGameBetPush({ kind: 'restricted', gameIdentity: restricted.data.gameIdentity });
        return;
      }
      const maxExceed = gameBetMaxExceedSchema.safeParse(data);
      if (maxExceed.success) {
        const { gameIdentity, playerBonus, limit } = maxExceed.data;
        emitGameBetPush({
          kind: 'max-exceed',
          gameIdentity,
          currency: playerBonus.currency,
          maxBetAmount: playerBonus.maxBetAmount,
          ...(limit ? { limit } : {}),
        });
      }
    },
  });
}
