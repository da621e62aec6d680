import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { combinedOdds, payoutOf } from '@casino/contracts';
import { endOf, outcomeResult, simulate, validFinal, type OutcomeResult } from '@casino/games/sportsbook';
import type { Db } from '../../db/client.ts';
import { ensureEvent, resultOf } from './events.ts';
import {
  sandboxSportEvents as events,
  sandboxSportSelections as selections,
  sandboxSportTickets as tickets,
} from './tables.ts';

/**
 * Settling events and the tickets on them, with the database alone (the operator CLI runs it without
 * a server; the wallet calls it makes owed are delivered by tickets.ts). Every step is a conditional
 * update, so two nodes, or the sweeper and the operator, can race on the same event: the event is
 * made final once, each selection gets its result once, and each ticket is settled once (its row
 * locked and still open), with its settlement transaction id written before any wallet call.
 */

export type SettleOutcome =
  | { kind: 'settled'; event: string; final: { home: number; away: number } | null; tickets: string[] }
  | { kind: 'already'; event: string; status: string; tickets: string[] }
  | { kind: 'unknown' }
  | { kind: 'not_ended'; endsAt: Date }
  | { kind: 'invalid'; message: string };

/**
 * Makes an event final: settled with a final score (the operator's, or the simulation's when none is
 * given), or void (any time). A result for an event that has not ended in simulated time is refused:
 * it would settle bets on a match still being played.
 */
export async function settleEvent(
  db: Db,
  eventId: string,
  how: { void: true } | { final?: { home: number; away: number } },
  simMs: number,
): Promise<SettleOutcome> {
  const found = await ensureEvent(db, eventId);
  if (!found) return { kind: 'unknown' };
  const { fixture } = found;
  const voiding = 'void' in how;
  let final: { home: number; away: number } | null = null;
  if (!voiding) {
    const end = endOf(fixture);
    if (simMs < end) return { kind: 'not_ended', endsAt: new Date(end) };
    final = how.final ?? null;
    if (final && !validFinal(fixture.sport, final))
      return { kind: 'invalid', message: `${final.home}-${final.away} is no final score of ${fixture.sport.name}` };
    final ??= simulate(fixture).final;
  }
  const [changed] = await db
    .update(events)
    .set({ status: voiding ? 'void' : 'settled', result: final, settledAt: new Date() })
    .where(and(eq(events.id, eventId), notInArray(events.status, ['settled', 'void'])))
    .returning();
  // Whoever made it final, the selections still open on it get their results now (idempotent).
  const touched = await resolveSelections(db, eventId);
  const settledTickets = await settleReadyTickets(db, touched);
  if (!changed) {
    const [row] = await db.select().from(events).where(eq(events.id, eventId));
    return { kind: 'already', event: eventId, status: row!.status, tickets: settledTickets };
  }
  return { kind: 'settled', event: eventId, final, tickets: settledTickets };
}

/** Gives every unresolved selection of a final event its result; answers the tickets concerned. */
export async function resolveSelections(db: Db, eventId: string): Promise<string[]> {
  const found = await ensureEvent(db, eventId);
  if (!found || !['settled', 'void'].includes(found.row.status)) return [];
  const { fixture, row } = found;
  const final = resultOf(row);
  const open = await db
    .select()
    .from(selections)
    .where(and(eq(selections.eventId, eventId), isNull(selections.result)));
  for (const s of open) {
    const result: OutcomeResult =
      row.status === 'void' || !final ? 'void' : outcomeResult(fixture, final, s.market, s.outcome);
    await db
      .update(selections)
      .set({ result })
      .where(and(eq(selections.ticketId, s.ticketId), eq(selections.position, s.position), isNull(selections.result)));
  }
  const all = await db
    .selectDistinct({ ticketId: selections.ticketId })
    .from(selections)
    .innerJoin(tickets, eq(tickets.id, selections.ticketId))
    .where(and(eq(selections.eventId, eventId), eq(tickets.status, 'open')));
  return all.map((t) => t.ticketId);
}

/**
 * Settles the open tickets whose selections all have results: won (stake × the odds of the non-void
 * selections), lost (a win of 0), or void (all void: the bet is rolled back). Answers those it settled.
 */
export async function settleReadyTickets(db: Db, ticketIds: readonly string[]): Promise<string[]> {
  const done: string[] = [];
  for (const id of ticketIds) {
    const settled = await db.transaction(async (tx) => {
      const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
      if (!ticket || ticket.status !== 'open') return false;
      const legs = await tx.select().from(selections).where(eq(selections.ticketId, id));
      if (legs.length === 0 || legs.some((l) => l.result === null)) return false;
      const live = legs.filter((l) => l.result !== 'void');
      const status = legs.some((l) => l.result === 'lost') ? 'lost' : live.length === 0 ? 'void' : 'won';
      const payout =
        status === 'lost'
          ? 0
          : status === 'void'
            ? ticket.stake
            : payoutOf(ticket.stake, combinedOdds(live.map((l) => l.odds)));
      const [row] = await tx
        .update(tickets)
        .set({ status, payout, settleTxId: randomUUID(), walletPending: true, settledAt: new Date() })
        .where(and(eq(tickets.id, id), eq(tickets.status, 'open')))
        .returning({ id: tickets.id });
      return Boolean(row);
    });
    if (settled) done.push(id);
  }
  return done;
}

/** Open tickets whose events are all final but which are not settled (a node stopped halfway). */
export async function strandedTickets(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.status, 'open'),
        sql`not exists (select 1 from ${selections} s where s.ticket_id = ${tickets.id} and s.result is null)`,
      ),
    )
    .limit(limit);
  const unresolved = await db
    .selectDistinct({ eventId: selections.eventId })
    .from(selections)
    .innerJoin(events, eq(events.id, selections.eventId))
    .where(and(isNull(selections.result), inArray(events.status, ['settled', 'void'])))
    .limit(limit);
  const more: string[] = [];
  for (const { eventId } of unresolved) more.push(...(await resolveSelections(db, eventId)));
  return [...new Set([...rows.map((r) => r.id), ...more])];
}
