/**
 * Bet slip arithmetic, exact: odds are integer thousandths (1.85 → 1850), amounts integer minor units.
 * Same rules as the casino and the provider (contracts' combinedOdds / payoutOf, copied here: the client
 * carries no validation library): products in BigInt; combined odds rounded to the nearest thousandth
 * (a half up), payouts rounded down.
 */

/** Combined odds of an accumulator in thousandths: the exact product rounded to the nearest thousandth, a half up. */
export function combinedOdds(items: readonly number[]): number {
  let product = 1n;
  let scale = 1n;
  for (const odds of items) {
    product *= BigInt(odds);
    scale *= 1000n;
  }
  return Number((product * 1000n * 2n + scale) / (scale * 2n));
}

/** The payout of a stake (minor units) at odds (thousandths), rounded down. */
export function payoutOf(stakeMinor: number, odds: number): number {
  return Number((BigInt(stakeMinor) * BigInt(odds)) / 1000n);
}

const oddsFormats = new Map<string, Intl.NumberFormat>();

/**
 * Odds as the player's language writes numbers, like the money beside them: two decimals, three when
 * the third is set (1850 → "1.85", de "1,85"; 1833 → "1.833"; 12000 → "12.00"). Built from the integer,
 * so no float rounding shows.
 */
export function formatOdds(thousandths: number, locale = 'en'): string {
  const whole = Math.trunc(thousandths / 1000);
  const frac = String(thousandths % 1000).padStart(3, '0');
  const decimal = `${whole}.${frac.endsWith('0') ? frac.slice(0, 2) : frac}`;
  let format = oddsFormats.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
    } catch {
      format = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 3 });
    }
    oddsFormats.set(locale, format);
  }
  // Intl.NumberFormat formats numeric strings exactly (ES2023); TS's lib still types it as number only.
  return (format.format as unknown as (value: string) => string)(decimal);
}

/**
 * What the player typed as a stake → minor units, or null when it is not an amount. Accepts "12",
 * "12.5", "12,50" (a comma as the decimal mark), "1 234.56"; refuses more decimals than the currency has.
 */
export function parseStake(text: string, subunit: number): number | null {
  const digits = Math.round(Math.log10(subunit));
  const cleaned = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (!cleaned) return null;
  let normalized = cleaned;
  const lastComma = cleaned.lastIndexOf(',');
  const lastDot = cleaned.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both marks: the later one is the decimal mark, the other groups thousands.
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    normalized = cleaned.split(group).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    normalized = cleaned.replace(',', '.');
  }
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(normalized);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(match[1]) * subunit + (fraction ? Number(fraction.padEnd(digits, '0')) : 0);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units → the text a stake field shows: 1250, 100 → "12.50"; 1200 → "12". */
export function stakeText(minor: number, subunit: number): string {
  const digits = Math.round(Math.log10(subunit));
  const whole = Math.trunc(minor / subunit);
  const fraction = minor % subunit;
  return fraction === 0 || digits === 0 ? String(whole) : `${whole}.${String(fraction).padStart(digits, '0')}`;
}

export type SlipSelection = {
  eventId: string;
  /** The event's sport (a restriction of the sport covers the selection). */
  sport: string;
  marketId: string;
  outcomeId: string;
  odds: number;
  event: string;
  market: string;
  outcome: string;
  suspended: boolean;
  live: boolean;
};

export const MAX_SELECTIONS = 20;

/**
 * Tapping an outcome: the same one again removes it; another outcome of an event already on the slip
 * replaces that event's selection (one per event); a new event is added (up to 20).
 */
export function toggleSelection(slip: readonly SlipSelection[], pick: SlipSelection): SlipSelection[] {
  const index = slip.findIndex((s) => s.eventId === pick.eventId);
  if (index >= 0) {
    const current = slip[index]!;
    if (current.marketId === pick.marketId && current.outcomeId === pick.outcomeId)
      return slip.filter((_, i) => i !== index);
    return slip.map((s, i) => (i === index ? pick : s));
  }
  if (slip.length >= MAX_SELECTIONS) return [...slip];
  return [...slip, pick];
}

export function selectionKey(s: { eventId: string; marketId: string; outcomeId: string }): string {
  return `${s.eventId}|${s.marketId}|${s.outcomeId}`;
}

export type SlipQuote = { type: 'single' | 'accumulator'; odds: number; potentialWin: number | null };

/** The slip's type, combined odds and potential win (null without a valid stake). */
export function quote(slip: readonly SlipSelection[], stake: number | null): SlipQuote {
  const odds = slip.length === 0 ? 0 : combinedOdds(slip.map((s) => s.odds));
  return {
    type: slip.length >= 2 ? 'accumulator' : 'single',
    odds,
    potentialWin: stake !== null && stake > 0 && slip.length > 0 ? payoutOf(stake, odds) : null,
  };
}

/** Which way odds moved since the last poll. */
export function direction(before: number | undefined, now: number): 'up' | 'down' | null {
  if (before === undefined || before === now) return null;
  return now > before ? 'up' : 'down';
}
