import { betLevels, subunitToUnit } from '../games/bet-levels.ts';

/** Stake presets and the minimum stake in a currency: from the sandbox bet levels (1, 5, 10, 20, 50 of a fiat currency; 0.10 the least). */
export function stakeRules(currency: string) {
  const levels = betLevels(currency);
  const presets = [3, 5, 6, 7, 8].map((i) => levels[Math.min(i, levels.length - 1)]!);
  return { minStake: levels[0]!, stakePresets: [...new Set(presets)], subunit: subunitToUnit(currency) };
}
