import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { combinedOdds, SPORTSBOOK_GAME_IDENTITY, TicketType, type WalletTicket } from '@casino/contracts';
import type { PlaceTicketInput, Ticket } from '@casino/games/sportsbook';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { walletCall, walletCallWithRetry, type WalletResult } from '../games/wallet-client.ts';
import { guest, notOpen, priceChanged, ticketNotFound, walletRefused, walletUnavailable } from './errors.ts';
import { endedUnsettled, readClock, simTimeOf } from './events.ts';
import { checkTicketShape, insertPendingTicket, playerOf, priceSelections } from './placing.ts';
import { settleEvent, settleReadyTickets, strandedTickets } from './settlement.ts';
import { sandboxSportSessions as sessions, sandboxSportTickets as tickets } from './tables.ts';
import { wireTickets } from './ticket-wire.ts';

type SessionRow = typeof sessions.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

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

/** Keeps the balance the casino told with a wallet answer (a refusal may tell it too). */
async function rememberBalance(ctx: AppContext, sessionId: string, result: WalletResult) {
  const balance =
    result.kind === 'ok' ? result.answer.balance : result.kind === 'refused' ? result.error.balance : undefined;
  if (balance !== undefined) await ctx.db.update(sessions).set({ balance }).where(eq(sessions.id, sessionId));
}

/** A bet whose fate is unknown: refused on our side, and rolled back at the casino (a new transaction id). */
async function rollBackPending(ctx: AppContext, log: FastifyBaseLogger, ticketId: string, retry: boolean) {
  const [row] = await ctx.db
    .update(tickets)
    .set({ status: 'refused', settleTxId: randomUUID(), walletPending: true, walletError: 'bet outcome unknown' })
    .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'pending')))
    .returning({ id: tickets.id });
  if (row) await deliverTicket(ctx, log, ticketId, retry);
}

/**
 * `POST /api/tickets`: checks the selections against the prices now, then one wallet bet carrying the
 * ticket. Answers the new ticket's id.
 */
async function placeTicket(
  ctx: AppContext,
  log: FastifyBaseLogger,
  simNow: () => Promise<number>,
  session: SessionRow,
  input: PlaceTicketInput,
): Promise<string> {
  if (session.mode !== 'real' || !session.casinoToken) throw guest();
  checkTicketShape(input, session.currency);
  const count = input.selections.length;

  const simMs = await simNow();
  const now = new Date();
  const { current, items } = await priceSelections(ctx.db, input, simMs);

  const odds = combinedOdds(items.map((i) => i.odds));
  const ticketId = randomUUID();
  const betTxId = randomUUID();
  const type = count === 1 ? TicketType.single : TicketType.accumulator;
  await insertPendingTicket(
    ctx.db,
    session,
    { id: ticketId, type, stake: input.stake, odds, betTxId, createdAt: now },
    current,
  );
  const ticket: WalletTicket = { type, odds, items };
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
  await rememberBalance(ctx, session.id, bet);
  if (bet.kind === 'refused') {
    await ctx.db
      .update(tickets)
      .set({ status: 'refused', walletError: `${bet.error.code} ${bet.error.message}` })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'pending')));
    throw walletRefused(bet.status, bet.error);
  }
  if (bet.kind === 'unknown') {
    await rollBackPending(ctx, log, ticketId, true);
    throw walletUnavailable();
  }
  await ctx.db
    .update(tickets)
    .set({ status: 'open' })
    .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'pending')));
  // An event may have been settled while the bet was with the casino: settle the ticket now if so.
  const settledNow = await settleReadyTickets(ctx.db, [ticketId]);
  await deliverTickets(ctx, log, settledNow, true);
  return ticketId;
}

/** Marks an open ticket cashed out at `price`, with its settlement's transaction id; false when it was no longer open. */
async function claimCashOut(db: Db, id: string, price: number): Promise<boolean> {
  return db.transaction(async (tx) => {
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
}

/** Ended events settled by the simulation, stranded tickets, stale bets, unconfirmed settlements. */
async function settleDue(ctx: AppContext, log: FastifyBaseLogger, simNow: () => Promise<number>): Promise<void> {
  const deliverAll = (ids: readonly string[], retry: boolean) => deliverTickets(ctx, log, ids, retry);
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
  for (const { id } of stale) await rollBackPending(ctx, log, id, false);
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

  const deliver = (ticketId: string, retry: boolean) => deliverTicket(ctx, log, ticketId, retry);
  const deliverAll = (ids: readonly string[], retry: boolean) => deliverTickets(ctx, log, ids, retry);
  const wireMany = (rows: TicketRow[]) => wireTickets(ctx.db, simNow, rows);

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

  /** `POST /api/tickets`: places the ticket (placeTicket), then answers it as the client sees it. */
  async function place(session: SessionRow, input: PlaceTicketInput): Promise<Ticket> {
    return get(session, await placeTicket(ctx, log, simNow, session, input));
  }

  /** `POST /api/tickets/:id/cash-out`: at the price the player saw, else 409 with the price now. */
  async function cashOut(session: SessionRow, id: string, price: number): Promise<Ticket> {
    const own = await ownTicket(session, id);
    if (own.status !== 'open') throw notOpen();
    const now = (await wireMany([own]))[0]!;
    if (now.cashOut === null || now.cashOut !== price) throw priceChanged(now.cashOut);
    if (!(await claimCashOut(ctx.db, id, price))) throw notOpen();
    await deliver(id, true);
    return get(session, id);
  }

  async function sweep(): Promise<void> {
    if (sweeping || closed) return sweeping ?? undefined;
    sweeping = settleDue(ctx, log, simNow)
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
