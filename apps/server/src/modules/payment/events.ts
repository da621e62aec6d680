// What payments tell others: the push of each invoice change, built from the event's facts, and how a
// row written in the first shape (the wire invoice) is read now.
import { eq } from 'drizzle-orm';
import {
  Channel,
  InvoiceStatus,
  InvoiceType,
  PushEvent,
  type EventMap,
  type Invoice,
  type InvoiceState,
} from '@casino/contracts';
import type { Tx } from '../../db/client.ts';
import type { OutboxConsumers } from '../../outbox/index.ts';
import { PENDING_STATES, wireInvoice } from './invoices.ts';
import { paymentInvoices, type InvoiceRow } from './tables.ts';

type Facts = EventMap['payment.withdrawal.updated'];

/** The player's push of an invoice change: the wire invoice as the facts describe it. */
function invoicePush(facts: Facts, type: Invoice['invoiceType']) {
  const invoice = wireInvoice({
    id: facts.invoiceId,
    number: facts.number,
    playerId: facts.playerId,
    type: type as InvoiceRow['type'],
    state: facts.state,
    method: facts.method,
    currency: facts.currency,
    statusResult: facts.statusResult,
    publicData: facts.publicData,
    amountMinor: BigInt(facts.amountMinor),
    createdAt: new Date(facts.createdAt),
    updatedAt: facts.updatedAt ? new Date(facts.updatedAt) : null,
  });
  const event = type === InvoiceType.deposit ? PushEvent.invoiceDepositUpdated : PushEvent.invoiceWithdrawalUpdated;
  return { channel: Channel.paymentInvoices(facts.playerId), payload: { event, invoice } };
}

/**
 * Version 1 carried the wire invoice (amounts in major units, the wire's status). Its facts: the
 * invoice's own amount, read back (it never changes), and the state the wire status stood for.
 */
async function factsOfWire(payload: Record<string, unknown>, tx: Tx): Promise<Record<string, unknown>> {
  const { playerId, invoice, bonusId } = payload as { playerId: string; invoice: Invoice; bonusId?: string | null };
  const [row] = await tx.select().from(paymentInvoices).where(eq(paymentInvoices.id, invoice.id));
  if (!row) throw new Error(`invoice ${invoice.id} of an event is gone`);
  const pending: InvoiceState = PENDING_STATES.includes(row.state)
    ? row.state
    : row.type === InvoiceType.deposit
      ? 'awaiting_payment'
      : 'requested';
  const state: InvoiceState =
    invoice.status === InvoiceStatus.success
      ? 'succeeded'
      : invoice.status === InvoiceStatus.expired
        ? 'expired'
        : invoice.status === InvoiceStatus.failed
          ? row.state === 'declined'
            ? 'declined'
            : 'failed'
          : pending;
  const facts: Facts = {
    playerId,
    invoiceId: invoice.id,
    number: invoice.number,
    state,
    method: invoice.paymentMethod,
    currency: row.currency,
    amountMinor: row.amountMinor.toString(),
    statusResult: invoice.statusResult,
    publicData: invoice.publicData,
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
  };
  return row.type === InvoiceType.deposit ? { ...facts, bonusId: bonusId ?? row.bonusId } : facts;
}

/** Registers the invoice pushes and the upcasts of first-shape rows; returns their removal. */
export function registerInvoiceEvents(consumers: OutboxConsumers): () => void {
  const stops = [
    consumers.registerPublisher('payment.deposit.updated', ({ payload }) => [
      invoicePush(payload, InvoiceType.deposit),
    ]),
    consumers.registerPublisher('payment.withdrawal.updated', ({ payload }) => [
      invoicePush(payload, InvoiceType.withdrawal),
    ]),
    consumers.registerUpcast('payment.deposit.updated', 1, factsOfWire),
    consumers.registerUpcast('payment.withdrawal.updated', 1, factsOfWire),
  ];
  return () => stops.forEach((stop) => stop());
}
