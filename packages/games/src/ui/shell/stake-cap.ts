/**
 * Stakes within a maximum the casino named (an active bonus's maximum bet): what "lower the stake to
 * it" sets. All amounts are integer minor units.
 */

/** The highest bet level at most `max`, or null when even the lowest is above it. */
export function highestLevelWithin(levels: readonly number[], max: number): number | null {
  let best: number | null = null;
  for (const level of levels) if (level <= max && (best === null || level > best)) best = level;
  return best;
}

/**
 * Roulette's table lowered to a total of at most `max`: the same spots in the order they were placed,
 * each lowered in proportion, so the total is `max` exactly (the highest allowed) and no spot gets more
 * than it had or less than `minChip`. When `max` cannot give every spot `minChip`, the spots placed last
 * come off. A table already within `max` stays as it is; null when not even one chip fits.
 */
export function fitBets<T extends { amount: number }>(bets: readonly T[], max: number, minChip: number): T[] | null {
  const total = bets.reduce((sum, bet) => sum + bet.amount, 0);
  if (total <= max) return bets.map((bet) => ({ ...bet }));
  const kept = bets.slice(0, Math.min(bets.length, Math.floor(max / minChip)));
  if (kept.length === 0) return null;
  const keptTotal = kept.reduce((sum, bet) => sum + bet.amount, 0);
  if (keptTotal <= max) return kept.map((bet) => ({ ...bet }));
  // Every spot keeps its minimum chip; what is left of `max` is shared in proportion to what each had
  // above it (largest remainder, in exact integers, so the parts add up to exactly `max`).
  const spare = BigInt(max - kept.length * minChip);
  const above = kept.map((bet) => BigInt(Math.max(0, bet.amount - minChip)));
  const aboveTotal = above.reduce((sum, amount) => sum + amount, 0n);
  const parts = above.map((amount) => (spare * amount) / aboveTotal);
  const rests = above.map((amount) => (spare * amount) % aboveTotal);
  let left = spare - parts.reduce((sum, part) => sum + part, 0n);
  const order = kept
    .map((_bet, i) => i)
    .sort((a, b) => (rests[b]! > rests[a]! ? 1 : rests[b]! < rests[a]! ? -1 : a - b));
  for (const i of order) {
    if (left <= 0n) break;
    if (parts[i]! < above[i]!) {
      parts[i]! += 1n;
      left -= 1n;
    }
  }
  return kept.map((bet, i) => ({ ...bet, amount: minChip + Number(parts[i]!) }));
}
