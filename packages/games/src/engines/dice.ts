import { mulDivFloor } from './fair.ts';
import type { DiceOutcome, DiceParams } from './types.ts';

/**
 * Dice: roll = floor(u × 10000) / 100, so 0.00 … 99.99 (10,000 equally likely values). "Over t" wins
 * when roll > t, "under t" when roll < t. Multiplier = 99 / win chance % (1 % house edge), ×100 floored.
 */

export const DICE_FLOATS = 1;
/** Win chance limits, in hundredths of a percent (1.00 % … 98.00 %). */
export const DICE_MIN_CHANCE = 100;
export const DICE_MAX_CHANCE = 9800;

/** Winning rolls out of 10,000 (= win chance in hundredths of a percent). */
export function diceWinningRolls(target: number, over: boolean): number {
  const t = Math.round(target * 100);
  return over ? 9999 - t : t;
}

/** Win chance in percent, e.g. 49.99. */
export function diceWinChance(target: number, over: boolean): number {
  return diceWinningRolls(target, over) / 100;
}

/** Multiplier ×100 (floor): 99 / (count / 100) × 100 = 990000 / count. */
export function diceMultiplierX100(target: number, over: boolean): number {
  return Math.floor(990_000 / diceWinningRolls(target, over));
}

/** Lowest and highest target allowed for a direction (win chance 1 % … 98 %). */
export function diceTargetRange(over: boolean): { min: number; max: number } {
  return over
    ? { min: (9999 - DICE_MAX_CHANCE) / 100, max: (9999 - DICE_MIN_CHANCE) / 100 }
    : { min: DICE_MIN_CHANCE / 100, max: DICE_MAX_CHANCE / 100 };
}

export function parseDiceParams(raw: unknown): { ok: true; params: DiceParams } | { ok: false; message: string } {
  const { target, over } = (raw ?? {}) as { target?: unknown; over?: unknown };
  if (typeof over !== 'boolean') return { ok: false, message: 'Choose over or under' };
  if (
    typeof target !== 'number' ||
    !Number.isFinite(target) ||
    Math.abs(target * 100 - Math.round(target * 100)) > 1e-6
  ) {
    return { ok: false, message: 'The target must be a number with at most 2 decimals' };
  }
  const { min, max } = diceTargetRange(over);
  const t = Math.round(target * 100) / 100;
  if (t < min || t > max)
    return {
      ok: false,
      message: `The target must be between ${min.toFixed(2)} and ${max.toFixed(2)} for ${over ? 'over' : 'under'}`,
    };
  return { ok: true, params: { target: t, over } };
}

export function diceRoll(floats: readonly number[], bet: number, params: DiceParams): DiceOutcome {
  const rollX100 = Math.floor(floats[0]! * 10_000);
  const targetX100 = Math.round(params.target * 100);
  const won = params.over ? rollX100 > targetX100 : rollX100 < targetX100;
  const multiplierX100 = diceMultiplierX100(params.target, params.over);
  return {
    kind: 'dice',
    roll: rollX100 / 100,
    target: params.target,
    over: params.over,
    multiplier: multiplierX100 / 100,
    won,
    totalWin: won ? mulDivFloor(bet, multiplierX100, 100) : 0,
  };
}
