/** Input handling and display maths of the crash controls (the curve itself is the engine's). */
import { CRASH_MAX_AUTO_CASHOUT, CRASH_MIN_AUTO_CASHOUT } from '../../engines/crash.ts';
import { mulDivFloor } from '../../engines/fair.ts';

/** '' → null (off); a number with at most 2 decimals in range → that number; anything else → 'invalid'. */
export function parseAutoCashout(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value >= CRASH_MIN_AUTO_CASHOUT && value <= CRASH_MAX_AUTO_CASHOUT ? value : 'invalid';
}

/** What cashing out at `multiplier` would pay, with the engine's rounding: bet × multiplier. */
export function potentialWin(bet: number, multiplier: number): number {
  return mulDivFloor(bet, Math.round(multiplier * 100), 100);
}
