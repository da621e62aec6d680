import { inArray } from 'drizzle-orm';
import { payoutOf, TicketType } from '@casino/contracts';
import { cashOutPrice, fixtureById, quote, stateAt, type Ticket } from '@casino/games/sportsbook';
import type { Db } from '../../db/client.ts';
import { resultOf, statusOf, type SportEventRow } from './events.ts';
import {
  sandboxSportEvents as events,
  sandboxSportSelections as selections,
  sandboxSportTickets as tickets,
} from './tables.ts';

type TicketRow = typeof tickets.$inferSelect;
type SelectionRow = typeof selections.$inferSelect;

/** A ticket as the client sees it, with its cash-out price now when open. */
async function wire(ticket: TicketRow, legs: SelectionRow[], rows: Map<string, SportEventRow>, simMs: number) {
  const ordered = [...legs].sort((a, b) => a.position - b.position);
  const priced: { odds: number; result: 'won' | 'lost' | 'void' | null; probability: number | null }[] = [];
  const wireLegs: Ticket['selections'] = [];
  for (const leg of ordered) {
    const fixture = fixtureById(leg.eventId)!;
    const row = rows.get(leg.eventId);
    const state = stateAt(fixture, simMs);
    const q = quote(fixture, state, leg.market, leg.outcome);
    const status = statusOf(fixture, row, simMs);
    const open = status === 'scheduled' || status === 'live';
    priced.push({
      odds: leg.odds,
      result: (leg.result as 'won' | 'lost' | 'void' | null) ?? null,
      probability: open && q && !q.suspended ? q.probability : null,
    });
    wireLegs.push({
      eventId: leg.eventId,
      event: `${fixture.home} – ${fixture.away}`,
      home: fixture.home,
      away: fixture.away,
      league: fixture.league.name,
      sport: fixture.sport.id,
      startsAt: new Date(fixture.startsAt).toISOString(),
      marketId: leg.market,
      outcomeId: leg.outcome,
      market: q?.market ?? leg.market,
      outcome: q?.outcome ?? leg.outcome,
      odds: leg.odds,
      result: (leg.result as 'won' | 'lost' | 'void' | null) ?? null,
      score: status === 'scheduled' || status === 'void' ? null : ((row ? resultOf(row) : null) ?? state.score),
    });
  }
  const t: Ticket = {
    id: ticket.id,
    type: ticket.type === TicketType.single ? 'single' : 'accumulator',
    stake: ticket.stake,
    odds: ticket.odds,
    potentialWin: payoutOf(ticket.stake, ticket.odds),
    status: ticket.status as Ticket['status'],
    payout: ticket.payout,
    createdAt: ticket.createdAt.toISOString(),
    settledAt: ticket.settledAt?.toISOString() ?? null,
    cashOut: ticket.status === 'open' ? cashOutPrice(ticket.stake, priced) : null,
    selections: wireLegs,
  };
  return t;
}

/** Tickets as the client sees them: their legs and events read at once, priced at the simulated now. */
export async function wireTickets(db: Db, simNow: () => Promise<number>, rows: TicketRow[]): Promise<Ticket[]> {
  if (rows.length === 0) return [];
  const simMs = await simNow();
  const legs = await db
    .select()
    .from(selections)
    .where(
      inArray(
        selections.ticketId,
        rows.map((r) => r.id),
      ),
    );
  const eventIds = [...new Set(legs.map((l) => l.eventId))];
  const eventRows = await db.select().from(events).where(inArray(events.id, eventIds));
  const byId = new Map(eventRows.map((e) => [e.id, e]));
  return Promise.all(
    rows.map((r) =>
      wire(
        r,
        legs.filter((l) => l.ticketId === r.id),
        byId,
        simMs,
      ),
    ),
  );
}
