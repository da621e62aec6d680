import { BonusStatus, type PlayerBonus } from '@casino/contracts';

export type CancelModal = 'cancel-active-bonus' | 'cancel-issued-bonus' | 'cancel-unsettled-bonus';
export type ActivateModal = 'bonus-confirm-action' | 'change-active-bonus';

export const isOpenBonus = (bonus: PlayerBonus) =>
  bonus.status === BonusStatus.issued || bonus.status === BonusStatus.active;

/** The other bonus active in `bonus`'s currency: activating `bonus` would cancel it. */
export const activeBeside = (bonus: PlayerBonus, bonuses: readonly PlayerBonus[]) =>
  bonuses.find((b) => b.status === BonusStatus.active && b.currency === bonus.currency && b.id !== bonus.id);

/** Activating asks first; when another bonus of the currency is active, the question says it will go. */
export const activateModalOf = (bonus: PlayerBonus, bonuses: readonly PlayerBonus[]): ActivateModal =>
  activeBeside(bonus, bonuses) ? 'change-active-bonus' : 'bonus-confirm-action';

/**
 * Which question a cancellation asks: an issued bonus only ends; an active one forfeits its bonus money,
 * and with rounds still open the bonus share of what they pay as well.
 */
export const cancelModalOf = (bonus: PlayerBonus): CancelModal =>
  bonus.status !== BonusStatus.active
    ? 'cancel-issued-bonus'
    : bonus.openedTransactionsCount > 0
      ? 'cancel-unsettled-bonus'
      : 'cancel-active-bonus';
