import { Channel, playerBonusPushSchema } from '@casino/contracts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { refreshBonuses } from './api.ts';
import { announceBonus, forgetBonuses } from './bonus-notices.ts';

/** Pushes come in bursts (a cancel and an activation, a spin's progress): the lists reload once after them. */
export const REFRESH_DEBOUNCE_MS = 500;

/**
 * `bonus:player-bonuses#<playerId>`: a bonus issued, activated, wagered toward or finished. Each change
 * the player has not been told of is toasted; the bonus lists reload 500 ms after the last push, and
 * after a resubscribe that could not replay what was missed.
 */
export async function subscribePlayerBonuses(playerId: string): Promise<() => void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refreshSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void refreshBonuses(), REFRESH_DEBOUNCE_MS);
  };
  let subscribedBefore = false;
  const stop = await subscribeChannel(Channel.playerBonuses(playerId), {
    onPublication(data) {
      const push = playerBonusPushSchema.safeParse(data);
      if (!push.success) return;
      announceBonus(push.data.playerBonus);
      refreshSoon();
    },
    onSubscribed(ctx) {
      if (subscribedBefore && !ctx.recovered) refreshSoon();
      subscribedBefore = true;
    },
  });
  return () => {
    clearTimeout(timer);
    forgetBonuses();
    stop();
  };
}
