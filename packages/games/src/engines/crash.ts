import { mulDivFloor } from './fair.ts';
import type { CrashOutcome, CrashParams } from './types.ts';

/**
 * Crash: the multiplier grows as e^(0.00012·ms) from 1.00× and the round ends at the crash point,
 * fixed by the fair stream before the round starts: floor(99 / (1 − u)) / 100, at least 1.00×,
 * at most 10,000×. P(crash point ≥ x) = 0.99 / x, so any cash-out strategy returns 99 %.
 * A cash-out at c wins bet × c when c ≤ crash point (an auto cash-out at exactly the crash point wins).
 */

export const CRASH_FLOATS = 1;
export const CRASH_GROWTH_PER_MS = 0.00012;
export const CRASH_MAX_X100 = 1_000_000;
export const CRASH_MIN_AUTO_CASHOUT = 1.01;
export const CRASH_MAX_AUTO_CASHOUT = CRASH_MAX_X100 / 100;

/** Crash point ×100 from the round's first float. */
export function crashPointX100(u: number): number {
  return Math.min(CRASH_MAX_X100, Math.max(100, Math.floor(99 / (1 - u))));
}

/** The multiplier shown `ms` after the round started (2 decimals, floored). */
export function crashMultiplierAt(ms: number): number {
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, ms))) / 100;
}

/** The first whole millisecond at which `crashMultiplierAt` reaches `multiplier` (its inverse). */
export function crashTimeOf(multiplier: number): number {
  const target = Math.round(multiplier * 100);
  if (target <= 100) return 0;
  const reaches = (ms: number) => Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * ms)) >= target;
  let ms = Math.ceil(Math.log(target / 100) / CRASH_GROWTH_PER_MS);
  // Float error of exp/log can put the estimate one step off either way.
  while (ms > 0 && reaches(ms - 1)) ms--;
  while (!reaches(ms)) ms++;
  return ms;
}

export function parseCrashParams(raw: unknown): { ok: true; params: CrashParams } | { ok: false; message: string } {
  const auto = (raw as { autoCashout?: unknown } | null)?.autoCashout;
  if (auto === undefined || auto === null) return { ok: true, params: {} };
  if (typeof auto !== 'number' || !Number.isFinite(auto) || Math.abs(auto * 100 - Math.round(auto * 100)) > 1e-6) {
    return { ok: false, message: 'The auto cash-out must be a number with at most 2 decimals' };
  }
  const a = Math.round(auto * 100) / 100;
  if (a < CRASH_MIN_AUTO_CASHOUT || a > CRASH_MAX_AUTO_CASHOUT) {
    return {
      ok: false,
      message: `The auto cash-out must be between ${CRASH_MIN_AUTO_CASHOUT.toFixed(2)} and ${CRASH_MAX_AUTO_CASHOUT.toFixed(2)}`,
    };
  }
  return { ok: true, params: { autoCashout: a } };
}

/**
 * The settled round. `cashout` is the multiplier of a manual cash-out (null/undefined: none); the
 * auto cash-out of `params` applies when it comes first.
 */
export function crashRound(
  floats: readonly number[],
  bet: number,
  params: CrashParams,
  cashout?: number | null,
): CrashOutcome {
  const pointX100 = crashPointX100(floats[0]!);
  const candidates = [params.autoCashout, cashout ?? undefined]
    .filter((c): c is number => typeof c === 'number')
    .map((c) => Math.round(c * 100));
  const atX100 = candidates.length ? Math.min(...candidates) : null;
  const won = atX100 !== null && atX100 <= pointX100;
  return {
    kind: 'crash',
    crashPoint: pointX100 / 100,
    cashedOutAt: won ? atX100 / 100 : null,
    totalWin: won ? mulDivFloor(bet, atX100, 100) : 0,
  };
}
