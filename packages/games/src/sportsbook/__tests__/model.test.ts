import { describe, expect, it } from 'vitest';
import {
  cashOutPrice,
  endOf,
  fixtureById,
  fixtureOf,
  fixturesBetween,
  marketsAt,
  marketSpecs,
  outcomeResult,
  quote,
  simulate,
  SPORTS,
  stateAt,
  validFinal,
  type Fixture,
} from '../index.ts';

const MINUTE = 60_000;
const slots = Array.from({ length: 200 }, (_, i) => 1000 + i);

describe('catalogue', () => {
  it('has five sports with two leagues of eight or more distinct names each', () => {
    expect(SPORTS.map((s) => s.id)).toEqual(['football', 'tennis', 'basketball', 'ice-hockey', 'esports']);
    for (const sport of SPORTS) {
      expect(sport.leagues).toHaveLength(2);
      for (const league of sport.leagues) {
        expect(league.teams.length).toBeGreaterThanOrEqual(8);
        expect(new Set(league.teams).size).toBe(league.teams.length);
      }
    }
  });
});

describe('fixtures', () => {
  it('are the same for the same slot, cycle the sports and pair two different teams', () => {
    const seen = new Set<string>();
    for (const slot of slots) {
      const a = fixtureOf(slot);
      const b = fixtureOf(slot);
      expect(a).toEqual(b);
      expect(a.home).not.toBe(a.away);
      expect(a.league.teams).toContain(a.home);
      expect(fixtureById(a.id)).toEqual(a);
      seen.add(a.sport.id);
    }
    expect(seen.size).toBe(5);
    expect(fixtureById('fb-1001')).toBeNull(); // slot 1001 is tennis
    expect(fixtureById('xx-5')).toBeNull();
    expect(fixtureById('fb-abc')).toBeNull();
  });

  it('lists the fixtures of a window in order', () => {
    const start = fixtureOf(500).startsAt;
    const list = fixturesBetween(start, start + 60 * MINUTE);
    expect(list.map((f) => f.slot)).toEqual(Array.from({ length: 13 }, (_, i) => 500 + i));
  });
});

describe('simulation', () => {
  it('is deterministic and ends as sports end', () => {
    let draws = 0;
    for (const slot of slots) {
      const fixture = fixtureOf(slot);
      const sim = simulate(fixture);
      expect(JSON.parse(JSON.stringify(sim))).toEqual(JSON.parse(JSON.stringify(simulate(fixtureOf(slot)))));
      expect(validFinal(fixture.sport, sim.final)).toBe(true);
      if (!fixture.sport.draws) expect(sim.final.home).not.toBe(sim.final.away);
      if (sim.final.home === sim.final.away) draws++;
      const end = stateAt(fixture, endOf(fixture));
      expect(end.phase).toBe('ended');
      expect(end.score).toEqual(sim.final);
    }
    expect(draws).toBeGreaterThan(0); // football and hockey can end level
  });

  it('moves the score, the clock and the prices while live', () => {
    const fixture = fixtureOf(1000); // football
    expect(fixture.sport.id).toBe('football');
    expect(stateAt(fixture, fixture.startsAt - 1).phase).toBe('scheduled');
    const early = stateAt(fixture, fixture.startsAt + 10 * MINUTE);
    const late = stateAt(fixture, fixture.startsAt + 80 * MINUTE);
    expect(early).toMatchObject({ phase: 'live', clock: "10'" });
    expect(stateAt(fixture, fixture.startsAt + 50 * MINUTE).clock).toBe('HT');
    const a = marketsAt(fixture, early).find((m) => m.id === 'total-2.5')!;
    const b = marketsAt(fixture, late).find((m) => m.id === 'total-2.5')!;
    expect(a.outcomes[0]!.odds).not.toBe(b.outcomes[0]!.odds);
  });

  it('suspends the markets for a short while after a goal', () => {
    const fixture = slots.map(fixtureOf).find((f) => f.sport.id === 'football' && simulate(f).timeline.length > 0)!;
    const goal = simulate(fixture).timeline[0]!;
    const at = (m: number) => stateAt(fixture, fixture.startsAt + m * MINUTE + (m >= 45 ? 15 * MINUTE : 0));
    if (goal.minute < 44) {
      expect(at(goal.minute).suspended).toBe(true);
      expect(at(goal.minute + 3).suspended).toBe(false);
    }
  });
});

describe('odds', () => {
  const implied = (odds: number[]) => odds.reduce((s, o) => s + 1000 / o, 0);

  it('carry a margin: implied probabilities of a market add up to 1.0–1.1 (pre-match and live)', () => {
    for (const slot of slots) {
      const fixture = fixtureOf(slot);
      for (const minute of [-5, 10, 30]) {
        const state = stateAt(fixture, fixture.startsAt + minute * MINUTE);
        for (const market of marketsAt(fixture, state)) {
          if (market.outcomes.some((o) => o.suspended)) continue;
          const sum = implied(market.outcomes.map((o) => o.odds));
          expect(sum, `${fixture.id} ${market.id} at ${minute}`).toBeGreaterThanOrEqual(1.0);
          expect(sum, `${fixture.id} ${market.id} at ${minute}`).toBeLessThanOrEqual(1.1);
          for (const o of market.outcomes) expect(Number.isInteger(o.odds) && o.odds >= 1001).toBe(true);
        }
      }
    }
  });

  it('offer 1X2 where draws exist and 12 elsewhere, with btts for football and hockey', () => {
    const bySport = (id: string) => slots.map(fixtureOf).find((f) => f.sport.id === id)!;
    const ids = (f: Fixture) => marketSpecs(f).map((m) => m.id);
    expect(marketSpecs(bySport('football'))[0]!.outcomes.map((o) => o.id)).toEqual(['home', 'draw', 'away']);
    expect(marketSpecs(bySport('tennis'))[0]!.outcomes.map((o) => o.id)).toEqual(['home', 'away']);
    expect(ids(bySport('football'))).toContain('btts');
    expect(ids(bySport('ice-hockey'))).toContain('btts');
    expect(ids(bySport('basketball'))).not.toContain('btts');
  });
});

describe('results', () => {
  const football = fixtureOf(1000);
  const handicap = marketSpecs(football).find((m) => m.id.startsWith('handicap-'))!;
  const fav = handicap.id.split('-')[1] as 'home' | 'away';

  it('settle each outcome from the final score', () => {
    expect(outcomeResult(football, { home: 2, away: 1 }, 'result', 'home')).toBe('won');
    expect(outcomeResult(football, { home: 2, away: 1 }, 'result', 'draw')).toBe('lost');
    expect(outcomeResult(football, { home: 1, away: 1 }, 'result', 'draw')).toBe('won');
    expect(outcomeResult(football, { home: 2, away: 1 }, 'total-2.5', 'over')).toBe('won');
    expect(outcomeResult(football, { home: 1, away: 1 }, 'total-2.5', 'under')).toBe('won');
    expect(outcomeResult(football, { home: 1, away: 0 }, 'btts', 'yes')).toBe('lost');
    expect(outcomeResult(football, { home: 1, away: 3 }, 'btts', 'yes')).toBe('won');
    expect(outcomeResult(football, { home: 0, away: 0 }, 'nope', 'home')).toBe('void');
  });

  it('voids a handicap push', () => {
    const push = fav === 'home' ? { home: 2, away: 1 } : { home: 1, away: 2 };
    expect(outcomeResult(football, push, handicap.id, 'home')).toBe('void');
    expect(outcomeResult(football, push, handicap.id, 'away')).toBe('void');
    const clear = fav === 'home' ? { home: 3, away: 1 } : { home: 1, away: 3 };
    expect(outcomeResult(football, clear, handicap.id, fav)).toBe('won');
  });

  it('knows which final scores a sport can end with', () => {
    const tennis = SPORTS.find((s) => s.id === 'tennis')!;
    expect(validFinal(tennis, { home: 2, away: 1 })).toBe(true);
    expect(validFinal(tennis, { home: 1, away: 1 })).toBe(false);
    expect(validFinal(tennis, { home: 3, away: 0 })).toBe(false);
    expect(validFinal(SPORTS[0]!, { home: 1, away: 1 })).toBe(true);
    expect(validFinal(SPORTS[2]!, { home: 100, away: 100 })).toBe(false);
  });
});

describe('cash-out', () => {
  it('is stake × odds × current probability × 0.95, rounded down', () => {
    expect(cashOutPrice(1000, [{ odds: 2000, result: null, probability: 0.5 }])).toBe(950);
    expect(cashOutPrice(1000, [{ odds: 2500, result: null, probability: 0.3 }])).toBe(712);
    // won legs count 1, void legs drop out, a lost leg or a suspended one: no cash-out
    expect(
      cashOutPrice(1000, [
        { odds: 2000, result: 'won', probability: null },
        { odds: 3000, result: 'void', probability: null },
        { odds: 1500, result: null, probability: 0.6 },
      ]),
    ).toBe(1710);
    expect(cashOutPrice(1000, [{ odds: 2000, result: 'lost', probability: null }])).toBeNull();
    expect(cashOutPrice(1000, [{ odds: 2000, result: null, probability: null }])).toBeNull();
  });

  it('is about the stake less the margins before the start', () => {
    const fixture = fixtureOf(1000);
    const state = stateAt(fixture, fixture.startsAt - MINUTE);
    const q = quote(fixture, state, 'result', 'home')!;
    const price = cashOutPrice(10_000, [{ odds: q.odds, result: null, probability: q.probability }])!;
    expect(price).toBeGreaterThan(8800);
    expect(price).toBeLessThan(9100);
  });
});
