/**
 * The European roulette table as data: every bet spot with its bet, labels, colour and its place in
 * two grid layouts — `wide` (the classic horizontal table) and `tall` (rotated for phones).
 */
import { ROULETTE_POCKETS, rouletteBetWins, rouletteColor } from '../../engines/roulette.ts';
import type { RouletteBet, RouletteBetType } from '../../engines/types.ts';
import { t } from '../shell/i18n.ts';

/** Pocket order on a single-zero wheel, clockwise from zero. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];

export type PocketColour = ReturnType<typeof rouletteColor>;

export type Area = { row: number; col: number; rowSpan: number; colSpan: number };

export type Spot = {
  key: string;
  bet: { type: RouletteBetType; value?: number };
  /** Short text on the table. */
  label: string;
  /** What a screen reader says. */
  name: string;
  colour: PocketColour | null;
  wide: Area;
  tall: Area;
};

export const GRID = { wide: { rows: 5, cols: 14 }, tall: { rows: 14, cols: 5 } } as const;

export function betKey(bet: { type: RouletteBetType; value?: number }): string {
  return bet.value === undefined ? bet.type : `${bet.type}:${bet.value}`;
}

/** The pockets a bet wins on: exactly those the engine pays. */
export function coveredPockets(bet: { type: RouletteBetType; value?: number }): number[] {
  return Array.from({ length: ROULETTE_POCKETS }, (_, pocket) => pocket).filter((pocket) =>
    rouletteBetWins(bet, pocket),
  );
}

const area = (row: number, col: number, rowSpan = 1, colSpan = 1): Area => ({ row, col, rowSpan, colSpan });
const ORDINAL = ['ordinal1', 'ordinal2', 'ordinal3'] as const;

export function boardSpots(): Spot[] {
  const spots: Spot[] = [];
  spots.push({
    key: 'straight:0',
    bet: { type: 'straight', value: 0 },
    label: '0',
    name: t('spotZero'),
    colour: 'green',
    wide: area(1, 1, 3, 1),
    tall: area(1, 3, 1, 3),
  });
  for (let n = 1; n <= 36; n++) {
    const colour = rouletteColor(n);
    const columnIndex = (n - 1) % 3; // 0 → the 1, 4, 7 … column
    spots.push({
      key: `straight:${n}`,
      bet: { type: 'straight', value: n },
      label: String(n),
      name: t('spotNumber', { n, colour: t(colour) }),
      colour,
      wide: area(3 - columnIndex, 1 + Math.ceil(n / 3)),
      tall: area(1 + Math.ceil(n / 3), 3 + columnIndex),
    });
  }
  for (let k = 1; k <= 3; k++) {
    spots.push({
      key: `column:${k}`,
      bet: { type: 'column', value: k },
      label: t('twoToOne'),
      name: t('spotColumn', { k, list: `${k}, ${k + 3}, ${k + 6} … ${k + 33}` }),
      colour: null,
      wide: area(4 - k, 14),
      tall: area(14, 2 + k),
    });
  }
  for (let d = 1; d <= 3; d++) {
    const from = (d - 1) * 12 + 1;
    spots.push({
      key: `dozen:${d}`,
      bet: { type: 'dozen', value: d },
      label: t('dozenLabel', { ordinal: t(ORDINAL[d - 1]!) }),
      name: t('spotDozen', { ordinal: t(ORDINAL[d - 1]!), from, to: from + 11 }),
      colour: null,
      wide: area(4, 2 + (d - 1) * 4, 1, 4),
      tall: area(2 + (d - 1) * 4, 2, 4, 1),
    });
  }
  const outside: { type: RouletteBetType; label: string; name: string; colour: PocketColour | null }[] = [
    { type: 'low', label: '1–18', name: t('low'), colour: null },
    { type: 'even', label: t('even'), name: t('even'), colour: null },
    { type: 'red', label: t('redBet'), name: t('redBet'), colour: 'red' },
    { type: 'black', label: t('blackBet'), name: t('blackBet'), colour: 'black' },
    { type: 'odd', label: t('odd'), name: t('odd'), colour: null },
    { type: 'high', label: '19–36', name: t('high'), colour: null },
  ];
  outside.forEach((spot, i) => {
    spots.push({
      key: spot.type,
      bet: { type: spot.type },
      label: spot.label,
      name: t('evenMoney', { name: spot.name }),
      colour: spot.colour,
      wide: area(5, 2 + i * 2, 1, 2),
      tall: area(2 + i * 2, 1, 2, 1),
    });
  });
  return spots;
}

/** Bets on the table: amounts per spot, with an undo history of chip placements. */
export class BetBoard {
  private readonly amounts = new Map<string, number>();
  private readonly history: { key: string; amount: number }[] = [];
  private readonly spots: Map<string, Spot>;

  constructor(spots: Spot[]) {
    this.spots = new Map(spots.map((spot) => [spot.key, spot]));
  }

  place(key: string, amount: number): void {
    if (!this.spots.has(key) || amount <= 0) return;
    this.amounts.set(key, (this.amounts.get(key) ?? 0) + amount);
    this.history.push({ key, amount });
  }

  undo(): string | null {
    const last = this.history.pop();
    if (!last) return null;
    const left = (this.amounts.get(last.key) ?? 0) - last.amount;
    if (left > 0) this.amounts.set(last.key, left);
    else this.amounts.delete(last.key);
    return last.key;
  }

  clear(): void {
    this.amounts.clear();
    this.history.length = 0;
  }

  amountOn(key: string): number {
    return this.amounts.get(key) ?? 0;
  }

  get total(): number {
    let sum = 0;
    for (const amount of this.amounts.values()) sum += amount;
    return sum;
  }

  get empty(): boolean {
    return this.amounts.size === 0;
  }

  /** The wire form: one bet per spot, in table order. */
  bets(): RouletteBet[] {
    return [...this.amounts].map(([key, amount]) => ({ ...this.spots.get(key)!.bet, amount }));
  }

  /** Puts a previous round's bets back (the undo history becomes those placements). */
  restore(bets: readonly RouletteBet[]): void {
    this.clear();
    for (const bet of bets) this.place(betKey(bet), bet.amount);
  }
}
