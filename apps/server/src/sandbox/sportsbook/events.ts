import { and, asc, eq, gte, inArray, lte, notInArray } from 'drizzle-orm';
import {
  endOf,
  fixtureById,
  fixturesBetween,
  marketsAt,
  MAX_DURATION_MINUTES,
  SPORTS,
  stateAt,
  statusAt,
  type EventDetail,
  type EventStatus,
  type EventSummary,
  type Fixture,
  type MatchState,
} from '@casino/games/sportsbook';
import type { Db } from '../../db/client.ts';
import { sandboxSportClock as clocks, sandboxSportEvents as events } from './tables.ts';

/**
 * The provider's simulated clock and its fixtures. Simulated time = anchorSim + (now − anchorReal) ×
 * speed, from the one clock row (every node reads it, so they agree). Fixtures come from the model;
 * a window of them around the simulated now is written lazily, so settlements and tickets have rows
 * to hold their state (settled, void, the operator's result).
 */

const MINUTE = 60_000;
const CLOCK_ID = 1;
/** How far ahead the window reaches (simulated). */
const AHEAD_MS = 6 * 60 * MINUTE;
const BEHIND_MS = (MAX_DURATION_MINUTES + 5) * MINUTE;

export type SportEventRow = typeof events.$inferSelect;
export type Clock = { anchorReal: Date; anchorSim: Date; speed: number };

export const simTimeOf = (clock: Clock, realMs = Date.now()): number =>
  clock.anchorSim.getTime() + (realMs - clock.anchorReal.getTime()) * clock.speed;

/** The clock row, made on first use (speed from the settings). */
export async function readClock(db: Db, defaultSpeed = 1): Promise<Clock> {
  const [row] = await db.select().from(clocks).where(eq(clocks.id, CLOCK_ID));
  if (row) return row;
  const now = new Date();
  await db
    .insert(clocks)
    .values({ id: CLOCK_ID, anchorReal: now, anchorSim: now, speed: defaultSpeed })
    .onConflictDoNothing();
  return (await db.select().from(clocks).where(eq(clocks.id, CLOCK_ID)))[0]!;
}

/** Sets the speed (re-anchored at the simulated now, so time stays continuous), optionally jumping ahead. */
export async function setClock(db: Db, speed: number, advanceMinutes = 0, defaultSpeed = 1): Promise<Clock> {
  const clock = await readClock(db, defaultSpeed);
  const now = Date.now();
  const [row] = await db
    .update(clocks)
    .set({
      anchorReal: new Date(now),
      anchorSim: new Date(simTimeOf(clock, now) + advanceMinutes * MINUTE),
      speed,
    })
    .where(eq(clocks.id, CLOCK_ID))
    .returning();
  return row!;
}

const rowOf = (f: Fixture) => ({
  id: f.id,
  sport: f.sport.id,
  league: f.league.id,
  home: f.home,
  away: f.away,
  startsAt: new Date(f.startsAt),
});

/** Writes the fixtures of the window around `simMs` that have no row yet (once per window on this node). */
const lastWindow = new WeakMap<Db, string>();
export async function ensureWindow(db: Db, simMs: number): Promise<void> {
  const list = fixturesBetween(simMs - BEHIND_MS, simMs + AHEAD_MS);
  const key = `${list[0]?.id}:${list.at(-1)?.id}`;
  if (key === lastWindow.get(db) || list.length === 0) return;
  await db.insert(events).values(list.map(rowOf)).onConflictDoNothing();
  lastWindow.set(db, key);
}

/** The row of an event the model knows, written if missing; null for an id the model does not know. */
export async function ensureEvent(db: Db, id: string): Promise<{ fixture: Fixture; row: SportEventRow } | null> {
  const fixture = fixtureById(id);
  if (!fixture) return null;
  let [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) {
    await db.insert(events).values(rowOf(fixture)).onConflictDoNothing();
    [row] = await db.select().from(events).where(eq(events.id, id));
  }
  return { fixture, row: row! };
}

const FINAL = ['settled', 'void'];
export const isFinal = (row: SportEventRow) => FINAL.includes(row.status);

/** The final score an event was settled with (the operator's, or the simulation's). */
export const resultOf = (row: SportEventRow): { home: number; away: number } | null => {
  const r = row.result as { home?: unknown; away?: unknown } | null;
  return r && typeof r.home === 'number' && typeof r.away === 'number' ? { home: r.home, away: r.away } : null;
};

/** The event's status: its final one, else the clock's. */
export const statusOf = (fixture: Fixture, row: SportEventRow | undefined, simMs: number): EventStatus =>
  row && isFinal(row) ? (row.status as EventStatus) : statusAt(fixture, simMs);

export function summaryOf(
  fixture: Fixture,
  row: SportEventRow | undefined,
  simMs: number,
): { summary: EventSummary; state: MatchState; closed: boolean } {
  const status = statusOf(fixture, row, simMs);
  const state = stateAt(fixture, simMs);
  const closed = status === 'settled' || status === 'void' || status === 'ended';
  const settledScore = row ? resultOf(row) : null;
  const score = status === 'scheduled' || status === 'void' ? null : (settledScore ?? state.score);
  const main = marketsAt(fixture, state, closed)[0] ?? null;
  return {
    state,
    closed,
    summary: {
      id: fixture.id,
      sport: fixture.sport.id,
      sportName: fixture.sport.name,
      league: fixture.league.name,
      leagueId: fixture.league.id,
      home: fixture.home,
      away: fixture.away,
      startsAt: new Date(fixture.startsAt).toISOString(),
      status,
      score,
      clock: status === 'scheduled' ? null : status === 'void' ? null : status === 'live' ? state.clock : 'FT',
      main,
    },
  };
}

export function detailOf(fixture: Fixture, row: SportEventRow | undefined, simMs: number): EventDetail {
  const { summary, state, closed } = summaryOf(fixture, row, simMs);
  return { ...summary, markets: marketsAt(fixture, state, closed) };
}

/** Events of the window that are still open for bets (scheduled or live): live first, then by start. */
export async function openEvents(db: Db, simMs: number): Promise<EventSummary[]> {
  await ensureWindow(db, simMs);
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        gte(events.startsAt, new Date(simMs - BEHIND_MS)),
        lte(events.startsAt, new Date(simMs + AHEAD_MS)),
        notInArray(events.status, FINAL),
      ),
    )
    .orderBy(asc(events.startsAt));
  const out: EventSummary[] = [];
  for (const row of rows) {
    const fixture = fixtureById(row.id);
    if (!fixture) continue;
    const { summary } = summaryOf(fixture, row, simMs);
    if (summary.status === 'scheduled' || summary.status === 'live') out.push(summary);
  }
  return out.sort((a, b) => Number(b.status === 'live') - Number(a.status === 'live'));
}

/** The sports and leagues with their open events (pre-match and live). */
export function sportsOf(list: EventSummary[]) {
  return SPORTS.map((sport) => ({
    id: sport.id,
    name: sport.name,
    leagues: sport.leagues.map((league) => {
      const of = list.filter((e) => e.leagueId === league.id);
      return {
        id: league.id,
        name: league.name,
        country: league.country,
        events: of.length,
        live: of.filter((e) => e.status === 'live').length,
      };
    }),
  }));
}

/** Events not final whose simulated end has passed (the sweeper settles them with the simulation's result). */
export async function endedUnsettled(db: Db, simMs: number, limit: number): Promise<Fixture[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(inArray(events.status, ['scheduled', 'live', 'ended']), lte(events.startsAt, new Date(simMs))))
    .orderBy(asc(events.startsAt))
    .limit(limit * 4);
  const out: Fixture[] = [];
  for (const { id } of rows) {
    const fixture = fixtureById(id);
    if (fixture && endOf(fixture) <= simMs) out.push(fixture);
    if (out.length >= limit) break;
  }
  return out;
}
