import { describe, expect, it } from 'vitest';
import {
  crashMultiplierAt,
  crashPointX100,
  crashRound,
  crashTimeOf,
  diceMultiplierX100,
  diceRoll,
  parseParams,
  playRound,
  rouletteSpin,
  SLOT_CONFIG,
  slotLinePay,
  slotReturnToPlayer,
  slotSpin,
  type RouletteOutcome,
  type SlotOutcome,
} from '../index.ts';

/** A small seeded PRNG (mulberry32), so the Monte Carlo runs are repeatable. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fair = { serverSeed: 'server-seed', clientSeed: 'client-seed', nonce: 1 };

describe('playRound', () => {
  it('gives the same outcome for the same inputs, and keeps its known vectors', async () => {
    const slot = (await playRound('slot', fair, 2000, {})) as SlotOutcome;
    expect(await playRound('slot', fair, 2000, {})).toEqual(slot);
    expect(slot.grid[0]).toEqual(['bell', 'cherry', 'lemon']);
    expect(slot.lineWins).toEqual([
      { line: 0, symbol: 'cherry', count: 4, win: 1500 },
      { line: 2, symbol: 'lemon', count: 4, win: 1500 },
    ]);
    expect(slot.totalWin).toBe(3000);

    const roulette = (await playRound('roulette', { ...fair, nonce: 0 }, 100, {
      bets: [{ type: 'red', amount: 100 }],
    })) as RouletteOutcome;
    expect(roulette).toMatchObject({ pocket: 16, color: 'red', totalWin: 200 });
    expect(await playRound('dice', { ...fair, nonce: 0 }, 100, { target: 50, over: true })).toMatchObject({
      roll: 45.53,
      won: false,
      totalWin: 0,
    });
    expect(await playRound('crash', fair, 100, { autoCashout: 2 })).toEqual({
      kind: 'crash',
      crashPoint: 2.95,
      cashedOutAt: 2,
      totalWin: 200,
    });
    expect(await playRound('crash', fair, 100, {}, { cashout: 3 })).toMatchObject({ cashedOutAt: null, totalWin: 0 });
  });
});

describe('slot', () => {
  it('pays wilds as substitutes and on their own, never for the scatter', () => {
    expect(slotLinePay(['wild', 'wild', 'seven', 'cherry', 'cherry'])).toEqual({ symbol: 'seven', count: 3, pay: 40 });
    expect(slotLinePay(['wild', 'wild', 'wild', 'cherry', 'lemon'])).toEqual({ symbol: 'wild', count: 3, pay: 50 });
    expect(slotLinePay(['wild', 'wild', 'wild', 'wild', 'seven'])).toEqual({ symbol: 'seven', count: 5, pay: 600 });
    expect(slotLinePay(['cherry', 'wild', 'cherry', 'wild', 'bar'])).toEqual({ symbol: 'cherry', count: 4, pay: 15 });
    expect(slotLinePay(['scatter', 'scatter', 'scatter', 'lemon', 'lemon'])).toBeNull();
    expect(slotLinePay(['cherry', 'cherry', 'lemon', 'cherry', 'cherry'])).toBeNull();
  });

  it('awards 10 free spins and a scatter pay for 3 scatters anywhere', () => {
    // Stop each of the first three reels on its scatter.
    const floats = SLOT_CONFIG.strips.map((strip, reel) =>
      reel < 3 ? (strip.indexOf('scatter') + 0.5) / strip.length : 0,
    );
    const outcome = slotSpin(floats, 2000);
    expect(outcome.scatterCount).toBe(3);
    expect(outcome.freeSpinsAwarded).toBe(10);
    expect(outcome.scatterWin).toBe(4000);
    expect(slotSpin(floats, 2000, { freeSpin: true }).isFreeSpin).toBe(true);
  });

  it('returns about 96 %: exactly by the strips, and by Monte Carlo within 90–100 %', () => {
    const exact = slotReturnToPlayer();
    expect(exact.rtp).toBeGreaterThan(0.955);
    expect(exact.rtp).toBeLessThan(0.965);

    const random = prng(42);
    const bet = 2000;
    let staked = 0;
    let won = 0;
    let freeSpins = 0;
    for (let i = 0; i < 200_000; i++) {
      const floats = [random(), random(), random(), random(), random()];
      const free = freeSpins > 0;
      if (free) freeSpins--;
      else staked += bet;
      const o = slotSpin(floats, bet, { freeSpin: free });
      won += o.totalWin;
      freeSpins += o.freeSpinsAwarded;
    }
    const rtp = won / staked;
    expect(rtp).toBeGreaterThan(0.9);
    expect(rtp).toBeLessThan(1.0);
  });
});

describe('roulette', () => {
  it('pays 35:1, 1:1 and 2:1 with the stake back, and the zero loses outside bets', () => {
    const at = (pocket: number) => [(pocket + 0.5) / 37];
    const bets = {
      bets: [
        { type: 'straight' as const, value: 17, amount: 10 },
        { type: 'black' as const, amount: 10 },
        { type: 'odd' as const, amount: 10 },
        { type: 'low' as const, amount: 10 },
        { type: 'dozen' as const, value: 2, amount: 10 },
        { type: 'column' as const, value: 2, amount: 10 },
      ],
    };
    expect(rouletteSpin(at(17), bets).totalWin).toBe(360 + 20 + 20 + 20 + 30 + 30);
    expect(rouletteSpin(at(0), bets)).toMatchObject({ pocket: 0, color: 'green', totalWin: 0 });
    expect(rouletteSpin(at(36), bets).totalWin).toBe(0);
  });

  it('refuses malformed bets and a total that does not match', () => {
    expect(parseParams('roulette', 10, { bets: [{ type: 'straight', value: 37, amount: 10 }] }).ok).toBe(false);
    expect(parseParams('roulette', 10, { bets: [{ type: 'dozen', value: 0, amount: 10 }] }).ok).toBe(false);
    expect(parseParams('roulette', 10, { bets: [{ type: 'split', amount: 10 }] }).ok).toBe(false);
    expect(parseParams('roulette', 10, { bets: [{ type: 'red', amount: 0.5 }] }).ok).toBe(false);
    expect(parseParams('roulette', 10, { bets: [] }).ok).toBe(false);
    expect(parseParams('roulette', 20, { bets: [{ type: 'red', amount: 10 }] }).ok).toBe(false);
    expect(
      parseParams('roulette', 20, {
        bets: [
          { type: 'red', amount: 10 },
          { type: 'straight', value: 0, amount: 10 },
        ],
      }),
    ).toEqual({
      ok: true,
      params: {
        bets: [
          { type: 'red', amount: 10 },
          { type: 'straight', value: 0, amount: 10 },
        ],
      },
    });
  });
});

describe('dice', () => {
  it('pays 99 / chance with 1 % edge, over and under', () => {
    expect(diceMultiplierX100(50, false)).toBe(198); // 50.00 % → 1.98×
    expect(diceMultiplierX100(1, false)).toBe(9900); // 1.00 % → 99×
    expect(diceRoll([0.5], 100, { target: 49.99, over: true })).toMatchObject({
      roll: 50,
      won: true,
      multiplier: 1.98,
      totalWin: 198,
    });
    expect(diceRoll([0.5], 100, { target: 50, over: true })).toMatchObject({ won: false, totalWin: 0 });
    expect(diceRoll([0.5], 100, { target: 50.01, over: false })).toMatchObject({ won: true });
    expect(diceRoll([0.99999], 100, { target: 98.99, over: true })).toMatchObject({
      roll: 99.99,
      won: true,
      totalWin: 9900,
    });
  });

  it('returns 99 % at every target, less the flooring of the multiplier to 2 decimals', () => {
    for (const [target, over] of [
      [50, true],
      [10, false],
      [97.99, false],
      [2.5, true],
      [1, false],
    ] as const) {
      const count = over ? 9999 - Math.round(target * 100) : Math.round(target * 100);
      const rtp = (count * diceMultiplierX100(target, over)) / 1_000_000;
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(rtp).toBeGreaterThan(0.98);
    }
  });

  it('refuses targets outside 1–98 % win chance and more than 2 decimals', () => {
    expect(parseParams('dice', 100, { target: 0.99, over: false }).ok).toBe(false);
    expect(parseParams('dice', 100, { target: 98.01, over: false }).ok).toBe(false);
    expect(parseParams('dice', 100, { target: 99, over: true }).ok).toBe(false);
    expect(parseParams('dice', 100, { target: 1.5, over: true }).ok).toBe(false);
    expect(parseParams('dice', 100, { target: 50.005, over: true }).ok).toBe(false);
    expect(parseParams('dice', 100, { target: 50 }).ok).toBe(false);
    expect(parseParams('dice', 100, { target: 1, over: false })).toEqual({
      ok: true,
      params: { target: 1, over: false },
    });
    expect(parseParams('dice', 100, { target: 98.99, over: true }).ok).toBe(true);
  });
});

describe('crash', () => {
  it('grows e^(0.00012·ms), and crashTimeOf is its exact inverse', () => {
    expect(crashMultiplierAt(0)).toBe(1);
    expect(crashMultiplierAt(5777)).toBe(2);
    expect(crashMultiplierAt(5775)).toBe(1.99);
    for (const m of [1, 1.01, 1.5, 2, 2.95, 10, 123.45, 10000]) {
      const t = crashTimeOf(m);
      expect(crashMultiplierAt(t)).toBeGreaterThanOrEqual(m);
      if (t > 0) expect(crashMultiplierAt(t - 1)).toBeLessThan(m);
    }
  });

  it('puts 1 % of rounds at 1.00× and caps at 10,000×', () => {
    expect(crashPointX100(0)).toBe(100);
    expect(crashPointX100(0.0099)).toBe(100);
    expect(crashPointX100(0.0102)).toBe(100);
    expect(crashPointX100(0.5)).toBe(198);
    expect(crashPointX100(1 - 2 ** -32)).toBe(1_000_000);
  });

  it('returns 99 % to a fixed cash-out target (Monte Carlo)', () => {
    const random = prng(7);
    let won = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) won += crashRound([random()], 100, { autoCashout: 2 }).totalWin;
    expect(won / (n * 100)).toBeGreaterThan(0.97);
    expect(won / (n * 100)).toBeLessThan(1.01);
  });

  it('pays the first of auto and manual cash-out when it is not above the crash point', () => {
    const u = 1 - 99 / 295.5; // crash point 2.95
    expect(crashRound([u], 100, { autoCashout: 2.95 })).toMatchObject({
      crashPoint: 2.95,
      cashedOutAt: 2.95,
      totalWin: 295,
    });
    expect(crashRound([u], 100, { autoCashout: 2.96 })).toMatchObject({ cashedOutAt: null, totalWin: 0 });
    expect(crashRound([u], 100, { autoCashout: 5 }, 1.5)).toMatchObject({ cashedOutAt: 1.5, totalWin: 150 });
    expect(crashRound([u], 100, { autoCashout: 1.2 }, 1.5)).toMatchObject({ cashedOutAt: 1.2 });
    expect(crashRound([u], 100, {})).toMatchObject({ cashedOutAt: null, totalWin: 0 });
  });

  it('validates the auto cash-out', () => {
    expect(parseParams('crash', 100, { autoCashout: 1 }).ok).toBe(false);
    expect(parseParams('crash', 100, { autoCashout: 10000.01 }).ok).toBe(false);
    expect(parseParams('crash', 100, { autoCashout: 'x' }).ok).toBe(false);
    expect(parseParams('crash', 100, {})).toEqual({ ok: true, params: {} });
    expect(parseParams('crash', 100, { autoCashout: 2.5 })).toEqual({ ok: true, params: { autoCashout: 2.5 } });
  });

  it('refuses a fractional or negative bet for every engine', () => {
    expect(parseParams('slot', 1.5, {}).ok).toBe(false);
    expect(parseParams('dice', -1, { target: 50, over: true }).ok).toBe(false);
  });
});
