// The payment provider's signed webhooks, each applied once: deposits paid or failed, crypto seen and
// confirmed, payouts done.
import { InvoiceType } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { withTransaction } from '../../outbox/index.ts';
import { noteInstrument } from '../links/index.ts';
import { accountById, postEntry } from '../wallet/index.ts';
import { paymentInvoices, paymentWebhookEvents } from './tables.ts';
import { saveInvoice, announce, lockInvoice, lockInvoiceOfPayment } from './invoices.ts';
import { settleDeposit, reportedOf } from './deposits.ts';
import type { PaymentEvent } from './providers/index.ts';

/**
 * A crypto transfer seen on chain: a pending deposit invoice of the address's account (once per transfer),
 * with the deposit bonus the address was asked for, if any.
 */
async function receiveCrypto(tx: Tx, event: PaymentEvent): Promise<WebhookOutcome> {
  const [accountId, , bonusRef] = event.reference.split(':');
  const bonusId = bonusRef && isUuid(bonusRef) ? bonusRef : null;
  const account = await accountById(tx, accountId ?? '');
  if (!account || account.currency !== event.currency)
    throw unprocessable('The event does not match an address of ours');
  const inserted = await tx
    .insert(paymentInvoices)
    .values({
      playerId: account.playerId,
      accountId: account.id,
      type: InvoiceType.deposit,
      state: 'awaiting_payment',
      method: 'crypto',
      provider: event.provider,
      currency: account.currency,
      amountMinor: BigInt(event.amountMinor),
      providerPaymentId: event.paymentId,
      publicData: event.address ? reportedOf({ publicData: { address: event.address } }, event) : null,
      statusResult: 'Waiting for confirmations',
      bonusId,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted.length) return 'ignored';
  await announce(tx, inserted[0]!);
  return 'applied';
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * A provider's event (signature already checked, parsed into our shape): applied at most once per event
 * id, and only if it matches the invoice it names (its provider, amount, currency, payment id). Runs in
 * one transaction with the event id, so a failure leaves the event unprocessed for the provider's retry.
 */
export async function applyWebhook(ctx: AppContext, event: PaymentEvent): Promise<WebhookOutcome> {
  // The first provider's event ids as they always were; another's under its name (its ids are its own).
  const eventId = event.provider === 'sandbox' ? event.eventId : `${event.provider}:${event.eventId}`;
  return withTransaction(ctx, async (tx) => {
    const inserted = await tx.insert(paymentWebhookEvents).values({ eventId }).onConflictDoNothing().returning();
    if (!inserted.length) return 'duplicate';
    if (event.type === 'payment.received') return receiveCrypto(tx, event);
    const row = event.address
      ? await lockInvoiceOfPayment(tx, event.provider, event.paymentId)
      : await lockInvoice(tx, event.reference);
    // Only the provider an invoice went to speaks for it: another's event (even well signed) moves nothing.
    if (row.provider !== event.provider) throw unprocessable('The event does not match its invoice');
    if (
      row.currency !== event.currency ||
      row.amountMinor.toString() !== event.amountMinor ||
      (row.providerPaymentId !== null && row.providerPaymentId !== event.paymentId)
    ) {
      throw unprocessable('The event does not match its invoice');
    }
    const payment = event.type.startsWith('payment.');
    if (payment !== (row.type === InvoiceType.deposit)) throw unprocessable('The event does not match its invoice');
    switch (event.type) {
      case 'payment.succeeded':
      case 'payment.failed': {
        const publicData = reportedOf(row, event);
        const settled = await settleDeposit(
          tx,
          row,
          event.type === 'payment.succeeded',
          event.reason,
          publicData ? { publicData } : {},
        );
        if (settled === row) return 'ignored';
        // The card paid with (by its provider's fingerprint): the same card on another account links them.
        if (event.type === 'payment.succeeded' && event.card)
          await noteInstrument(tx, row.playerId, { kind: 'card', ...event.card });
        return 'applied';
      }
      case 'payment.updated': {
        // A PIX code issued late, or a crypto transfer's confirmations so far.
        const publicData = reportedOf(row, event);
        if (row.state !== 'awaiting_payment' || !publicData) return 'ignored';
        await saveInvoice(tx, row, { publicData });
        return 'applied';
      }
      case 'payout.succeeded':
      case 'payout.failed': {
        if (row.state !== 'sent') return 'ignored';
        const paid = event.type === 'payout.succeeded';
        await postEntry(tx, {
          accountId: row.accountId,
          idempotencyKey: `withdrawal-${paid ? 'paid' : 'return'}:${row.id}`,
          kind: paid ? 'withdrawal-paid' : 'withdrawal-return',
          realDelta: paid ? 0n : row.amountMinor,
          lockedDelta: -row.amountMinor,
          reference: { invoiceId: row.id },
          // Paid: the money left through the provider; failed: it is the player's again.
          counterparty: paid ? `psp:${row.provider}/${row.method}` : 'internal',
        });
        await saveInvoice(tx, row, {
          state: paid ? 'succeeded' : 'failed',
          statusResult: paid ? 'Paid out' : (event.reason ?? 'The payout failed; the money is back in your balance'),
        });
        return 'applied';
      }
    }
  });
}
