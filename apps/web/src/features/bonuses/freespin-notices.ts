import { FreespinStatus, type PlayerFreespin } from '@casino/contracts';
import { i18n } from '@/shared/i18n';
import { toast, type ToastType } from '@/shared/ui/toast.ts';
import { gameOf } from './freespin-game.ts';
import './i18n/index.ts';

/** What a change of free spins tells the player, by `status-result` (`bonuses.freespins.notices.<key>`). */
export const FREESPIN_NOTICES = {
  '1-1': 'default',
  '2-1': 'success',
  '3-2': 'success',
  '3-3': 'default',
  '3-4': 'warn',
} as const satisfies Record<string, ToastType>;
export type FreespinNoticeKey = keyof typeof FREESPIN_NOTICES;

type FreespinChange = Pick<PlayerFreespin, 'id' | 'status' | 'result' | 'count' | 'usedCount' | 'currency' | 'gameId'>;

/** The status each grant had when this tab last heard of it: a spin played (same status) says nothing. */
const lastStatus = new Map<string, number>();

export function freespinNoticeOf(spins: FreespinChange, last: number | undefined): FreespinNoticeKey | null {
  if (last === spins.status) return null;
  // Active free spins first seen here with spins played were activated earlier: that is progress, no notice.
  if (last === undefined && spins.status === FreespinStatus.active && spins.usedCount > 0) return null;
  const key = `${spins.status}-${spins.result}`;
  return key in FREESPIN_NOTICES ? (key as FreespinNoticeKey) : null;
}

/** Toasts a change of free spins the player has not been told of yet, naming the game. */
export function announceFreespin(spins: FreespinChange): void {
  const key = freespinNoticeOf(spins, lastStatus.get(spins.id));
  lastStatus.set(spins.id, spins.status);
  if (!key) return;
  const show = (game: string) =>
    toast({
      type: FREESPIN_NOTICES[key],
      title: i18n.t(`bonuses.freespins.notices.${key}.title`, { count: spins.count }),
      description: i18n.t(`bonuses.freespins.notices.${key}.text`, {
        count: spins.count,
        currency: spins.currency,
        game,
        bonuses: i18n.t('bonuses.freespins.notices.bonuses'),
      }),
    });
  gameOf(spins.gameId).then(
    (game) => show(game.name),
    () => show(i18n.t('bonuses.freespins.theGame')),
  );
}

export const forgetFreespins = () => lastStatus.clear();
