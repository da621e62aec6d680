import { Channel, playerFreespinPushSchema } from '@casino/contracts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { forgetFreespins, announceFreespin } from './freespin-notices.ts';
import { refreshFreespins } from './freespins-api.ts';

/** Pushes come in bursts (a spin after a spin): the lists reload once, 500 ms after the last. */
export const FREESPINS_REFRESH_DEBOUNCE_MS = 500;

/**
 * `bonus:player-freespins#<playerId>`: free spins issued, activated, played, cancelled or expired. A
 * change of status is toasted (with the game's name); the lists reload 500 ms after the last push.
 */
export async function subscribePlayerFreespins(playerId: string): Promise<() => void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refreshSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void refreshFreespins(), FREESPINS_REFRESH_DEBOUNCE_MS);
  };
  let subscribedBefore = false;
  const stop = await subscribeChannel(Channel.playerFreespins(playerId), {
    onPublication(data) {
      const push = playerFreespinPushSchema.safeParse(data);
      if (!push.success) return;
      announceFreespin(push.data.playerFreespin);
      refreshSoon();
    },
    onSubscribed(ctx) {
      if (subscribedBefore && !ctx.recovered) refreshSoon();
      subscribedBefore = true;
    },
  });
  return () => {
    clearTimeout(timer);
    forgetFreespins();
    stop();
  };
}
