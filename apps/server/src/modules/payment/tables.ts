import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InvoiceState, InvoiceType, ValueOf } from '@casino/contracts';
import { players } from '../player/tables.ts';
import { walletAccounts } from '../wallet/tables.ts';
import type { PaymentProviderId } from './providers/route-rules.ts';

export const paymentInvoices = pgTable(
  'payment_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The player-facing number ("#1042"). */
    number: bigserial('number', { mode: 'number' }).notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => walletAccounts.id),
    type: integer('type').$type<ValueOf<typeof InvoiceType>>().notNull(),
    state: text('state').$type<InvoiceState>().notNull(),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The provider it went to (the routing table's pick): its webhooks, status and payout go back there. */
    provider: text('provider').$type<PaymentProviderId>().notNull().default('sandbox'),
    providerPaymentId: text('provider_payment_id'),
    /** What the player may see of the provider's answer: a QR, a hosted page, an address. */
    publicData: jsonb('public_data').$type<{
      qr?: string;
      url?: string;
      address?: string;
      /** Why the provider refused it (PaymentFailureReason). */
      reason?: string;
      confirmations?: number;
      confirmationsRequired?: number;
    } | null>(),
    /** What the player typed for the method (a payout address, a CPF): never card data. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    statusResult: text('status_result').notNull().default(''),
    /** A deposit: the bonus definition the player chose for it (issued once it succeeds), or null for none. */
    bonusId: uuid('bonus_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_invoices_number_key').on(t.number),
    // A payment id is the provider's own: two providers may well use the same one.
    uniqueIndex('payment_invoices_provider_payment_key').on(t.provider, t.providerPaymentId),
    index('payment_invoices_player_idx').on(t.playerId, t.createdAt),
    index('payment_invoices_state_idx').on(t.state, t.type),
    // The alerts' windows: invoices of a type and state since a moment, without reading them all.
    index('payment_invoices_type_state_created_idx').on(t.type, t.state, t.createdAt),
    check('payment_invoices_amount_positive', sql`${t.amountMinor} > 0`),
    check('payment_invoices_type_known', sql`${t.type} in (1, 2)`),
  ],
);
export type InvoiceRow = typeof paymentInvoices.$inferSelect;

/**
 * Webhook event ids already processed: each is applied at most once. The first provider's as it sends
 * them; another provider's as `<provider>:<event id>` (its ids are its own).
 */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
