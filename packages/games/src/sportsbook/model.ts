import type { EventStatus, Market, Outcome } from './api.ts';
import { SPORTS, sportByPrefix, type League, type Sport } from './catalogue.ts';

/**
 * The sandbox sportsbook's model, pure and deterministic: fixtures from a slot index, a match
 * simulated from the fixture's seed, markets priced from the score and the time left (so they move
 * while live), the result of every outcome from a final score, and a fair cash-out price.
 * Times are simulated milliseconds (the provider's clock); odds are integer thousandths.
 */

const MINUTE = 60_000;
/** One fixture every few simulated minutes, cycling the sports (and each sport's two leagues). */
export const SLOT_MINUTES = 5;
/** Slot 0 starts here (simulated time). */
export const SCHEDULE_EPOCH = Date.UTC(2026, 0, 1);
/** The bookmaker's margin: the implied probabilities of a market add up to about 1.05. */
export const MARGIN = 0.05;
/** A cash-out pays this share of the ticket's fair value. */
export const CASH_OUT_SHARE = 0.95;
export const MIN_ODDS = 1001;
export const MAX_ODDS = 1_000_000;

// --- deterministic randomness ---------------------------------------------------------------

/** FNV-1a, 32 bits. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of floats in [0, 1). */
export function rngOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
function normal(rng: () => number): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** A team's strength, fixed by its name: 0.8 … 1.25. */
export const strengthOf = (team: string): number => 0.8 + (hashString(`strength:${team}`) % 1000) / 2222;

// --- fixtures -------------------------------------------------------------------------------

export type Fixture = {
  id: string;
  slot: number;
  seed: number;
  sport: Sport;
  league: League;
  home: string;
  away: string;
  /** Simulated start, ms. */
  startsAt: number;
};

export function fixtureOf(slot: number): Fixture {
  const sport = SPORTS[slot % SPORTS.length]!;
  const league = sport.leagues[Math.floor(slot / SPORTS.length) % sport.leagues.length]!;
  const id = `${sport.prefix}-${slot}`;
  const seed = hashString(`sportsbook:${id}`);
  const rng = rngOf(seed);
  const teams = league.teams;
  const h = Math.floor(rng() * teams.length);
  const a = (h + 1 + Math.floor(rng() * (teams.length - 1))) % teams.length;
  return {
    id,
    slot,
    seed,
    sport,
    league,
    home: teams[h]!,
    away: teams[a]!,
    startsAt: SCHEDULE_EPOCH + slot * SLOT_MINUTES * MINUTE,
  };
}

/** The fixture an event id names, or null (unknown prefix, a slot of another sport, nonsense). */
export function fixtureById(id: string): Fixture | null {
  const match = /^([a-z]{2})-(\d{1,9})$/.exec(id);
  if (!match) return null;
  const sport = sportByPrefix(match[1]!);
  const slot = Number(match[2]);
  if (!sport || SPORTS[slot % SPORTS.length] !== sport) return null;
  return fixtureOf(slot);
}

/** The slot of the latest fixture that starts at or before `simMs`. */
export const slotAt = (simMs: number): number => Math.floor((simMs - SCHEDULE_EPOCH) / (SLOT_MINUTES * MINUTE));

/** Fixtures starting in [fromMs, toMs] (simulated). */
export function fixturesBetween(fromMs: number, toMs: number): Fixture[] {
  const out: Fixture[] = [];
  for (let slot = Math.max(0, slotAt(fromMs)); slot <= slotAt(toMs); slot++) {
    const fixture = fixtureOf(slot);
    if (fixture.startsAt >= fromMs && fixture.startsAt <= toMs) out.push(fixture);
  }
  return out;
}

/** The longest a match of any sport lasts, in simulated minutes (a window looks back this far). */
export const MAX_DURATION_MINUTES = Math.max(
  ...SPORTS.map((s) => s.periods * s.periodMinutes + (s.periods - 1) * s.breakMinutes),
);

// --- simulation -----------------------------------------------------------------------------

/** A score change: at the end of this minute of play (1-based), the side(s) scored this much. */
export type ScoreEntry = { minute: number; home: number; away: number };

export type Simulation = {
  timeline: ScoreEntry[];
  final: { home: number; away: number };
  /** Periods (sets, maps) played. */
  periods: number;
  /** Minutes of play and the whole duration with breaks, simulated. */
  playMinutes: number;
  durationMinutes: number;
};

/** Expected scores (goals/points) or the set win probability of the home side (sets). */
export function rates(fixture: Fixture): { home: number; away: number; setP: number } {
  const sh = strengthOf(fixture.home);
  const sa = strengthOf(fixture.away);
  const { sport } = fixture;
  if (sport.model === 'goals') return { home: (sport.homeRate * sh) / sa, away: (sport.awayRate * sa) / sh, setP: 0 };
  if (sport.model === 'points')
    return { home: sport.homeRate * (sh / sa) ** 0.25, away: sport.awayRate * (sa / sh) ** 0.25, setP: 0 };
  return { home: 0, away: 0, setP: (sh * sh) / (sh * sh + sa * sa) };
}

const simulations = new Map<string, Simulation>();

export function simulate(fixture: Fixture): Simulation {
  const cached = simulations.get(fixture.id);
  if (cached) return cached;
  const { sport } = fixture;
  const rng = rngOf(fixture.seed ^ 0x5bd1e995);
  const r = rates(fixture);
  const timeline: ScoreEntry[] = [];
  let periods = sport.periods;
  const totalPlay = sport.periods * sport.periodMinutes;
  if (sport.model === 'goals') {
    for (let m = 1; m <= totalPlay; m++) {
      const home = rng() < r.home / totalPlay ? 1 : 0;
      const away = rng() < r.away / totalPlay ? 1 : 0;
      if (home || away) timeline.push({ minute: m, home, away });
    }
  } else if (sport.model === 'points') {
    const perMinute = sport.sd / Math.sqrt(totalPlay);
    for (let m = 1; m <= totalPlay; m++) {
      const home = Math.max(0, Math.round(r.home / totalPlay + perMinute * normal(rng)));
      const away = Math.max(0, Math.round(r.away / totalPlay + perMinute * normal(rng)));
      if (home || away) timeline.push({ minute: m, home, away });
    }
    const sum = timeline.reduce((s, e) => ({ home: s.home + e.home, away: s.away + e.away }), { home: 0, away: 0 });
    // Decided: a level game gets its winning free throw in the last minute.
    if (sum.home === sum.away) timeline.push({ minute: totalPlay, home: rng() < 0.5 ? 1 : 0, away: 0 });
    if (sum.home === sum.away && timeline.at(-1)!.home === 0) timeline.at(-1)!.away = 1;
  } else {
    let home = 0;
    let away = 0;
    let set = 0;
    while (home < 2 && away < 2) {
      set++;
      const homeWins = rng() < r.setP;
      timeline.push({ minute: set * sport.periodMinutes, home: homeWins ? 1 : 0, away: homeWins ? 0 : 1 });
      if (homeWins) home++;
      else away++;
    }
    periods = set;
  }
  const final = timeline.reduce((s, e) => ({ home: s.home + e.home, away: s.away + e.away }), { home: 0, away: 0 });
  const playMinutes = periods * sport.periodMinutes;
  const simulation: Simulation = {
    timeline,
    final,
    periods,
    playMinutes,
    durationMinutes: playMinutes + (periods - 1) * sport.breakMinutes,
  };
  if (simulations.size > 5000) simulations.clear();
  simulations.set(fixture.id, simulation);
  return simulation;
}

/** When the match ends (simulated ms). */
export const endOf = (fixture: Fixture): number => fixture.startsAt + simulate(fixture).durationMinutes * MINUTE;

// --- the match at a moment ------------------------------------------------------------------

export type MatchState = {
  phase: 'scheduled' | 'live' | 'ended';
  /** Minutes of play done (whole minutes), 0 before the start. */
  playMinute: number;
  /** 1-based period (set, map, quarter) now; 0 before the start. */
  period: number;
  inBreak: boolean;
  score: { home: number; away: number };
  clock: string | null;
  /** Every market is suspended (a score just now, or the match is over). */
  suspended: boolean;
};

function clockLabel(sport: Sport, phase: MatchState['phase'], period: number, inBreak: boolean, minute: number) {
  if (phase === 'ended') return 'FT';
  if (phase === 'scheduled') return null;
  switch (sport.id) {
    case 'football':
      return inBreak ? 'HT' : `${Math.max(1, minute)}'`;
    case 'ice-hockey':
      return inBreak ? `End P${period}` : `P${period} ${Math.max(1, minute - (period - 1) * sport.periodMinutes)}'`;
    case 'basketball':
      return inBreak ? (period === 2 ? 'HT' : `End Q${period}`) : `Q${period}`;
    case 'tennis':
      return `Set ${inBreak ? period + 1 : period}`;
    case 'esports':
      return `Map ${inBreak ? period + 1 : period}`;
  }
}

/**
 * The match at simulated time `simMs`, in whole simulated minutes (prices stay put within a minute,
 * so a price the player saw is still the price a moment later).
 */
export function stateAt(fixture: Fixture, simMs: number): MatchState {
  const { sport } = fixture;
  const sim = simulate(fixture);
  const elapsed = Math.floor((simMs - fixture.startsAt) / MINUTE);
  if (elapsed < 0)
    return {
      phase: 'scheduled',
      playMinute: 0,
      period: 0,
      inBreak: false,
      score: { home: 0, away: 0 },
      clock: null,
      suspended: false,
    };
  if (simMs >= endOf(fixture))
    return {
      phase: 'ended',
      playMinute: sim.playMinutes,
      period: sim.periods,
      inBreak: false,
      score: sim.final,
      clock: 'FT',
      suspended: true,
    };
  const cycle = sport.periodMinutes + sport.breakMinutes;
  const index = Math.min(Math.floor(elapsed / cycle), sim.periods - 1);
  const into = elapsed - index * cycle;
  const inBreak = into >= sport.periodMinutes;
  const playMinute = index * sport.periodMinutes + Math.min(into, sport.periodMinutes);
  const score = { home: 0, away: 0 };
  let lastScore = -Infinity;
  for (const entry of sim.timeline) {
    if (entry.minute > playMinute) break;
    score.home += entry.home;
    score.away += entry.away;
    lastScore = entry.minute;
  }
  // Suspended for a while after a score (counted in elapsed minutes: a set's break counts too).
  const sinceScore = inBreak && lastScore === playMinute ? into - sport.periodMinutes : playMinute - lastScore;
  return {
    phase: 'live',
    playMinute,
    period: index + 1,
    inBreak,
    score,
    clock: clockLabel(sport, 'live', index + 1, inBreak, playMinute),
    suspended: sport.suspendMinutes > 0 && sinceScore < sport.suspendMinutes,
  };
}

// --- probabilities --------------------------------------------------------------------------

function poissonPmf(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/** The standard normal CDF (Abramowitz–Stegun 7.1.26 via erf). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The joint distribution of the final score from the state: [home, away, probability][]. */
function finalScores(fixture: Fixture, state: MatchState): [number, number, number][] {
  const { sport } = fixture;
  const { score } = state;
  if (state.phase === 'ended') return [[score.home, score.away, 1]];
  const r = rates(fixture);
  if (sport.model === 'goals') {
    const left = 1 - state.playMinute / (sport.periods * sport.periodMinutes);
    const max = 20;
    const ph = poissonPmf(r.home * left, max);
    const pa = poissonPmf(r.away * left, max);
    const out: [number, number, number][] = [];
    for (let i = 0; i <= max; i++)
      for (let j = 0; j <= max; j++) out.push([score.home + i, score.away + j, ph[i]! * pa[j]!]);
    return out;
  }
  // sets: the remaining sets, each won by home with the set probability
  const p = r.setP;
  const out: [number, number, number][] = [];
  const walk = (h: number, a: number, prob: number) => {
    if (h === 2 || a === 2) out.push([h, a, prob]);
    else {
      walk(h + 1, a, prob * p);
      walk(h, a + 1, prob * (1 - p));
    }
  };
  walk(score.home, score.away, 1);
  return out;
}

/** What an outcome of a market does given a final score: won, lost, or void (a push). */
export type OutcomeResult = 'won' | 'lost' | 'void';

type MarketSpec = {
  id: string;
  name: string;
  outcomes: { id: string; name: string }[];
  /** The result of each outcome for a final score. */
  result: (home: number, away: number, outcomeId: string) => OutcomeResult;
};

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The lines of a points game: a total and a handicap around the expected scores. */
function pointLines(fixture: Fixture) {
  const r = rates(fixture);
  const total = Math.round(r.home + r.away) + 0.5;
  const gap = Math.round(Math.abs(r.home - r.away));
  return { total, handicap: gap + 0.5, favourite: r.home >= r.away ? ('home' as const) : ('away' as const) };
}

/** The markets an event offers (the same list whatever the time). */
export function marketSpecs(fixture: Fixture): MarketSpec[] {
  const { sport, home, away } = fixture;
  const specs: MarketSpec[] = [];
  specs.push({
    id: 'result',
    name: sport.draws ? 'Match result' : 'Winner',
    outcomes: sport.draws
      ? [
          { id: 'home', name: home },
          { id: 'draw', name: 'Draw' },
          { id: 'away', name: away },
        ]
      : [
          { id: 'home', name: home },
          { id: 'away', name: away },
        ],
    result: (h, a, o) => {
      const winner = h > a ? 'home' : h < a ? 'away' : 'draw';
      if (winner === 'draw' && !sport.draws) return 'void';
      return o === winner ? 'won' : 'lost';
    },
  });
  const unit =
    sport.model === 'sets' ? (sport.id === 'tennis' ? 'sets' : 'maps') : sport.model === 'goals' ? 'goals' : 'points';
  const totalLine = sport.model === 'points' ? pointLines(fixture).total : sport.totalLine;
  specs.push({
    id: `total-${fmt(totalLine)}`,
    name: `Total ${unit} ${fmt(totalLine)}`,
    outcomes: [
      { id: 'over', name: `Over ${fmt(totalLine)}` },
      { id: 'under', name: `Under ${fmt(totalLine)}` },
    ],
    result: (h, a, o) => (h + a === totalLine ? 'void' : h + a > totalLine === (o === 'over') ? 'won' : 'lost'),
  });
  const r = rates(fixture);
  const favourite =
    sport.model === 'points'
      ? pointLines(fixture).favourite
      : sport.model === 'sets'
        ? r.setP >= 0.5
          ? 'home'
          : 'away'
        : r.home >= r.away
          ? 'home'
          : 'away';
  const line = sport.model === 'points' ? pointLines(fixture).handicap : sport.model === 'sets' ? 1.5 : 1;
  const favName = favourite === 'home' ? home : away;
  specs.push({
    id: `handicap-${favourite}-${fmt(line)}`,
    name: `Handicap ${favName} −${fmt(line)}`,
    outcomes: [
      { id: 'home', name: favourite === 'home' ? `${home} −${fmt(line)}` : `${home} +${fmt(line)}` },
      { id: 'away', name: favourite === 'away' ? `${away} −${fmt(line)}` : `${away} +${fmt(line)}` },
    ],
    result: (h, a, o) => {
      const margin = (favourite === 'home' ? h - a : a - h) - line;
      if (margin === 0) return 'void';
      const favWins = margin > 0;
      return (o === favourite) === favWins ? 'won' : 'lost';
    },
  });
  if (sport.model === 'goals')
    specs.push({
      id: 'btts',
      name: 'Both teams to score',
      outcomes: [
        { id: 'yes', name: 'Yes' },
        { id: 'no', name: 'No' },
      ],
      result: (h, a, o) => ((h > 0 && a > 0) === (o === 'yes') ? 'won' : 'lost'),
    });
  return specs;
}

/**
 * The fair probability of each outcome of each market now (a push's share taken out: the stake comes
 * back then, so an outcome's fair odds are 1 / P(won | not void)).
 */
export function probabilities(fixture: Fixture, state: MatchState): Map<string, Map<string, number>> {
  const specs = marketSpecs(fixture);
  const out = new Map<string, Map<string, number>>();
  if (fixture.sport.model === 'points') {
    const r = rates(fixture);
    const totalPlay = fixture.sport.periods * fixture.sport.periodMinutes;
    const left = state.phase === 'ended' ? 0 : 1 - state.playMinute / totalPlay;
    const sd = fixture.sport.sd * Math.SQRT2 * Math.sqrt(left);
    const d = state.score.home - state.score.away + (r.home - r.away) * left;
    const t = state.score.home + state.score.away + (r.home + r.away) * left;
    const above = (mean: number, threshold: number) =>
      sd === 0 ? (mean > threshold ? 1 : 0) : 1 - phi((threshold - mean) / sd);
    const lines = pointLines(fixture);
    for (const spec of specs) {
      const m = new Map<string, number>();
      if (spec.id === 'result') {
        m.set('home', above(d, 0));
        m.set('away', 1 - above(d, 0));
      } else if (spec.id.startsWith('total-')) {
        m.set('over', above(t, lines.total));
        m.set('under', 1 - above(t, lines.total));
      } else {
        const favWins = above(lines.favourite === 'home' ? d : -d, lines.handicap);
        m.set(lines.favourite, favWins);
        m.set(lines.favourite === 'home' ? 'away' : 'home', 1 - favWins);
      }
      out.set(spec.id, m);
    }
    return out;
  }
  const dist = finalScores(fixture, state);
  for (const spec of specs) {
    const won = new Map<string, number>(spec.outcomes.map((o) => [o.id, 0]));
    const voided = new Map<string, number>(spec.outcomes.map((o) => [o.id, 0]));
    for (const [h, a, p] of dist)
      for (const o of spec.outcomes) {
        const result = spec.result(h, a, o.id);
        if (result === 'won') won.set(o.id, won.get(o.id)! + p);
        else if (result === 'void') voided.set(o.id, voided.get(o.id)! + p);
      }
    const m = new Map<string, number>();
    for (const o of spec.outcomes) {
      const notVoid = 1 - voided.get(o.id)!;
      m.set(o.id, notVoid <= 1e-12 ? 0 : Math.min(1, won.get(o.id)! / notVoid));
    }
    out.set(spec.id, m);
  }
  return out;
}

/** Odds with the margin, integer thousandths, rounded down and kept within the contract's bounds. */
export function oddsOf(probability: number): number {
  if (probability <= 0) return MAX_ODDS;
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, Math.floor(1000 / (probability * (1 + MARGIN)))));
}

/** An outcome as good as decided is not offered (nobody should take 1.001, nor sell 1000.0). */
const decided = (p: number) => p < 0.01 || p > 0.99;

/** The markets of an event now, priced. An ended event answers no prices (every outcome suspended). */
export function marketsAt(fixture: Fixture, state: MatchState, closed = false): Market[] {
  const probs = probabilities(fixture, state);
  return marketSpecs(fixture).map((spec) => ({
    id: spec.id,
    name: spec.name,
    outcomes: spec.outcomes.map((o): Outcome => {
      const p = probs.get(spec.id)!.get(o.id)!;
      return {
        id: o.id,
        name: o.name,
        odds: oddsOf(p),
        suspended: closed || state.phase === 'ended' || state.suspended || decided(p),
      };
    }),
  }));
}

/** One outcome now: its market and outcome names, odds, fair probability, suspended. Null: no such market/outcome. */
export function quote(fixture: Fixture, state: MatchState, marketId: string, outcomeId: string) {
  const spec = marketSpecs(fixture).find((s) => s.id === marketId);
  const outcome = spec?.outcomes.find((o) => o.id === outcomeId);
  if (!spec || !outcome) return null;
  const p = probabilities(fixture, state).get(spec.id)!.get(outcome.id)!;
  return {
    market: spec.name,
    outcome: outcome.name,
    odds: oddsOf(p),
    probability: p,
    suspended: state.phase === 'ended' || state.suspended || decided(p),
  };
}

/** The result of an outcome given the final score (an unknown market or outcome: void). */
export function outcomeResult(
  fixture: Fixture,
  final: { home: number; away: number },
  marketId: string,
  outcomeId: string,
): OutcomeResult {
  const spec = marketSpecs(fixture).find((s) => s.id === marketId);
  if (!spec || !spec.outcomes.some((o) => o.id === outcomeId)) return 'void';
  return spec.result(final.home, final.away, outcomeId);
}

/** Whether a final score is one this sport can end with (decided sports have a winner; sets: best of three). */
export function validFinal(sport: Sport, final: { home: number; away: number }): boolean {
  const { home, away } = final;
  if (!Number.isInteger(home) || !Number.isInteger(away) || home < 0 || away < 0 || home > 999 || away > 999)
    return false;
  if (sport.model === 'sets') return Math.max(home, away) === 2 && Math.min(home, away) <= 1;
  return sport.draws || home !== away;
}

/** The event's status at simulated time `simMs`, unless it is already final (settled, void). */
export function statusAt(fixture: Fixture, simMs: number): Exclude<EventStatus, 'settled' | 'void'> {
  if (simMs < fixture.startsAt) return 'scheduled';
  return simMs >= endOf(fixture) ? 'ended' : 'live';
}

// --- cash-out -------------------------------------------------------------------------------

export type CashOutSelection = {
  odds: number;
  result: OutcomeResult | null;
  /** The fair probability now of an unsettled selection; null when it is suspended (no price). */
  probability: number | null;
};

/**
 * The fair cash-out price of an open ticket: stake × the odds of its non-void selections × the
 * probability now of each unsettled one × 0.95, rounded down. Null when a selection lost or has no price.
 */
export function cashOutPrice(stake: number, selections: readonly CashOutSelection[]): number | null {
  let value = stake;
  for (const s of selections) {
    if (s.result === 'lost') return null;
    if (s.result === 'void') continue;
    value *= s.odds / 1000;
    if (s.result === null) {
      if (s.probability === null) return null;
      value *= s.probability;
    }
  }
  const price = Math.floor(value * CASH_OUT_SHARE);
  return price > 0 ? price : null;
}
