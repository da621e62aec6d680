import { BASE_CURRENCY, CURRENCY_SEEDS, type CurrencySeed } from '@casino/contracts';

/** The currencies this provider plays in (the public list every party reads). */
const byCode = new Map(CURRENCY_SEEDS.map((c) => [c.code, c]));
type CurrencyInfo = CurrencySeed;

/** Bet levels in major units of a 2-decimal fiat currency: 0.10 … 100.00. */
const FIAT_LEVELS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100];
const DEFAULT_LEVEL_INDEX = 3; // 1.00
const DEMO_BALANCE_MAJOR = 1000;

const BASE = byCode.get(BASE_CURRENCY)!;
/** Launches accept only known currencies; a session whose currency was dropped since is treated as the (fiat) base one. */
const infoOf = (currency: string): CurrencyInfo => byCode.get(currency) ?? BASE;

/** The nearest 1-2-5 step (…, 1, 2, 5, 10, 20, …) to a positive number, at least 1. */
function niceMinor(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].reduce(
    (best, s) => (Math.abs(s * magnitude - value) < Math.abs(best * magnitude - value) ? s : best),
    1,
  );
  return step * magnitude;
}

/**
 * Minor units worth `major` units of fiat. Fiat: the amount itself in the currency (0.10 BRL is
 * a fine minimum). Crypto: the same value in the base currency, rounded to a 1-2-5 step, since
 * 0.10 BTC is no minimum bet.
 */
function scaled(info: CurrencyInfo, major: number): number {
  if (info.type === 'fiat') return Math.round(major * info.subunitToUnit);
  return niceMinor(((major * BASE.rate) / info.rate) * info.subunitToUnit);
}

export function betLevels(currency: string): number[] {
  const info = infoOf(currency);
  return [...new Set(FIAT_LEVELS.map((m) => scaled(info, m)))];
}

export function defaultBet(levels: readonly number[]): number {
  return levels[Math.min(DEFAULT_LEVEL_INDEX, levels.length - 1)]!;
}

/** A demo session's starting balance: 1,000.00 of a fiat currency, the same value of a crypto one. */
export function demoBalance(currency: string): number {
  return scaled(infoOf(currency), DEMO_BALANCE_MAJOR);
}

export function subunitToUnit(currency: string): number {
  return infoOf(currency).subunitToUnit;
}
