import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The sandbox payment provider's own book: one row per payment or payout the casino asked for. */
export const sandboxPayPayments = pgTable(
  'sandbox_pay_payments',
  {
    id: text('id').primaryKey(),
    /** The casino's invoice id. */
    reference: text('reference').notNull(),
    kind: text('kind').$type<'payment' | 'payout' | 'address' | 'transfer'>().notNull(),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'pending' | 'challenge' | 'succeeded' | 'failed'>().notNull(),
    returnUrl: text('return_url'),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    reason: text('reason'),
    /** Crypto transfers: when the confirmations are in (a leased job settles them then). */
    confirmAt: timestamp('confirm_at', { withTimezone: true }),
    /** When it succeeded: the day its daily statement lists it on. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_pay_payments_reference_key').on(t.kind, t.reference),
    index('sandbox_pay_payments_confirm_idx')
      .on(t.confirmAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
