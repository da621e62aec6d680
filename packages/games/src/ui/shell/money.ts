/**
 * Display of integer minor units. The provider sends amounts as minor units plus `subunitToUnit`, so the
 * decimal text is built from the integer (never by dividing floats) and only then handed to Intl, which
 * formats decimal strings exactly.
 */
export type Money = { currency: string; subunitToUnit: number };

export function fractionDigits(subunitToUnit: number): number {
  const digits = Math.round(Math.log10(subunitToUnit));
  if (!Number.isInteger(subunitToUnit) || 10 ** digits !== subunitToUnit || digits < 0 || digits > 8) {
    throw new Error(`subunitToUnit must be a power of ten up to 1e8, got ${subunitToUnit}`);
  }
  return digits;
}

/** 12345, 100 → "123.45"; -5, 100 → "-0.05". */
export function minorToDecimal(minor: number, subunitToUnit: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`amount must be an integer of minor units, got ${minor}`);
  const digits = fractionDigits(subunitToUnit);
  const negative = minor < 0;
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = abs.slice(0, abs.length - digits);
  const fraction = digits ? `.${abs.slice(abs.length - digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string, digits: number): Intl.NumberFormat | null {
  const key = `${locale}|${currency}|${digits}`;
  let cached = formatters.get(key);
  if (!cached) {
    try {
      cached = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      return null; // not an ISO 4217 code (e.g. a long crypto ticker): fall back to "1,234.56 USDT"
    }
    formatters.set(key, cached);
  }
  return cached;
}

function groupThousands(decimal: string): string {
  const [whole = '0', fraction] = decimal.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${decimal.startsWith('-') ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** 123456 EUR/100 → "€1,234.56"; an unknown currency code → "1,234.56 XYZW". */
export function formatMoney(minor: number, money: Money, locale = 'en'): string {
  const digits = fractionDigits(money.subunitToUnit);
  const decimal = minorToDecimal(minor, money.subunitToUnit);
  const fmt = formatter(locale, money.currency, digits);
  // Intl.NumberFormat formats numeric strings exactly (ES2023); TS's lib still types it as number only.
  if (fmt) return (fmt.format as unknown as (value: string) => string)(decimal);
  return `${groupThousands(decimal)} ${money.currency}`;
}

/** A compact chip label: 100 → "1", 50 → "0.5", 250000 → "2.5K" (in major units, no currency sign). */
export function chipLabel(minor: number, subunitToUnit: number): string {
  let decimal = minorToDecimal(minor, subunitToUnit);
  if (decimal.includes('.')) decimal = decimal.replace(/0+$/, '').replace(/\.$/, '');
  const value = Number(decimal);
  if (value >= 1_000_000) return `${trimNumber(value / 1_000_000)}M`;
  if (value >= 1_000) return `${trimNumber(value / 1_000)}K`;
  return decimal;
}

function trimNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Multiplier text as players read it: 2 → "2.00×". */
export function formatMultiplier(value: number): string {
  return `${value.toFixed(2)}×`;
}
