import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The sandbox Orbit's own book: one row per checkout or payout a merchant (the casino) asked for. */
export const sandboxOrbitObjects = pgTable(
  'sandbox_orbit_objects',
  {
    /** `chk_<32 hex>` or `po_<32 hex>`. */
    id: text('id').primaryKey(),
    object: text('object').$type<'checkout' | 'payout'>().notNull(),
    /** The merchant's reference (the casino's invoice id). */
    merchantRef: text('merchant_ref').notNull(),
    currency: text('currency').notNull(),
    /** Orbit keeps minor units; it speaks decimal strings. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    state: text('state').$type<'open' | 'approved' | 'declined' | 'processing' | 'paid' | 'rejected'>().notNull(),
    declineCode: text('decline_code'),
    returnUrl: text('return_url'),
    cancelUrl: text('cancel_url'),
    recipientEmail: text('recipient_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_orbit_objects_ref_key').on(t.object, t.merchantRef)],
);
