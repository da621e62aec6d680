import { mulDivFloor } from './fair.ts';
import type { SlotConfig, SlotLineWin, SlotOutcome, SlotSymbol } from './types.ts';

/**
 * 5×3 video slot, 20 fixed paylines, left-to-right line pays, wild substitutes for every symbol but
 * the scatter, scatters pay anywhere and 3+ of them award free spins (retriggerable).
 * The reel strips and pays were tuned with `slotReturnToPlayer` to ≈ 96 %.
 */

export const SLOT_SYMBOLS: readonly SlotSymbol[] = [
  'cherry',
  'lemon',
  'plum',
  'bell',
  'bar',
  'seven',
  'wild',
  'scatter',
];

/** paylines[i][reel] = row (0 top … 2 bottom). */
const PAYLINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/** Reels 1, 3, 5 carry one wild, reels 2 and 4 two; one scatter per reel (never two in view). */
const STRIPS: SlotSymbol[][] = [
  [
    'cherry',
    'lemon',
    'plum',
    'bell',
    'bar',
    'cherry',
    'lemon',
    'seven',
    'plum',
    'cherry',
    'lemon',
    'bell',
    'wild',
    'plum',
    'cherry',
    'lemon',
    'bar',
    'scatter',
    'cherry',
    'lemon',
    'plum',
    'bell',
    'cherry',
    'lemon',
    'plum',
    'seven',
    'cherry',
    'lemon',
    'bar',
    'bell',
    'plum',
    'cherry',
    'lemon',
  ],
  [
    'seven',
    'plum',
    'wild',
    'cherry',
    'lemon',
    'bell',
    'plum',
    'cherry',
    'lemon',
    'bar',
    'scatter',
    'cherry',
    'lemon',
    'plum',
    'bell',
    'cherry',
    'lemon',
    'seven',
    'plum',
    'wild',
    'cherry',
    'lemon',
    'bar',
    'bell',
    'plum',
    'cherry',
    'lemon',
    'cherry',
    'lemon',
    'plum',
    'bell',
    'bar',
    'cherry',
    'lemon',
  ],
  [
    'plum',
    'cherry',
    'lemon',
    'bar',
    'scatter',
    'cherry',
    'lemon',
    'plum',
    'bell',
    'cherry',
    'lemon',
    'plum',
    'seven',
    'cherry',
    'lemon',
    'bar',
    'bell',
    'plum',
    'cherry',
    'lemon',
    'cherry',
    'lemon',
    'plum',
    'bell',
    'bar',
    'cherry',
    'lemon',
    'seven',
    'plum',
    'cherry',
    'lemon',
    'bell',
    'wild',
  ],
  [
    'lemon',
    'plum',
    'bell',
    'cherry',
    'lemon',
    'seven',
    'plum',
    'wild',
    'cherry',
    'lemon',
    'bar',
    'bell',
    'plum',
    'cherry',
    'lemon',
    'cherry',
    'lemon',
    'plum',
    'bell',
    'bar',
    'cherry',
    'lemon',
    'seven',
    'plum',
    'wild',
    'cherry',
    'lemon',
    'bell',
    'plum',
    'cherry',
    'lemon',
    'bar',
    'scatter',
    'cherry',
  ],
  [
    'lemon',
    'plum',
    'seven',
    'cherry',
    'lemon',
    'bar',
    'bell',
    'plum',
    'cherry',
    'lemon',
    'cherry',
    'lemon',
    'plum',
    'bell',
    'bar',
    'cherry',
    'lemon',
    'seven',
    'plum',
    'cherry',
    'lemon',
    'bell',
    'wild',
    'plum',
    'cherry',
    'lemon',
    'bar',
    'scatter',
    'cherry',
    'lemon',
    'plum',
    'bell',
    'cherry',
  ],
];

export const SLOT_CONFIG: SlotConfig = {
  reels: 5,
  rows: 3,
  paylines: PAYLINES,
  strips: STRIPS,
  // Line-bet multiples for 3/4/5 of a kind; the scatter's are line-bet multiples too
  // (40/200/1000 × line bet = 2/10/50 × total bet), counted anywhere on the grid.
  paytable: {
    cherry: [5, 15, 50],
    lemon: [5, 15, 50],
    plum: [10, 30, 100],
    bell: [15, 50, 200],
    bar: [20, 75, 250],
    seven: [40, 150, 600],
    wild: [50, 250, 1000],
    scatter: [40, 200, 1000],
  },
  freeSpins: { scatters: 3, awarded: 10 },
};

/** Fair floats one spin consumes: one stop per reel. */
export const SLOT_FLOATS = 5;

/** Line-bet multiple of one payline's symbols (left to right; the better of the wild run and the substituted run). */
export function slotLinePay(
  symbols: readonly SlotSymbol[],
  config: SlotConfig = SLOT_CONFIG,
): { symbol: SlotSymbol; count: number; pay: number } | null {
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === 'wild') wilds++;
  const wildPay = wilds >= 3 ? config.paytable.wild[Math.min(wilds, 5) - 3]! : 0;
  const target = symbols[wilds];
  let best: { symbol: SlotSymbol; count: number; pay: number } | null =
    wildPay > 0 ? { symbol: 'wild', count: wilds, pay: wildPay } : null;
  if (target !== undefined && target !== 'scatter') {
    let count = wilds;
    while (count < symbols.length && (symbols[count] === target || symbols[count] === 'wild')) count++;
    const pay = count >= 3 ? config.paytable[target][Math.min(count, 5) - 3]! : 0;
    if (pay > (best?.pay ?? 0)) best = { symbol: target, count, pay };
  }
  return best;
}

/** The visible grid (grid[reel][row]) for one float per reel. */
export function slotGrid(floats: readonly number[], config: SlotConfig = SLOT_CONFIG): SlotSymbol[][] {
  return config.strips.map((strip, reel) => {
    const stop = Math.floor(floats[reel]! * strip.length);
    return Array.from({ length: config.rows }, (_, row) => strip[(stop + row) % strip.length]!);
  });
}

/**
 * One spin. `bet` is the total stake the pays are based on (for a free spin: the bet of the spin
 * that triggered it, although the player pays nothing). Wins are floor(bet × multiple / lines).
 */
export function slotSpin(
  floats: readonly number[],
  bet: number,
  options: { freeSpin?: boolean } = {},
  config: SlotConfig = SLOT_CONFIG,
): SlotOutcome {
  const grid = slotGrid(floats, config);
  const lines = config.paylines.length;
  const lineWins: SlotLineWin[] = [];
  config.paylines.forEach((rows, line) => {
    const pay = slotLinePay(
      rows.map((row, reel) => grid[reel]![row]!),
      config,
    );
    if (pay) lineWins.push({ line, symbol: pay.symbol, count: pay.count, win: mulDivFloor(bet, pay.pay, lines) });
  });
  const scatterCount = grid.flat().filter((s) => s === 'scatter').length;
  const scatterWin =
    scatterCount >= 3 ? mulDivFloor(bet, config.paytable.scatter[Math.min(scatterCount, 5) - 3]!, lines) : 0;
  const freeSpinsAwarded = scatterCount >= config.freeSpins.scatters ? config.freeSpins.awarded : 0;
  const totalWin = lineWins.reduce((sum, w) => sum + w.win, 0) + scatterWin;
  return {
    kind: 'slot',
    grid,
    lineWins,
    scatterCount,
    scatterWin,
    freeSpinsAwarded,
    isFreeSpin: options.freeSpin === true,
    totalWin,
  };
}

/**
 * The exact theoretical return of a configuration (wins ÷ stakes, free spins included), from the
 * symbol frequencies of the strips: every payline crosses each reel once and reels are independent.
 */
export function slotReturnToPlayer(config: SlotConfig = SLOT_CONFIG): {
  rtp: number;
  baseReturn: number;
  freeSpinsChance: number;
} {
  const symbols = SLOT_SYMBOLS;
  const freq = config.strips.map((strip) => symbols.map((s) => strip.filter((x) => x === s).length / strip.length));
  const reels = config.strips.length;
  let lineReturn = 0;
  const combo: SlotSymbol[] = Array.from({ length: reels }, () => 'cherry');
  const walk = (reel: number, p: number) => {
    if (p === 0) return;
    if (reel === reels) {
      lineReturn += p * (slotLinePay(combo, config)?.pay ?? 0);
      return;
    }
    symbols.forEach((s, i) => {
      combo[reel] = s;
      walk(reel + 1, p * freq[reel]![i]!);
    });
  };
  walk(0, 1);
  // Scatters in view per reel: counted over every stop (the strips never show two at once, but count anyway).
  let dist = [1];
  for (const strip of config.strips) {
    const perReel: number[] = Array.from({ length: config.rows + 1 }, () => 0);
    for (let stop = 0; stop < strip.length; stop++) {
      let n = 0;
      for (let row = 0; row < config.rows; row++) if (strip[(stop + row) % strip.length] === 'scatter') n++;
      perReel[n]! += 1 / strip.length;
    }
    const next: number[] = Array.from({ length: dist.length + config.rows }, () => 0);
    dist.forEach((a, i) => perReel.forEach((b, j) => (next[i + j]! += a * b)));
    dist = next;
  }
  let scatterReturn = 0;
  let freeSpinsChance = 0;
  dist.forEach((p, n) => {
    if (n >= 3) scatterReturn += p * config.paytable.scatter[Math.min(n, 5) - 3]!;
    if (n >= config.freeSpins.scatters) freeSpinsChance += p;
  });
  // Per unit of total bet: lines × E[line multiple] × (bet / lines).
  const baseReturn = lineReturn + scatterReturn / config.paylines.length;
  // Each paid spin is followed on average by awarded·p / (1 − awarded·p) free spins (retriggers included).
  const k = config.freeSpins.awarded * freeSpinsChance;
  return { rtp: baseReturn / (1 - k), baseReturn, freeSpinsChance };
}
