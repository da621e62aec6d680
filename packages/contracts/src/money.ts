/**
 * Exact money conversion between wire major units (JSON numbers) and integer minor units.
 * Never multiply floats: the decimal string of the number is split and padded instead.
 */
const MAX_SCALE_DIGITS = 8;

/** The largest amount in minor units a JSON number states exactly (2^53 − 1): no limit or balance goes beyond. */
export const MAX_WIRE_MINOR = BigInt(Number.MAX_SAFE_INTEGER);

export function scaleDigits(subunitToUnit: number): number {
  const digits = Math.round(Math.log10(subunitToUnit));
  if (10 ** digits !== subunitToUnit || digits < 0 || digits > MAX_SCALE_DIGITS) {
    throw new Error(`subunitToUnit must be a power of ten up to 1e8, got ${subunitToUnit}`);
  }
  return digits;
}

function plainDecimal(value: number): string {
  // Avoid exponent notation (1e-7) and keep every significant digit a JSON number can carry.
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** Major-unit number → minor units. Returns null when the number has more decimals than the currency allows. */
export function toMinor(amount: number | string, subunitToUnit: number): bigint | null {
  const digits = scaleDigits(subunitToUnit);
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? plainDecimal(amount) : '') : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > digits) return null;
  const minor = BigInt(whole! + trimmed.padEnd(digits, '0'));
  return sign ? -minor : minor;
}

/** Minor units → major-unit decimal string, e.g. 12345n, 100 → "123.45". */
export function formatMinor(minor: bigint, subunitToUnit: number): string {
  const digits = scaleDigits(subunitToUnit);
  const negative = minor < 0n;
  const abs = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = abs.slice(0, abs.length - digits);
  const fraction = digits ? `.${abs.slice(abs.length - digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Minor units → major-unit JSON number (for the wire). */
export function toMajor(minor: bigint, subunitToUnit: number): number {
  return Number(formatMinor(minor, subunitToUnit));
}
