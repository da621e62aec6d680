// Money as players read it, the same on the site and in the messages the server writes.
import { formatMinor, scaleDigits, toMinor } from './money.ts';
import type { Currency } from './settings.ts';

/** BTC and ETH are shown in their milli sub-currency (mBTC, mETH) as the spec says (point 9). */
const MILLI_DISPLAY = new Set(['BTC', 'ETH']);
const MILLI = 1000;
const FIAT_FALLBACK_DIGITS = 2;

/** What formatting needs of a currency (the API's currency, or a seed of the currency list). */
export type DisplayCurrency = Pick<Currency, 'code' | 'type' | 'subunitToUnit'> & {
  subCurrencies?: readonly Pick<Currency, 'code' | 'subunitToUnit'>[];
};

/** The unit an amount is shown in: the currency itself, or its milli sub-currency. */
export function displayUnit(
  code: string,
  currency: DisplayCurrency | undefined,
): { code: string; digits: number; shift: number } {
  const digits = currency ? safeDigits(currency.subunitToUnit) : FIAT_FALLBACK_DIGITS;
  if (!MILLI_DISPLAY.has(code)) return { code, digits, shift: 0 };
  const sub = currency?.subCurrencies?.find((s) => s.subunitToUnit === MILLI);
  const shift = 3; // log10(1000)
  return { code: sub?.code ?? `m${code}`, digits: Math.max(digits - shift, 0), shift };
}

function safeDigits(subunitToUnit: number): number {
  try {
    return scaleDigits(subunitToUnit);
  } catch {
    return FIAT_FALLBACK_DIGITS;
  }
}

/**
 * The exact decimal text of an API amount in its display unit, without float arithmetic: the
 * number is turned into integer minor units and the decimal point is moved on the digits.
 * E.g. 0.12345678 BTC → "123.45678" (mBTC), where 0.12345678 * 1000 would give 123.45678000000001.
 */
export function exactDisplayAmount(amount: number, code: string, currency: DisplayCurrency | undefined): string | null {
  const { digits, shift } = displayUnit(code, currency);
  const baseDigits = digits + shift;
  const minor = toMinor(amount, 10 ** baseDigits);
  return minor === null ? null : formatMinor(minor, 10 ** digits);
}

/**
 * Money for people: grouping and symbol from Intl.NumberFormat, digits from the currency. Fiat
 * shows all its digits (€10.50); crypto shows at least two and never rounds one away.
 */
export function formatMoney(
  amount: number,
  code: string,
  currency: DisplayCurrency | undefined,
  locale = 'en',
): string {
  const unit = displayUnit(code, currency);
  const exact = exactDisplayAmount(amount, code, currency);
  // An amount with more decimals than the currency has cannot come from the ledger; show it rounded rather than fail.
  const value = (exact ?? String(amount)) as Intl.StringNumericLiteral;
  const isFiat = (currency?.type ?? 'fiat') === 'fiat' && unit.shift === 0;
  if (isFiat && /^[A-Z]{3}$/.test(unit.code)) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: unit.code,
        minimumFractionDigits: unit.digits,
        maximumFractionDigits: unit.digits,
      }).format(value);
    } catch {
      // an unknown code: fall through to number + code
    }
  }
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: Math.min(2, unit.digits),
    maximumFractionDigits: unit.digits,
  }).format(value);
  return `${number} ${unit.code}`;
}
