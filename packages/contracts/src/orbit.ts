import { z } from 'zod';
import { text } from './text.ts';

// Orbit, the second payment provider (docs/orbit-api.md): its own API shape, field names and signature.
// Amounts are decimal strings in major units ("25.00"); the casino converts them to minor units exactly.

const decimal = text().regex(/^\d{1,15}(\.\d{1,8})?$/, 'Must be a decimal string such as "25.00"');
const currency = text().regex(/^[A-Z]{3}$/, 'Must be a currency code');
const ref = text().min(1).max(128);
const orbitId = text().regex(/^(chk|po)_[0-9a-f]{32}$/, 'Must be an Orbit object id');

/** Why Orbit declined a checkout or rejected a payout. */
export const ORBIT_DECLINE_CODES = ['customer_cancelled', 'insufficient_funds', 'account_closed'] as const;

/** Casino → Orbit: `POST /v1/checkouts`, a payment the customer approves on Orbit's page. */
export const orbitCheckoutBodySchema = z
  .object({
    merchant_ref: ref,
    amount: decimal,
    currency,
    /** Where Orbit sends the customer after approving, and after declining. */
    return_url: text().max(2048),
    cancel_url: text().max(2048),
  })
  .strict();
export type OrbitCheckoutBody = z.infer<typeof orbitCheckoutBodySchema>;

/** Casino → Orbit: `POST /v1/payouts`, money to a customer's Orbit account. */
export const orbitPayoutBodySchema = z
  .object({
    merchant_ref: ref,
    amount: decimal,
    currency,
    recipient: z.object({ email: text().email().max(254) }).strict(),
  })
  .strict();
export type OrbitPayoutBody = z.infer<typeof orbitPayoutBodySchema>;

/** A checkout or payout as Orbit answers and reports it. */
export const orbitObjectSchema = z
  .object({
    id: orbitId,
    object: z.enum(['checkout', 'payout']),
    merchant_ref: ref,
    amount: decimal,
    currency,
    state: z.enum(['open', 'approved', 'declined', 'processing', 'paid', 'rejected']),
    /** A checkout still open: the page where the customer approves it. */
    approval_url: text().max(2048).optional(),
    decline_code: z.enum(ORBIT_DECLINE_CODES).optional(),
  })
  .strict();
export type OrbitObject = z.infer<typeof orbitObjectSchema>;

/** Orbit → casino: a signed event (`Orbit-Signature: t=<unix s>,v1=<hex HMAC of "<t>.<body>">`). */
export const orbitWebhookSchema = z
  .object({
    id: text().regex(/^evt_[0-9a-f]{32}$/, 'Must be an Orbit event id'),
    type: z.enum(['checkout.approved', 'checkout.declined', 'payout.paid', 'payout.rejected']),
    created: z.number().int().min(0),
    data: orbitObjectSchema,
  })
  .strict();
export type OrbitWebhook = z.infer<typeof orbitWebhookSchema>;
