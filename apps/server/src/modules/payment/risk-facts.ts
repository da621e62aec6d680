import { and, desc, eq, gte, lt, ne } from 'drizzle-orm';
import { InvoiceType } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { paymentInvoices } from './tables.ts';

/** What the alerts module reads of payments (responsible gaming, anti-money-laundering). */
export type PaymentFact = {
  id: string;
  playerId: string;
  currency: string;
  amountMinor: bigint;
  state: string;
  createdAt: Date;
};

/** The status a deposit gets when the provider could not be asked (deposits.ts). */
const PROVIDER_UNAVAILABLE = 'Provider unavailable';

const FACT = {
  id: paymentInvoices.id,
  playerId: paymentInvoices.playerId,
  currency: paymentInvoices.currency,
  amountMinor: paymentInvoices.amountMinor,
  state: paymentInvoices.state,
  createdAt: paymentInvoices.createdAt,
};

/** Deposits started since `since` and paid, oldest first (dated as the limits count them: when started). */
export function paidDepositsSince(db: DbOrTx, since: Date): Promise<PaymentFact[]> {
  return db
    .select(FACT)
    .from(paymentInvoices)
    .where(
      and(
        eq(paymentInvoices.type, InvoiceType.deposit),
        eq(paymentInvoices.state, 'succeeded'),
        gte(paymentInvoices.createdAt, since),
      ),
    )
    .orderBy(paymentInvoices.createdAt, paymentInvoices.id);
}

/** Withdrawals asked for since `since`, whatever became of them, oldest first. */
export function withdrawalRequestsSince(db: DbOrTx, since: Date): Promise<PaymentFact[]> {
  return db
    .select(FACT)
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.type, InvoiceType.withdrawal), gte(paymentInvoices.createdAt, since)))
    .orderBy(paymentInvoices.createdAt, paymentInvoices.id);
}

/** The player's last paid deposit in `currency` started before `before`, or null. */
export async function lastPaidDepositBefore(
  db: DbOrTx,
  playerId: string,
  currency: string,
  before: Date,
): Promise<PaymentFact | null> {
  const [row] = await db
    .select(FACT)
    .from(paymentInvoices)
    .where(
      and(
        eq(paymentInvoices.playerId, playerId),
        eq(paymentInvoices.type, InvoiceType.deposit),
        eq(paymentInvoices.currency, currency),
        eq(paymentInvoices.state, 'succeeded'),
        lt(paymentInvoices.createdAt, before),
      ),
    )
    .orderBy(desc(paymentInvoices.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Card deposits the provider declined since `since`, oldest first. A deposit failed because the
 * provider could not be reached is no decline of the player's card.
 */
export function cardDeclinesSince(db: DbOrTx, since: Date): Promise<PaymentFact[]> {
  return db
    .select(FACT)
    .from(paymentInvoices)
    .where(
      and(
        eq(paymentInvoices.type, InvoiceType.deposit),
        eq(paymentInvoices.method, 'card'),
        eq(paymentInvoices.state, 'failed'),
        ne(paymentInvoices.statusResult, PROVIDER_UNAVAILABLE),
        gte(paymentInvoices.createdAt, since),
      ),
    )
    .orderBy(paymentInvoices.createdAt, paymentInvoices.id);
}
