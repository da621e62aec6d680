import { describe, expect, it } from 'vitest';
import { fitBets, highestLevelWithin } from '../shell/stake-cap.ts';

describe('a stake within a maximum', () => {
  it('is the highest bet level at most the maximum', () => {
    const levels = [10, 20, 50, 100, 200];
    expect(highestLevelWithin(levels, 50)).toBe(50);
    expect(highestLevelWithin(levels, 99)).toBe(50);
    expect(highestLevelWithin(levels, 10_000)).toBe(200);
    expect(highestLevelWithin(levels, 9)).toBeNull();
    expect(highestLevelWithin([], 100)).toBeNull();
  });

  it('lowers a roulette table in proportion, to exactly the maximum, never raising a spot', () => {
    const bets = [
      { type: 'red', amount: 100 },
      { type: 'straight', value: 17, amount: 300 },
      { type: 'dozen', value: 2, amount: 100 },
    ];
    const fitted = fitBets(bets, 250, 10)!;
    expect(fitted.reduce((sum, b) => sum + b.amount, 0)).toBe(250);
    expect(fitted.map((b) => b.type)).toEqual(['red', 'straight', 'dozen']);
    fitted.forEach((b, i) => {
      expect(b.amount).toBeGreaterThanOrEqual(10);
      expect(b.amount).toBeLessThanOrEqual(bets[i]!.amount);
    });
    expect(fitted[1]!.amount).toBeGreaterThan(fitted[0]!.amount);
    // The table given is not changed.
    expect(bets[1]!.amount).toBe(300);
  });

  it('takes off the spots placed last when the maximum cannot give each the smallest chip', () => {
    const bets = [20, 20, 20, 20].map((amount, i) => ({ type: 'straight', value: i, amount }));
    expect(fitBets(bets, 35, 10)!.map((b) => [b.value, b.amount])).toEqual([
      [0, 12],
      [1, 12],
      [2, 11],
    ]);
  });

  it('keeps a table within the maximum as it is, and has nothing when not one chip fits', () => {
    const bets = [{ type: 'red', amount: 50 }];
    expect(fitBets(bets, 50, 10)).toEqual(bets);
    expect(fitBets(bets, 9, 10)).toBeNull();
  });

  it('stays exact with crypto-sized amounts', () => {
    const bets = [
      { type: 'red', amount: 7_000_000_001 },
      { type: 'black', amount: 3_000_000_003 },
    ];
    const fitted = fitBets(bets, 1_000_000_007, 1_000)!;
    expect(fitted.reduce((sum, b) => sum + b.amount, 0)).toBe(1_000_000_007);
  });
});
