/**
 * Geometry of the reel window in one coordinate space shared by the CSS grid and the SVG overlay:
 * cells are CELL units square, reels are GAP units apart (CSS column-gap = GAP / width, in percent),
 * so a payline's polyline passes exactly through the centres of its cells at every size.
 */
import { mulDivFloor } from '../../engines/fair.ts';

export const CELL = 100;
export const GAP = 8;

export type WindowLayout = { reels: number; rows: number };

export function windowSize({ reels, rows }: WindowLayout): { width: number; height: number } {
  return { width: reels * CELL + (reels - 1) * GAP, height: rows * CELL };
}

/** Column gap as a CSS percentage of the window width. */
export function gapPercent(layout: WindowLayout): string {
  return `${((GAP / windowSize(layout).width) * 100).toFixed(4)}%`;
}

export function cellCentre(reel: number, row: number): { x: number; y: number } {
  return { x: reel * (CELL + GAP) + CELL / 2, y: row * CELL + CELL / 2 };
}

/**
 * The points of a payline (`rows[reel]` = row index) for an SVG polyline. The line starts and ends
 * at the window's edges so it reads as a line across the reels, not just between symbol centres.
 */
export function paylinePoints(rows: readonly number[], layout: WindowLayout): [number, number][] {
  const { width } = windowSize(layout);
  const centres = rows.map((row, reel) => cellCentre(reel, row));
  const first = centres[0]!;
  const last = centres[centres.length - 1]!;
  return [[0, first.y], ...centres.map(({ x, y }) => [x, y] as [number, number]), [width, last.y]];
}

export function pointsAttr(points: readonly [number, number][]): string {
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

/** The cells a line win covers: the first `count` reels of the line, left to right. */
export function winningCells(rows: readonly number[], count: number): { reel: number; row: number }[] {
  return rows.slice(0, count).map((row, reel) => ({ reel, row }));
}

/** Distinct, readable line colours on a dark background; lines cycle through them. */
export const LINE_COLOURS = [
  '#fbbf24',
  '#34d399',
  '#60a5fa',
  '#f472b6',
  '#a78bfa',
  '#fb923c',
  '#22d3ee',
  '#f87171',
  '#a3e635',
  '#e879f9',
];

export function lineColour(line: number): string {
  return LINE_COLOURS[line % LINE_COLOURS.length]!;
}

/** The pay for a line-bet multiple, exactly as the engine rounds it: floor(bet × multiple / lines). */
export function linePay(bet: number, multiple: number, lines: number): number {
  return mulDivFloor(bet, multiple, lines);
}
