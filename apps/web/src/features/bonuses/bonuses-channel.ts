import {
  BonusCodeTrigger,
  Channel,
  playerBonusCodePushSchema,
  playerBonusPushSchema,
  type BonusCode,
} from '@casino/contracts';
import { i18n } from '@/shared/i18n';
import { toast } from '@/shared/ui/toast.ts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { patchBonus, refreshBonuses } from './api.ts';
import { outcomeOf } from './codes-api.ts';
import { announceBonus, forgetBonuses } from './bonus-notices.ts';
import { refreshBonusCodes } from './codes-api.ts';
import { subscribePlayerFreespins } from './freespins-channel.ts';

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
      patchBonus(push.data.playerBonus);
      refreshSoon();
    },
    onSubscribed(ctx) {
      if (subscribedBefore && !ctx.recovered) refreshSoon();
      subscribedBefore = true;
    },
  });
  const stopCodes = await subscribePlayerBonusCodes(playerId);
  const stopFreespins = await subscribePlayerFreespins(playerId);
  return () => {
    clearTimeout(timer);
    forgetBonuses();
    stop();
    stopCodes();
    stopFreespins();
  };
}

/**
 * A code refused where no form is on screen to say it (sign-up, a deposit that redeemed it): status 3
 * "code incorrect", 4 "code not available"; the bonuses page's form says what became of its own codes.
 */
export function announceBonusCode(code: Pick<BonusCode, 'status' | 'trigger' | 'bonusCode' | 'reason'>): void {
  if (code.trigger === BonusCodeTrigger.promoCode || (code.status !== 3 && code.status !== 4)) return;
  toast({
    type: 'warn',
    title: i18n.t(`bonuses.codes.toast.${outcomeOf(code.status, code.reason)}`, { code: code.bonusCode }),
  });
}

/** `bonus:player-bonus-codes#<playerId>`: a code use recorded or changed (a deposit redeemed it). */
export function subscribePlayerBonusCodes(playerId: string): Promise<() => void> {
  return subscribeChannel(Channel.playerBonusCodes(playerId), {
    onPublication(data) {
      const push = playerBonusCodePushSchema.safeParse(data);
      if (!push.success) return;
      announceBonusCode(push.data.playerBonusCode);
      void refreshBonusCodes();
    },
  });
}
