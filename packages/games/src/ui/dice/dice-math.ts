/** Target handling of the dice controls; the odds themselves come from the engine. */
import { diceTargetRange } from '../../engines/dice.ts';
import { mulDivFloor } from '../../engines/fair.ts';

/** Snaps to 2 decimals inside the engine's range for the direction. */
export function clampTarget(value: number, over: boolean): number {
  const { min, max } = diceTargetRange(over);
  const snapped = Math.round(value * 100) / 100;
  return Math.min(max, Math.max(min, snapped));
}

/** The target of the other direction with the same win chance: over t ⇔ under 99.99 − t. */
export function flipTarget(target: number, over: boolean): number {
  return clampTarget((9999 - Math.round(target * 100)) / 100, !over);
}

/** What a win pays back (stake included), with the engine's rounding: bet × multiplier. */
export function payoutOnWin(bet: number, multiplierX100: number): number {
  return mulDivFloor(bet, multiplierX100, 100);
}
