import { EventStage, type WalletTicket } from '@casino/contracts';
import { quote, stateAt, type PlaceTicketInput, type SelectionInput } from '@casino/games/sportsbook';
import type { Db } from '../../db/client.ts';
import { eventClosed, invalid, ProviderError } from './errors.ts';
import { ensureEvent, isFinal, statusOf } from './events.ts';
import { stakeRules } from './stakes.ts';
import {
  sandboxSportSelections as selections,
  sandboxSportSessions as sessions,
  sandboxSportTickets as tickets,
} from './tables.ts';

type SessionRow = typeof sessions.$inferSelect;
/** A selection at the price now, and whether that price is suspended. */
type CurrentSelection = SelectionInput & { suspended: boolean };

/** The player a session's tickets belong to: the casino's player, else the (demo) session itself. */
export const playerOf = (session: SessionRow) => session.playerRef ?? `session:${session.id}`;

/** The ticket's shape: a single has one selection, an accumulator 2 to 20 on distinct events, a stake at least the minimum. */
export function checkTicketShape(input: PlaceTicketInput, currency: string): void {
  const count = input.selections.length;
  if (input.type === 'single' && count !== 1) throw invalid('A single has one selection', { selections: ['one'] });
  if (input.type === 'accumulator' && (count < 2 || count > 20))
    throw invalid('An accumulator has 2 to 20 selections', { selections: ['2 to 20'] });
  if (new Set(input.selections.map((s) => s.eventId)).size !== count)
    throw invalid('An accumulator takes one selection per event', { selections: ['one per event'] });
  const minStake = stakeRules(currency).minStake;
  if (input.stake < minStake) throw invalid(`The stake must be at least ${minStake}`, { stake: [`min ${minStake}`] });
}

/**
 * The selections at the prices now, and the wallet ticket's items: refused when an event is unknown or
 * closed, and with 409 `odds_changed` when a price moved (unless the player accepts that) or is suspended.
 */
export async function priceSelections(
  db: Db,
  input: PlaceTicketInput,
  simMs: number,
): Promise<{ current: CurrentSelection[]; items: WalletTicket['items'] }> {
  const current: CurrentSelection[] = [];
  const items: WalletTicket['items'] = [];
  let changed = false;
  for (const [i, s] of input.selections.entries()) {
    const found = await ensureEvent(db, s.eventId);
    if (!found) throw invalid(`Unknown event ${s.eventId}`, { [`selections.${i}.eventId`]: ['unknown event'] });
    const { fixture, row } = found;
    const status = statusOf(fixture, row, simMs);
    if (isFinal(row) || status === 'ended') throw eventClosed(s.eventId);
    const state = stateAt(fixture, simMs);
    const q = quote(fixture, state, s.marketId, s.outcomeId);
    if (!q)
      throw invalid(`Unknown market or outcome on ${s.eventId}`, {
        [`selections.${i}`]: ['unknown market or outcome'],
      });
    current.push({ ...s, odds: q.odds, suspended: q.suspended });
    if (q.suspended || q.odds !== s.odds) changed = true;
    items.push({
      eventId: fixture.id,
      event: `${fixture.home} – ${fixture.away}`,
      stage: status === 'live' ? EventStage.live : EventStage.prematch,
      sport: fixture.sport.id,
      discipline: fixture.sport.name,
      tournament: fixture.league.name,
      eventDate: new Date(fixture.startsAt).toISOString(),
      market: q.market,
      outcome: q.outcome,
      odds: q.odds,
    });
  }
  if (changed && (!input.acceptOddsChanges || current.some((c) => c.suspended)))
    throw new ProviderError(409, 'odds_changed', 'The odds have changed: check them and confirm again', {
      selections: current,
    });
  return { current, items };
}

/** The ticket and its legs, written `pending` (with the bet's transaction id) before the wallet bet is sent. */
export async function insertPendingTicket(
  db: Db,
  session: SessionRow,
  ticket: { id: string; type: WalletTicket['type']; stake: number; odds: number; betTxId: string; createdAt: Date },
  current: readonly CurrentSelection[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(tickets).values({
      id: ticket.id,
      sessionId: session.id,
      playerRef: playerOf(session),
      currency: session.currency,
      type: ticket.type,
      stake: ticket.stake,
      odds: ticket.odds,
      status: 'pending',
      betTxId: ticket.betTxId,
      createdAt: ticket.createdAt,
    });
    await tx.insert(selections).values(
      current.map((c, position) => ({
        ticketId: ticket.id,
        position,
        eventId: c.eventId,
        market: c.marketId,
        outcome: c.outcomeId,
        odds: c.odds,
      })),
    );
  });
}
