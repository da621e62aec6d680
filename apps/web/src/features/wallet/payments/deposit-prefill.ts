/**
 * A deposit the player was sent to (the welcome package's "deposit and get it"): the bonus and its
 * minimum amount, handed to the deposit form through this tab's session storage, read once.
 */
const KEY = 'depositPrefill';

export type DepositPrefill = { bonusId: string; amount: number };

export function prefillDeposit(prefill: DepositPrefill): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(prefill));
  } catch {
    // Without storage the form opens with its defaults.
  }
}

/** The waiting prefill, if any (left in place: `clearDepositPrefill` once the form has taken it). */
export function readDepositPrefill(): DepositPrefill | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as Partial<DepositPrefill> | null;
    return value && typeof value.bonusId === 'string' && typeof value.amount === 'number'
      ? { bonusId: value.bonusId, amount: value.amount }
      : null;
  } catch {
    return null;
  }
}

export function clearDepositPrefill(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
