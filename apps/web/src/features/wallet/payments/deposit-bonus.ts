import { toMajor, toMinor, type BonusDefinition } from '@casino/contracts';

/** A deposit bonus's deposit range in `currency` (major units; the server always lists the currency's). */
export function depositRange(bonus: BonusDefinition, currency: string): { from: number; to: number | null } | null {
  const item = bonus.triggerConditions.invoiceAmountItems.find((i) => i.currency === currency);
  return item ? { from: item.amountFrom, to: item.amountTo ?? null } : null;
}

/** Why a deposit of `amount` does not trigger it: below its minimum, above its maximum, or null (it does). */
export function refusalOf(bonus: BonusDefinition, currency: string, amount: number): 'from' | 'to' | null {
  const range = depositRange(bonus, currency);
  if (!range) return 'from';
  if (!Number.isFinite(amount) || amount < range.from) return 'from';
  if (range.to !== null && amount > range.to) return 'to';
  return null;
}

/**
 * What the bonus gives for a deposit of `amount` (major units): cash (a fixed amount, or the percentage
 * rounded down and capped, counted in minor units as the server does) and free spins.
 */
export function previewOf(
  bonus: BonusDefinition,
  currency: string,
  amount: number,
  subunitToUnit: number,
): { cash: number | null; spins: number | null } {
  const conditions = bonus.assignConditions;
  const inCurrency = (items?: { amount: number; currency: string }[]) => items?.find((i) => i.currency === currency);
  if (bonus.type === 1) return { cash: inCurrency(conditions.amountItems)?.amount ?? null, spins: null };
  if (bonus.type === 3)
    return { cash: null, spins: conditions.presets?.find((p) => p.currency === currency)?.quantity ?? null };
  const deposit = Number.isFinite(amount) && amount > 0 ? toMinor(amount, subunitToUnit) : 0n;
  const share = ((deposit ?? 0n) * BigInt(conditions.depositPercentage ?? 0)) / 100n;
  const capItem = inCurrency(conditions.maxAmountItems);
  const cap = capItem ? toMinor(capItem.amount, subunitToUnit) : null;
  return { cash: toMajor(cap !== null && cap < share ? cap : share, subunitToUnit), spins: null };
}

/** The most a bonus can give in `currency` (its cap or fixed amount), for the package summary. */
export function mostOf(bonus: BonusDefinition, currency: string): { cash: number; spins: number } {
  const conditions = bonus.assignConditions;
  const cash =
    bonus.type === 1
      ? conditions.amountItems?.find((i) => i.currency === currency)?.amount
      : bonus.type === 2
        ? conditions.maxAmountItems?.find((i) => i.currency === currency)?.amount
        : undefined;
  const spins = bonus.type === 3 ? conditions.presets?.find((p) => p.currency === currency)?.quantity : undefined;
  return { cash: cash ?? 0, spins: spins ?? 0 };
}
