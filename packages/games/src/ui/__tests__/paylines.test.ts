import { describe, expect, it } from 'vitest';
import { SLOT_CONFIG, slotSpin } from '../../engines/slot.ts';
import {
  CELL,
  GAP,
  cellCentre,
  gapPercent,
  linePay,
  paylinePoints,
  windowSize,
  winningCells,
} from '../slot/paylines.ts';

const layout = { reels: 5, rows: 3 };

describe('payline geometry', () => {
  it('puts the window in one coordinate space with the CSS grid', () => {
    expect(windowSize(layout)).toEqual({ width: 5 * CELL + 4 * GAP, height: 3 * CELL });
    // 5 columns of CELL plus 4 gaps of gapPercent fill exactly 100 % of the width.
    const gap = parseFloat(gapPercent(layout));
    const cell = (100 - 4 * gap) / 5;
    expect(cell / gap).toBeCloseTo(CELL / GAP, 3);
  });

  it('runs a line through the centre of its cell on every reel, edge to edge', () => {
    const points = paylinePoints([0, 1, 2, 1, 0], layout);
    expect(points).toHaveLength(7);
    expect(points[0]).toEqual([0, 50]);
    expect(points[1]).toEqual([50, 50]);
    expect(points[2]).toEqual([CELL + GAP + 50, 150]);
    expect(points[3]).toEqual([2 * (CELL + GAP) + 50, 250]);
    expect(points[6]).toEqual([windowSize(layout).width, 50]);
    expect(cellCentre(4, 2)).toEqual({ x: 4 * (CELL + GAP) + 50, y: 250 });
  });

  it('keeps all 20 paylines of the engine inside the window', () => {
    const { width, height } = windowSize(layout);
    expect(SLOT_CONFIG.paylines).toHaveLength(20);
    for (const line of SLOT_CONFIG.paylines) {
      for (const [x, y] of paylinePoints(line, layout)) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(width);
        expect(y).toBeGreaterThan(0);
        expect(y).toBeLessThan(height);
      }
    }
  });

  it('marks the cells of a win from the left reel', () => {
    expect(winningCells([2, 1, 0, 1, 2], 3)).toEqual([
      { reel: 0, row: 2 },
      { reel: 1, row: 1 },
      { reel: 2, row: 0 },
    ]);
  });

  it('shows the same line pays the engine pays', () => {
    // Over many grids, every line win the engine pays is what the paytable dialog shows for that stake.
    for (let seed = 0; seed < 200; seed++) {
      const floats = Array.from({ length: 5 }, (_, i) => ((seed * 7919 + i * 104729) % 10007) / 10007);
      const outcome = slotSpin(floats, 100);
      for (const win of outcome.lineWins) {
        expect(win.win).toBe(linePay(100, SLOT_CONFIG.paytable[win.symbol][win.count - 3]!, 20));
      }
    }
  });
});
