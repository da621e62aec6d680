import { BASE_CURRENCY, toMinor } from '@casino/contracts';
import { currencyByCode, subunitOf } from './currencies.ts';

/** Rates are decimals ("1 unit in EUR"): taken exactly as integers of 1e-8, so conversions stay integer. */
const RATE_SCALE = 100_000_000n;
/** Parsed rates by their decimal value: conversions run for every settled round (loyalty, tournaments). */
const parsed = new Map<number | string, bigint | null>();
/** One unit of `currency` in the base currency as an integer of 1e-8, or null without a (positive) rate. */
export const rateOf = (currency: string): bigint | null => {
  const info = currencyByCode(currency);
  if (!info) return null;
  let rate = parsed.get(info.rate);
  if (rate === undefined) {
    const exact = toMinor(info.rate, 100_000_000);
    rate = exact && exact > 0n ? exact : null;
    if (parsed.size > 1_000) parsed.clear();
    parsed.set(info.rate, rate);
  }
  return rate;
};

/** An amount of `currency` (minor units) in base-currency minor units, rounded down; null without a rate. */
export function toBaseMinor(amountMinor: bigint, currency: string): bigint | null {
  const rate = rateOf(currency);
  if (rate === null) return null;
  return (amountMinor * rate * BigInt(subunitOf(BASE_CURRENCY))) / (BigInt(subunitOf(currency)) * RATE_SCALE);
}

/** A base-currency amount (minor) in `currency` minor units: `up` rounds up (a minimum), else down; null without a rate. */
export function fromBaseMinor(baseMinor: bigint, currency: string, up: boolean): bigint | null {
  const rate = rateOf(currency);
  if (rate === null) return null;
  const numerator = baseMinor * BigInt(subunitOf(currency)) * RATE_SCALE;
  const denominator = rate * BigInt(subunitOf(BASE_CURRENCY));
  return up ? (numerator + denominator - 1n) / denominator : numerator / denominator;
}
