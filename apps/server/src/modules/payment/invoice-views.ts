// What is read of invoices: a player's history, one invoice and totals; the operator's queues.
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import {
  formatMinor,
  InvoiceType,
  pageMeta,
  toMajor,
  type Invoice,
  type InvoiceState,
  type PageMeta,
} from '@casino/contracts';
import type { z } from 'zod';
import type { invoicesQuerySchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { playerContacts } from '../player/index.ts';
import { subunitOf } from '../settings/index.ts';
import { paymentInvoices, type InvoiceRow } from './tables.ts';
import { STATUS_OF_STATE, PENDING_STATES, wireInvoice, transferReference, identityVerified } from './invoices.ts';

export async function invoiceOf(ctx: AppContext, playerId: string, invoiceId: string): Promise<Invoice> {
  if (!isUuid(invoiceId)) throw notFound('Invoice not found');
  const [row] = await ctx.db
    .select()
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.id, invoiceId), eq(paymentInvoices.playerId, playerId)));
  if (!row) throw notFound('Invoice not found');
  return wireInvoice(row);
}

function dayBound(value: string, end: boolean): Date {
  // A bare date means the whole day (UTC): dateTo=2026-11-24 includes that day.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(Date.parse(`${value}T00:00:00Z`) + (end ? 86_400_000 : 0));
  return new Date(value);
}

export async function listInvoices(
  ctx: AppContext,
  playerId: string,
  query: z.infer<typeof invoicesQuerySchema>,
): Promise<{ data: Invoice[]; meta: PageMeta }> {
  const conditions: (SQL | undefined)[] = [eq(paymentInvoices.playerId, playerId)];
  if (query.type) conditions.push(eq(paymentInvoices.type, query.type as 1 | 2));
  if (query.currency) conditions.push(eq(paymentInvoices.currency, query.currency));
  if (query.status) {
    const states = (Object.keys(STATUS_OF_STATE) as InvoiceState[]).filter((s) => STATUS_OF_STATE[s] === query.status);
    conditions.push(inArray(paymentInvoices.state, states));
  }
  if (query.dateFrom) conditions.push(gte(paymentInvoices.createdAt, dayBound(query.dateFrom, false)));
  if (query.dateTo) conditions.push(lt(paymentInvoices.createdAt, dayBound(query.dateTo, true)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(paymentInvoices)
      .where(where)
      .orderBy(desc(paymentInvoices.createdAt), desc(paymentInvoices.number))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    ctx.db.select({ n: count() }).from(paymentInvoices).where(where),
  ]);
  return { data: rows.map(wireInvoice), meta: pageMeta(query.page, query.perPage, total?.n ?? 0) };
}

/** Per currency: paid deposits and withdrawals, their counts, sums and the latest. */
export async function invoiceStatistics(ctx: AppContext, playerId: string) {
  const rows = await ctx.db
    .select()
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.playerId, playerId), eq(paymentInvoices.state, 'succeeded')))
    .orderBy(paymentInvoices.createdAt);
  const byCurrency = new Map<string, InvoiceRow[]>();
  for (const row of rows) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
  return [...byCurrency].map(([currency, list]) => {
    const scale = subunitOf(currency);
    const of = (type: number) => list.filter((r) => r.type === type);
    const sum = (items: InvoiceRow[]) =>
      toMajor(
        items.reduce((s, r) => s + r.amountMinor, 0n),
        scale,
      );
    const deposits = of(InvoiceType.deposit);
    const withdrawals = of(InvoiceType.withdrawal);
    const last = (items: InvoiceRow[]) => items.at(-1);
    return {
      currency,
      depositsCount: deposits.length,
      depositsSum: sum(deposits),
      lastDepositAmount: last(deposits) ? toMajor(last(deposits)!.amountMinor, scale) : null,
      lastDepositAt: last(deposits)?.createdAt.toISOString() ?? null,
      withdrawalsCount: withdrawals.length,
      withdrawalsSum: sum(withdrawals),
      lastWithdrawalAmount: last(withdrawals) ? toMajor(last(withdrawals)!.amountMinor, scale) : null,
      lastWithdrawalAt: last(withdrawals)?.createdAt.toISOString() ?? null,
    };
  });
}

/** An invoice as the operator lists it: who the player is, whether they are verified, the transfer reference. */
export type OperatorInvoice = Invoice & { player: string; verified: boolean; reference: string };

async function forOperator(db: DbOrTx, rows: InvoiceRow[]): Promise<OperatorInvoice[]> {
  const contacts = await playerContacts(
    db,
    rows.map((r) => r.playerId),
  );
  const verified = new Map<string, boolean>();
  for (const id of new Set(rows.map((r) => r.playerId))) verified.set(id, await identityVerified(db, id));
  return rows.map((row) => ({
    ...wireInvoice(row),
    player: contacts.get(row.playerId) ?? row.playerId,
    verified: verified.get(row.playerId) ?? false,
    reference: transferReference(row.number),
  }));
}

/** The two operator queues: withdrawals waiting for a decision, bank transfers waiting to arrive. */
const QUEUES = {
  withdrawals: and(eq(paymentInvoices.type, InvoiceType.withdrawal), inArray(paymentInvoices.state, PENDING_STATES)),
  bankTransfers: and(
    eq(paymentInvoices.type, InvoiceType.deposit),
    eq(paymentInvoices.method, 'bank_transfer'),
    eq(paymentInvoices.state, 'awaiting_payment'),
  ),
};

async function queue(db: DbOrTx, which: keyof typeof QUEUES): Promise<OperatorInvoice[]> {
  const rows = await db
    .select()
    .from(paymentInvoices)
    .where(QUEUES[which])
    .orderBy(paymentInvoices.createdAt)
    .limit(500);
  return forOperator(db, rows);
}

/** Operator: the withdrawals waiting for a decision (or all pending), oldest first. */
export const pendingWithdrawals = (db: DbOrTx) => queue(db, 'withdrawals');

/** Operator: bank transfers the players said they would make, still waiting to arrive, oldest first. */
export const waitingBankDeposits = (ctx: AppContext) => queue(ctx.db, 'bankTransfers');

/** How long a queue is (the dashboard): one count, none of the per-player reads the lists make. */
export async function queueLength(db: DbOrTx, which: keyof typeof QUEUES): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentInvoices).where(QUEUES[which]);
  return Number(row?.n ?? 0);
}

/** A withdrawal's amount (major units) and currency, for the four-eyes rule; null: no such withdrawal. */
export async function withdrawalAmount(db: DbOrTx, invoiceId: string) {
  if (!isUuid(invoiceId)) return null;
  const [row] = await db
    .select({ amountMinor: paymentInvoices.amountMinor, currency: paymentInvoices.currency })
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.id, invoiceId), eq(paymentInvoices.type, InvoiceType.withdrawal)));
  if (!row) return null;
  return { amount: formatMinor(row.amountMinor, subunitOf(row.currency)), currency: row.currency };
}
