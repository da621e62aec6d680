import { BonusStatus, type Currency, type PlayerBonus } from '@casino/contracts';
import { formatMoney } from '@/shared/lib/format-money.ts';
import { i18n, localName } from '@/shared/i18n';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { toast, type ToastType } from '@/shared/ui/toast.ts';
import './i18n/index.ts';

/** What a bonus change tells the player, by `status-result` (`bonuses.notices.<key>`). */
export const NOTICES = {
  '1-1': 'default',
  '2-1': 'success',
  '3-2': 'success',
  '3-3': 'default',
  '3-4': 'warn',
  '3-5': 'warn',
} as const satisfies Record<string, ToastType>;
export type NoticeKey = keyof typeof NOTICES;

type BonusChange = Pick<
  PlayerBonus,
  'id' | 'name' | 'status' | 'result' | 'amount' | 'currency' | 'currentWagerAmount'
>;

/**
 * The status each bonus had when this tab last heard of it (a push, or its own action). A push with
 * the status already seen is wagering progress or a repeat of what this tab said itself: no notice.
 */
const lastStatus = new Map<string, number>();

/**
 * The notice a bonus change deserves, or null. An active bonus never seen before is progress once some
 * of it is wagered (a page opened after the activation), and an activation while nothing is wagered yet.
 */
export function noticeOf(bonus: BonusChange, last: number | undefined): NoticeKey | null {
  if (last === bonus.status) return null;
  if (last === undefined && bonus.status === BonusStatus.active && bonus.currentWagerAmount > 0) return null;
  const key = `${bonus.status}-${bonus.result}`;
  return key in NOTICES ? (key as NoticeKey) : null;
}

/** Toasts a bonus change the player has not been told of yet, and remembers its status. */
export function announceBonus(bonus: BonusChange): void {
  const key = noticeOf(bonus, lastStatus.get(bonus.id));
  lastStatus.set(bonus.id, bonus.status);
  if (!key) return;
  const currencies = queryClient.getQueryData<Currency[]>(currenciesQueryKey);
  const currency = currencies?.find((c) => c.code === bonus.currency);
  const amount = formatMoney(bonus.amount, bonus.currency, currency, i18n.language);
  toast({
    type: NOTICES[key],
    title: i18n.t(`bonuses.notices.${key}.title`, { name: nameOf(bonus) }),
    description: i18n.t(`bonuses.notices.${key}.text`, { amount }),
  });
}

/**
 * The bonus's name in the page's language: a push carries the default name only, the lists this tab
 * holds carry each definition's names.
 */
function nameOf(bonus: BonusChange): string {
  for (const [, list] of queryClient.getQueriesData<PlayerBonus[]>({ queryKey: ['bonus', 'player-bonuses', 'open'] })) {
    const known = list?.find((b) => b.id === bonus.id);
    if (known) return localName(known, i18n.language).name;
  }
  return bonus.name;
}

/** A new player in this tab: what the previous one was told means nothing now. */
export const forgetBonuses = () => lastStatus.clear();
