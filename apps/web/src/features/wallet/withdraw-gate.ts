import type { Account } from '@casino/contracts';

/**
 * The withdrawal's bonus gate: opening a withdrawal while the active account has bonus money (which
 * belongs to its one active bonus) first shows `?bonus-cancel-lock`, which says what a withdrawal
 * means for the bonus: only real money is paid out, and cancelling the bonus forfeits its bonus money
 * and the winnings made with it. Once the player has chosen (keep or cancel), the withdrawal opens
 * for that currency without asking again during this visit.
 */
const acknowledged = new Set<string>();

export function acknowledgeBonusLock(currency: string): void {
  acknowledged.add(currency);
}

/** Whether opening a withdrawal of `account` shows the bonus-cancel-lock question first. */
export function withdrawNeedsBonusLock(
  account: Pick<Account, 'currency' | 'bonusBalance'>,
  seen: ReadonlySet<string> = acknowledged,
): boolean {
  return account.bonusBalance > 0 && !seen.has(account.currency);
}

/** Tests: forget the choices made (a new visit). */
export function forgetBonusLockChoices(): void {
  acknowledged.clear();
}
