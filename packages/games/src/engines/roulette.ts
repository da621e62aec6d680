import { mulDivFloor } from './fair.ts';
import type { RouletteBet, RouletteBetType, RouletteOutcome, RouletteParams } from './types.ts';

/** European roulette: one zero, 37 pockets; the zero loses every outside bet (house edge 1/37 ≈ 2.7 %). */

export const ROULETTE_POCKETS = 37;
export const ROULETTE_RED: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);
/** Most bets one spin may carry (a full table of straights plus every outside bet fits). */
export const ROULETTE_MAX_BETS = 60;
/** Total return per unit staked, ×100 (straight 35:1 returns 36×, even money 2×, dozen/column 3×). */
export const ROULETTE_RETURN_X100: Record<RouletteBetType, number> = {
  straight: 3600,
  red: 200,
  black: 200,
  odd: 200,
  even: 200,
  low: 200,
  high: 200,
  dozen: 300,
  column: 300,
};
const TYPES = Object.keys(ROULETTE_RETURN_X100) as RouletteBetType[];
export const ROULETTE_FLOATS = 1;

export function rouletteColor(pocket: number): 'red' | 'black' | 'green' {
  if (pocket === 0) return 'green';
  return ROULETTE_RED.has(pocket) ? 'red' : 'black';
}

export function rouletteBetWins(bet: Pick<RouletteBet, 'type' | 'value'>, pocket: number): boolean {
  if (bet.type === 'straight') return bet.value === pocket;
  if (pocket === 0) return false;
  switch (bet.type) {
    case 'red':
      return ROULETTE_RED.has(pocket);
    case 'black':
      return !ROULETTE_RED.has(pocket);
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
    case 'dozen':
      return Math.ceil(pocket / 12) === bet.value;
    case 'column':
      return ((pocket - 1) % 3) + 1 === bet.value;
  }
}

/**
 * Checks untrusted params: known types, values in range (straight 0–36, dozen/column 1–3), positive
 * integer amounts. Returns the cleaned params or a message for the player.
 */
export function parseRouletteParams(
  raw: unknown,
): { ok: true; params: RouletteParams; total: number } | { ok: false; message: string } {
  const bets = (raw as { bets?: unknown } | null)?.bets;
  if (!Array.isArray(bets) || bets.length === 0) return { ok: false, message: 'Place at least one bet' };
  if (bets.length > ROULETTE_MAX_BETS) return { ok: false, message: `At most ${ROULETTE_MAX_BETS} bets per spin` };
  const clean: RouletteBet[] = [];
  let total = 0;
  for (const b of bets as unknown[]) {
    const { type, value, amount } = (b ?? {}) as { type?: unknown; value?: unknown; amount?: unknown };
    if (typeof type !== 'string' || !TYPES.includes(type as RouletteBetType))
      return { ok: false, message: `Unknown bet type: ${String(type)}` };
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
      return { ok: false, message: 'Every bet amount must be a positive whole number of minor units' };
    const t = type as RouletteBetType;
    if (t === 'straight') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 36)
        return { ok: false, message: 'A straight bet needs a number from 0 to 36' };
      clean.push({ type: t, value, amount });
    } else if (t === 'dozen' || t === 'column') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 3)
        return { ok: false, message: `A ${t} bet needs a value from 1 to 3` };
      clean.push({ type: t, value, amount });
    } else {
      clean.push({ type: t, amount });
    }
    total += amount;
  }
  if (!Number.isSafeInteger(total)) return { ok: false, message: 'The total bet is too large' };
  return { ok: true, params: { bets: clean }, total };
}

/** One spin: pocket = floor(u × 37); every winning bet returns amount × its multiple (stake included). */
export function rouletteSpin(floats: readonly number[], params: RouletteParams): RouletteOutcome {
  const pocket = Math.floor(floats[0]! * ROULETTE_POCKETS);
  const winningBets = params.bets
    .filter((b) => rouletteBetWins(b, pocket))
    .map((b) => ({ ...b, win: mulDivFloor(b.amount, ROULETTE_RETURN_X100[b.type], 100) }));
  return {
    kind: 'roulette',
    pocket,
    color: rouletteColor(pocket),
    winningBets,
    totalWin: winningBets.reduce((s, b) => s + b.win, 0),
  };
}
