import { describe, expect, it } from 'vitest';
import { rouletteColor as pocketColour, rouletteSpin } from '../../engines/roulette.ts';
import { BetBoard, GRID, WHEEL_ORDER, boardSpots, type Area } from '../roulette/board.ts';

const spots = boardSpots();

function cellsOf(area: Area): string[] {
  const cells: string[] = [];
  for (let r = area.row; r < area.row + area.rowSpan; r++)
    for (let c = area.col; c < area.col + area.colSpan; c++) cells.push(`${r}:${c}`);
  return cells;
}

describe('roulette board model', () => {
  it('has every bet of a European table once', () => {
    expect(spots).toHaveLength(37 + 3 + 3 + 6);
    expect(new Set(spots.map((s) => s.key)).size).toBe(spots.length);
    for (let n = 0; n <= 36; n++) expect(spots.some((s) => s.bet.type === 'straight' && s.bet.value === n)).toBe(true);
  });

  it('colours numbers like the engine', () => {
    expect(pocketColour(0)).toBe('green');
    expect(pocketColour(32)).toBe('red');
    expect(pocketColour(26)).toBe('black');
  });

  it('has a wheel with each pocket once', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    // Neighbours alternate colours (apart from the zero).
    for (let i = 1; i < WHEEL_ORDER.length - 1; i++)
      expect(pocketColour(WHEEL_ORDER[i]!)).not.toBe(pocketColour(WHEEL_ORDER[i + 1]!));
  });

  it.each(['wide', 'tall'] as const)('lays the %s table out without overlaps or holes', (layout) => {
    const { rows, cols } = GRID[layout];
    const seen = new Map<string, string>();
    for (const spot of spots) {
      for (const cell of cellsOf(spot[layout])) {
        const [r, c] = cell.split(':').map(Number);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(rows);
        expect(c).toBeGreaterThanOrEqual(1);
        expect(c).toBeLessThanOrEqual(cols);
        expect(seen.get(cell), `${spot.key} overlaps ${seen.get(cell)}`).toBeUndefined();
        seen.set(cell, spot.key);
      }
    }
    // Only the four corners beside the zero and the column bets stay empty.
    expect(rows * cols - seen.size).toBe(4);
  });

  it('puts numbers in table order: 1-2-3 across a row upright, up a column wide', () => {
    const at = (n: number) => spots.find((s) => s.key === `straight:${n}`)!;
    expect(at(1).wide).toMatchObject({ row: 3, col: 2 });
    expect(at(3).wide).toMatchObject({ row: 1, col: 2 });
    expect(at(36).wide).toMatchObject({ row: 1, col: 13 });
    expect(at(1).tall).toMatchObject({ row: 2, col: 3 });
    expect(at(3).tall).toMatchObject({ row: 2, col: 5 });
    expect(at(34).tall).toMatchObject({ row: 13, col: 3 });
  });

  it('stacks chips, undoes the last one and sends the bets the engine expects', () => {
    const board = new BetBoard(spots);
    board.place('straight:17', 100);
    board.place('straight:17', 50);
    board.place('red', 200);
    board.place('nonsense', 100);
    expect(board.total).toBe(350);
    expect(board.amountOn('straight:17')).toBe(150);
    expect(board.undo()).toBe('red');
    expect(board.bets()).toEqual([{ type: 'straight', value: 17, amount: 150 }]);
    const outcome = rouletteSpin([17.5 / 37], { bets: board.bets() });
    expect(outcome.pocket).toBe(17);
    expect(outcome.totalWin).toBe(150 * 36);
    board.restore([{ type: 'dozen', value: 2, amount: 300 }]);
    expect(board.total).toBe(300);
    board.clear();
    expect(board.empty).toBe(true);
    expect(board.undo()).toBeNull();
  });
});
