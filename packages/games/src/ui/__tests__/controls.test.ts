import { describe, expect, it } from 'vitest';
import { CRASH_MIN_AUTO_CASHOUT, crashRound } from '../../engines/crash.ts';
import { diceMultiplierX100, diceRoll, diceWinChance } from '../../engines/dice.ts';
import { parseAutoCashout, potentialWin } from '../crash/crash-math.ts';
import { clampTarget, flipTarget, payoutOnWin } from '../dice/dice-math.ts';
import { graphScale, multiplierTicks } from '../crash/graph.ts';

describe('dice controls', () => {
  it('keeps the win chance when switching over/under', () => {
    for (const target of [2, 10.25, 50.5, 77.77, 97]) {
      const over = clampTarget(target, true);
      expect(diceWinChance(flipTarget(over, true), false)).toBe(diceWinChance(over, true));
    }
    expect(flipTarget(50.5, true)).toBe(49.49);
  });

  it('snaps a typed target into the engine range with 2 decimals', () => {
    expect(clampTarget(0.2, false)).toBe(1);
    expect(clampTarget(99.5, true)).toBe(98.99);
    expect(clampTarget(42.123, true)).toBe(42.12);
  });

  it('shows the payout the engine pays on a win', () => {
    const params = { target: 50.5, over: true };
    const outcome = diceRoll([0.99], 137, params);
    expect(outcome.won).toBe(true);
    expect(payoutOnWin(137, diceMultiplierX100(params.target, params.over))).toBe(outcome.totalWin);
  });
});

describe('crash controls', () => {
  it('reads the auto cash-out field', () => {
    expect(parseAutoCashout('')).toBeNull();
    expect(parseAutoCashout(' 2 ')).toBe(2);
    expect(parseAutoCashout('1,5')).toBe(1.5);
    expect(parseAutoCashout('1.005')).toBe('invalid');
    expect(parseAutoCashout(String(CRASH_MIN_AUTO_CASHOUT - 0.01))).toBe('invalid');
    expect(parseAutoCashout('abc')).toBe('invalid');
  });

  it('shows the cash-out amount the engine pays', () => {
    const outcome = crashRound([0.9], 250, {}, 1.37);
    expect(outcome.cashedOutAt).toBe(1.37);
    expect(potentialWin(250, 1.37)).toBe(outcome.totalWin);
  });

  it('scales the chart so the curve always fits', () => {
    expect(graphScale(0, 1)).toEqual({ maxMs: 8000, maxMultiplier: 2 });
    const late = graphScale(30_000, 36.6);
    expect(late.maxMs).toBeGreaterThan(30_000);
    expect(late.maxMultiplier).toBeGreaterThan(36.6);
    const ticks = multiplierTicks(late.maxMultiplier);
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.length).toBeLessThanOrEqual(5);
    expect(ticks.every((t) => t > 1 && t < late.maxMultiplier)).toBe(true);
  });
});
