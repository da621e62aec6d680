import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  combinedOdds,
  EventStage,
  payoutOf,
  SPORTSBOOK_GAME_IDENTITY,
  TicketType,
  type WalletTicket,
} from '@casino/contracts';
import {
  cashOutPrice,
  fixtureById,
  quote,
  stateAt,
  type PlaceTicketInput,
  type SelectionInput,
  type Ticket,
} from '@casino/games/sportsbook';
import type { AppContext } from '../../context.ts';
import { walletCall, walletCallWithRetry, type WalletResult } from '../games/wallet-client.ts';
import {
  eventClosed,
  guest,
  invalid,
  notOpen,
  priceChanged,
  ProviderError,
  ticketNotFound,
  walletRefused,
  walletUnavailable,
} from './errors.ts';
import { ensureEvent, isFinal, readClock, resultOf, simTimeOf, statusOf, type SportEventRow } from './events.ts';
import { endedUnsettled } from './events.ts';
import { stakeRules } from './stakes.ts';
import { settleEvent, settleReadyTickets, strandedTickets } from './settlement.ts';
import {
  sandboxSportEvents as events,
  sandboxSportSelections as selections,
  sandboxSportSessions as sessions,
  sandboxSportTickets as tickets,
} from './tables.ts';

type SessionRow = typeof sessions.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;
type SelectionRow = typeof selections.$inferSelect;

/** A bet whose answer never came (the process stopped mid-call) is rolled back after this long. */
const STALE_PENDING_MS = 60_000;
const SWEEP_INTERVAL_MS = 3_000;
const SWEEP_BATCH = 50;
/** The sweeper leaves a fresh settlement to the request still delivering it. */
const SWEEP_GRACE_MS = 10_000;
const LIST_LIMIT = 50;

const OPEN = ['pending', 'open'];
const SETTLED = ['won', 'lost', 'void', 'cashed_out'];

/** Sends a settled ticket's win or rollback (its stored transaction id). True when the casino answered. */
export async function deliverTicket(
  ctx: AppContext,
  log: FastifyBaseLogger,
  ticketId: string,
  retry: boolean,
): Promise<boolean> {
  const [found] = await ctx.db
    .select({ ticket: tickets, session: sessions })
    .from(tickets)
    .innerJoin(sessions, eq(sessions.id, tickets.sessionId))
    .where(eq(tickets.id, ticketId));
  if (!found || !found.ticket.walletPending || !found.ticket.settleTxId || !found.session.casinoToken) return false;
  const { ticket, session } = found;
  const base = { token: session.casinoToken!, roundId: ticket.id, gameIdentity: SPORTSBOOK_GAME_IDENTITY };
  const result =
    ticket.status === 'void' || ticket.status === 'refused'
      ? await (retry ? walletCallWithRetry : walletCall)(
          ctx,
          'rollback',
          { ...base, transactionId: ticket.settleTxId!, referenceTransactionId: ticket.betTxId },
          log,
        )
      : await (retry ? walletCallWithRetry : walletCall)(
          ctx,
          'win',
          {
            ...base,
            transactionId: ticket.settleTxId!,
            amount: ticket.payout ?? 0,
            currency: ticket.currency,
            closeRound: true,
            ...(ticket.status === 'cashed_out' ? { cashOut: true } : {}),
          },
          log,
        );
  const balance =
    result.kind === 'ok' ? result.answer.balance : result.kind === 'refused' ? result.error.balance : undefined;
  if (balance !== undefined) await ctx.db.update(sessions).set({ balance }).where(eq(sessions.id, session.id));
  if (result.kind === 'unknown') return false;
  if (result.kind === 'refused')
    log.warn({ ticketId, code: result.error.code }, `casino refused the settlement of a sports ticket`);
  await ctx.db
    .update(tickets)
    .set({
      walletPending: false,
      walletError: result.kind === 'refused' ? `${result.error.code} ${result.error.message}` : null,
    })
    .where(and(eq(tickets.id, ticketId), eq(tickets.settleTxId, ticket.settleTxId!)));
  return true;
}

export async function deliverTickets(ctx: AppContext, log: FastifyBaseLogger, ids: readonly string[], retry: boolean) {
  for (const id of ids) await deliverTicket(ctx, log, id, retry);
}

/**
 * Tickets: placing one (one wallet bet carrying the ticket), listing, cash-out, and delivering every
 * settlement to the casino (a win — 0 for a loss —, a cash-out win, or a rollback), with the
 * transaction id written before the call and reused on every retry, and a sweeper that settles ended
 * events and repeats what the casino has not confirmed.
 */
export function createTickets(ctx: AppContext, log: FastifyBaseLogger) {
  const defaultSpeed = ctx.config.sportsbook?.sandbox ? ctx.config.sportsbook.speed : 1;
  const simNow = async () => simTimeOf(await readClock(ctx.db, defaultSpeed));
  let sweeping: Promise<void> | null = null;
  let closed = false;

  const rememberBalance = async (sessionId: string, result: WalletResult) => {
    const balance =
      result.kind === 'ok' ? result.answer.balance : result.kind === 'refused' ? result.error.balance : undefined;
    if (balance !== undefined) await ctx.db.update(sessions).set({ balance }).where(eq(sessions.id, sessionId));
  };

  const deliver = (ticketId: string, retry: boolean) => deliverTicket(ctx, log, ticketId, retry);
  const deliverAll = (ids: readonly string[], retry: boolean) => deliverTickets(ctx, log, ids, retry);

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

  async function wireMany(rows: TicketRow[]): Promise<Ticket[]> {
    if (rows.length === 0) return [];
    const simMs = await simNow();
    const legs = await ctx.db
      .select()
      .from(selections)
      .where(
        inArray(
          selections.ticketId,
          rows.map((r) => r.id),
        ),
      );
    const eventIds = [...new Set(legs.map((l) => l.eventId))];
    const eventRows = await ctx.db.select().from(events).where(inArray(events.id, eventIds));
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

  const playerOf = (session: SessionRow) => session.playerRef ?? `session:${session.id}`;

  async function list(session: SessionRow, which: 'open' | 'settled'): Promise<Ticket[]> {
    const rows = await ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.playerRef, playerOf(session)), inArray(tickets.status, which === 'open' ? OPEN : SETTLED)))
      .orderBy(desc(tickets.createdAt))
      .limit(LIST_LIMIT);
    return wireMany(rows);
  }

  async function ownTicket(session: SessionRow, id: string): Promise<TicketRow> {
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, id));
    if (!row || row.playerRef !== playerOf(session) || row.status === 'refused') throw ticketNotFound();
    return row;
  }

  async function get(session: SessionRow, id: string): Promise<Ticket> {
    return (await wireMany([await ownTicket(session, id)]))[0]!;
  }

  /** `POST /api/tickets`: checks the selections against the prices now, then one wallet bet carrying the ticket. */
  async function place(session: SessionRow, input: PlaceTicketInput): Promise<Ticket> {
    if (session.mode !== 'real' || !session.casinoToken) throw guest();
    const count = input.selections.length;
    if (input.type === 'single' && count !== 1) throw invalid('A single has one selection', { selections: ['one'] });
    if (input.type === 'accumulator' && (count < 2 || count > 20))
      throw invalid('An accumulator has 2 to 20 selections', { selections: ['2 to 20'] });
    if (new Set(input.selections.map((s) => s.eventId)).size !== count)
      throw invalid('An accumulator takes one selection per event', { selections: ['one per event'] });
    const minStake = stakeRules(session.currency).minStake;
    if (input.stake < minStake) throw invalid(`The stake must be at least ${minStake}`, { stake: [`min ${minStake}`] });

    const simMs = await simNow();
    const now = new Date();
    const current: (SelectionInput & { suspended: boolean })[] = [];
    const items: WalletTicket['items'] = [];
    let changed = false;
    for (const [i, s] of input.selections.entries()) {
      const found = await ensureEvent(ctx.db, s.eventId);
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

    const odds = combinedOdds(items.map((i) => i.odds));
    const ticketId = randomUUID();
    const betTxId = randomUUID();
    await ctx.db.transaction(async (tx) => {
      await tx.insert(tickets).values({
        id: ticketId,
        sessionId: session.id,
        playerRef: playerOf(session),
        currency: session.currency,
        type: count === 1 ? TicketType.single : TicketType.accumulator,
        stake: input.stake,
        odds,
        status: 'pending',
        betTxId,
        createdAt: now,
      });
      await tx.insert(selections).values(
        current.map((c, position) => ({
          ticketId,
          position,
          eventId: c.eventId,
          market: c.marketId,
          outcome: c.outcomeId,
          odds: c.odds,
        })),
      );
    });
    const ticket: WalletTicket = { type: count === 1 ? TicketType.single : TicketType.accumulator, odds, items };
    const bet = await walletCall(
      ctx,
      'bet',
      {
        token: session.casinoToken,
        transactionId: betTxId,
        roundId: ticketId,
        gameIdentity: SPORTSBOOK_GAME_IDENTITY,
        amount: input.stake,
        currency: session.currency,
        ticket,
      },
      log,
    );
    await rememberBalance(session.id, bet);
    if (bet.kind === 'refused') {
      await ctx.db
        .update(tickets)
        .set({ status: 'refused', walletError: `${bet.error.code} ${bet.error.message}` })
        .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'pending')));
      throw walletRefused(bet.status, bet.error);
    }
    if (bet.kind === 'unknown') {
      await rollBackPending(ticketId, true);
      throw walletUnavailable();
    }
    await ctx.db
      .update(tickets)
      .set({ status: 'open' })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'pending')));
    // An event may have been settled while the bet was with the casino: settle the ticket now if so.
    const settledNow = await settleReadyTickets(ctx.db, [ticketId]);
    await deliverAll(settledNow, true);
    return get(session, ticketId);
  }

  /** A bet whose fate is unknown: refused on our side, and rolled back at the casino (a new transaction id). */
  async function rollBackPending(ticketId: string, retry: boolean) {
    const [row] = await ctx.db
      .update(tickets)
      .set({ status: 'refused', settleTxId: randomUUID(), walletPending: true, walletError: 'bet outcome unknown' })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'pending')))
      .returning({ id: tickets.id });
    if (row) await deliver(ticketId, retry);
  }

  /** `POST /api/tickets/:id/cash-out`: at the price the player saw, else 409 with the price now. */
  async function cashOut(session: SessionRow, id: string, price: number): Promise<Ticket> {
    const own = await ownTicket(session, id);
    if (own.status !== 'open') throw notOpen();
    const now = (await wireMany([own]))[0]!;
    if (now.cashOut === null || now.cashOut !== price) throw priceChanged(now.cashOut);
    const done = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
      if (!row || row.status !== 'open') return false;
      const [updated] = await tx
        .update(tickets)
        .set({
          status: 'cashed_out',
          payout: price,
          settleTxId: randomUUID(),
          walletPending: true,
          settledAt: new Date(),
        })
        .where(and(eq(tickets.id, id), eq(tickets.status, 'open')))
        .returning({ id: tickets.id });
      return Boolean(updated);
    });
    if (!done) throw notOpen();
    await deliver(id, true);
    return get(session, id);
  }

  /** Ended events settled by the simulation, stranded tickets, stale bets, unconfirmed settlements. */
  async function settleDue(): Promise<void> {
    const simMs = await simNow();
    for (const fixture of await endedUnsettled(ctx.db, simMs, SWEEP_BATCH)) {
      const outcome = await settleEvent(ctx.db, fixture.id, {}, simMs);
      if (outcome.kind === 'settled' || outcome.kind === 'already') await deliverAll(outcome.tickets, false);
    }
    await deliverAll(await settleReadyTickets(ctx.db, await strandedTickets(ctx.db, SWEEP_BATCH)), false);
    const stale = await ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.status, 'pending'), lt(tickets.createdAt, new Date(Date.now() - STALE_PENDING_MS))))
      .limit(SWEEP_BATCH);
    for (const { id } of stale) await rollBackPending(id, false);
    const owed = await ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.walletPending, true), lte(tickets.settledAt, new Date(Date.now() - SWEEP_GRACE_MS))))
      .orderBy(asc(tickets.settledAt))
      .limit(SWEEP_BATCH);
    const owedRefused = await ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.walletPending, true),
          eq(tickets.status, 'refused'),
          lte(tickets.createdAt, new Date(Date.now() - SWEEP_GRACE_MS)),
        ),
      )
      .limit(SWEEP_BATCH);
    await deliverAll(
      [...owed, ...owedRefused].map((r) => r.id),
      false,
    );
  }

  async function sweep(): Promise<void> {
    if (sweeping || closed) return sweeping ?? undefined;
    sweeping = settleDue()
      .catch((error: unknown) => log.warn({ err: String(error) }, 'sandbox sportsbook sweep failed'))
      .finally(() => {
        sweeping = null;
      });
    await sweeping;
  }

  const interval = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  interval.unref();

  return {
    simNow,
    list,
    get,
    place,
    cashOut,
    deliver,
    deliverAll,
    sweep,
    async close() {
      closed = true;
      clearInterval(interval);
      await sweeping;
    },
  };
}

export type Tickets = ReturnType<typeof createTickets>;
