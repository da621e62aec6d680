/**
 * The sandbox provider's engines: pure functions from a provably fair random stream to an outcome.
 * The provider server (apps/server/src/sandbox/games) and the verify page both run them, so a player
 * can recompute any round from (serverSeed, clientSeed, nonce).
 *
 * Amounts inside engines are integer minor units (bigint is avoided for JSON: numbers of minor units,
 * always integers, never above Number.MAX_SAFE_INTEGER).
 */
export type EngineId = 'slot' | 'roulette' | 'dice' | 'crash';

/** Fair inputs of one round. */
export type FairInput = { serverSeed: string; clientSeed: string; nonce: number };

// ---- slot: 5 reels x 3 rows, 20 fixed paylines, scatter pays and triggers free spins ----
export type SlotSymbol = 'cherry' | 'lemon' | 'plum' | 'bell' | 'bar' | 'seven' | 'wild' | 'scatter';
export type SlotConfig = {
  reels: 5;
  rows: 3;
  /** paylines[i][reel] = row index (0 top … 2 bottom) */
  paylines: number[][];
  /** Reel strips: a spin stops reel r at floor(u × length) and shows that symbol and the next two. */
  strips: SlotSymbol[][];
  /** Multipliers of the line bet for 3, 4, 5 of a kind, per symbol (scatter: 3, 4, 5 anywhere on the grid). */
  paytable: Record<SlotSymbol, [number, number, number]>;
  /** Scatters needed for free spins, and how many are awarded. */
  freeSpins: { scatters: number; awarded: number };
};
export type SlotParams = Record<string, never>;
/** `line` is the index into `SlotConfig.paylines`; `count` symbols from the left reel. */
export type SlotLineWin = { line: number; symbol: SlotSymbol; count: number; win: number };
export type SlotOutcome = {
  kind: 'slot';
  /** grid[reel][row] */
  grid: SlotSymbol[][];
  lineWins: SlotLineWin[];
  scatterCount: number;
  /** Scatter pay of this spin (included in totalWin). */
  scatterWin: number;
  /** Free spins awarded by this spin (0 if none). */
  freeSpinsAwarded: number;
  /** True when this spin was itself a free spin (no stake). */
  isFreeSpin: boolean;
  totalWin: number;
};

// ---- European roulette: single zero, 37 pockets ----
export type RouletteBetType =
  | 'straight' // value: 0..36
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high' // value ignored
  | 'dozen' // value: 1..3
  | 'column'; // value: 1..3
export type RouletteBet = { type: RouletteBetType; value?: number; amount: number };
export type RouletteParams = { bets: RouletteBet[] };
export type RouletteOutcome = {
  kind: 'roulette';
  pocket: number;
  color: 'red' | 'black' | 'green';
  winningBets: (RouletteBet & { win: number })[];
  totalWin: number;
};

// ---- dice: roll 0.00–99.99, bet over/under a target; 1% house edge ----
export type DiceParams = { target: number; over: boolean };
export type DiceOutcome = {
  kind: 'dice';
  roll: number;
  target: number;
  over: boolean;
  multiplier: number;
  won: boolean;
  totalWin: number;
};

// ---- crash: the crash point is fixed by the fair stream before the round starts; the player cashes out ----
export type CrashParams = { autoCashout?: number };
export type CrashOutcome = {
  kind: 'crash';
  crashPoint: number;
  /** Multiplier the player cashed out at, or null when the round crashed first. */
  cashedOutAt: number | null;
  totalWin: number;
};

/**
 * What else an outcome depends on besides seeds, bet and params: a slot free spin (pays on the
 * triggering bet, costs nothing), or the multiplier a crash player cashed out at by hand.
 */
export type RoundState = { freeSpin?: boolean; cashout?: number | null };

export type EngineParams = { slot: SlotParams; roulette: RouletteParams; dice: DiceParams; crash: CrashParams };
export type EngineOutcome = SlotOutcome | RouletteOutcome | DiceOutcome | CrashOutcome;
