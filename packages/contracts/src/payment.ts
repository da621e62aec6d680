import { z } from 'zod';
import { text } from './text.ts';

/** Wire shapes of payments: methods, invoices and their push events; and the sandbox provider's API. */

export const ProcessingType = ['form', 'qr', 'iframe', 'message', 'asyncRedirect'] as const;

export const paymentFieldSchema = z.object({
  key: text(),
  fieldType: text(),
  type: text(),
  regexp: text(),
  labels: z.record(text(), text()),
  hints: z.record(text(), text()),
  isRequired: z.boolean(),
  position: z.number().int(),
  value: text().nullable(),
  options: z
    .array(
      z.object({
        id: text(),
        name: text(),
        minAmount: z.number(),
        maxAmount: z.number(),
        regex: text().optional(),
      }),
    )
    .optional(),
});
export type PaymentField = z.infer<typeof paymentFieldSchema>;

export const paymentMethodSchema = z.object({
  method: text(),
  type: z.enum(['form', 'address']),
  processingType: z.enum(ProcessingType),
  amountMin: z.number(),
  amountMax: z.number(),
  names: z.record(text(), text()),
  logo: text(),
  icon: text(),
  presets: z.array(z.object({ amount: z.number(), default: z.boolean() })),
  fields: z.array(paymentFieldSchema),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const code = text().regex(/^[A-Z0-9]{2,10}$/, 'Must be a currency code');
export const paymentMethodsQuerySchema = z.object({
  currency: code,
  country: text()
    .regex(/^[A-Z]{2}$/, 'Must be a two-letter country code')
    .optional(),
});

/** Amounts are major units as on every other call: a JSON number or a decimal string. */
const amount = z.union([z.number().positive().max(1e15), text().regex(/^\d{1,15}(\.\d{1,8})?$/, 'Must be an amount')]);
const fieldValues = z.record(text().max(64), text().max(256)).refine((v) => Object.keys(v).length <= 20, {
  message: 'Too many fields',
});
/** A return address must be one of our own pages (a relative path), never another site. */
const returnPath = text()
  .max(2048)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Must be a path of this site');

export const depositBodySchema = z
  .object({
    method: text().min(1).max(64),
    currency: code,
    amount: amount.optional(),
    accountId: text().max(64).optional(),
    country: text()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    fields: fieldValues.optional(),
    redirectSuccessUrl: returnPath.optional(),
    redirectErrorUrl: returnPath.optional(),
    redirectUrl: returnPath.optional(),
    /** The deposit bonus chosen (issued once the deposit succeeds), or `isBonusDecline`: none. */
    bonusId: z.uuid().optional(),
    isBonusDecline: z.boolean().optional(),
  })
  .strict();
export type DepositBody = z.infer<typeof depositBodySchema>;

export const withdrawalBodySchema = z
  .object({
    method: text().min(1).max(64),
    currency: code,
    amount,
    accountId: text().max(64).optional(),
    country: text()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    fields: fieldValues.optional(),
  })
  .strict();
export type WithdrawalBody = z.infer<typeof withdrawalBodySchema>;

export const depositResultSchema = z.object({
  invoiceId: text(),
  method: text(),
  type: text(),
  action: text(),
  fields: z.record(text(), text()),
  qr: text().optional(),
  address: text().optional(),
  tag: text().optional(),
  message: text().optional(),
  /** Bank transfer: everything the player's bank asks for; the reference is how the operator finds the deposit. */
  transfer: z
    .object({
      beneficiary: text(),
      iban: text(),
      bic: text(),
      bank: text(),
      amount: z.number(),
      currency: text(),
      reference: text(),
      expiresAt: text(),
    })
    .optional(),
});
export type DepositResult = z.infer<typeof depositResultSchema>;

export const withdrawResultSchema = z.object({
  invoiceId: text(),
  method: text(),
  type: text(),
  message: text(),
});
export type WithdrawResult = z.infer<typeof withdrawResultSchema>;

/**
 * Where an invoice is, as the payment module keeps it. Deposits: awaiting_payment → succeeded | failed |
 * expired. Withdrawals: requested (money locked; the player may cancel) → sent (the provider has the
 * payout) → succeeded | failed; requested → declined (by the player or the operator: the money comes
 * back). The wire's `status` (InvoiceStatus) is derived from it.
 */
export const INVOICE_STATES = [
  'awaiting_payment',
  'requested',
  'sent',
  'succeeded',
  'failed',
  'declined',
  /** A deposit not paid in time (a late payment is still credited). */
  'expired',
] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** What the player may see of the provider's answer: a QR, a hosted page, an address. */
export const invoicePublicDataSchema = z
  .object({
    qr: text().optional(),
    url: text().optional(),
    address: text().optional(),
    /** Why the provider refused a payment (PaymentFailureReason), so the player is told what to do. */
    reason: text().optional(),
    /** Crypto: confirmations the transfer has, and how many it needs before it is credited. */
    confirmations: z.number().int().optional(),
    confirmationsRequired: z.number().int().optional(),
  })
  .nullable();

export const invoiceSchema = z.object({
  id: text(),
  number: z.number().int(),
  playerId: text(),
  amount: z.number(),
  currency: text(),
  transactionAmount: z.number(),
  transactionCurrency: text(),
  /** InvoiceStatus: 1 pending, 2 success, 3 failed, 4 expired (a deposit not paid in time). */
  status: z.number().int(),
  statusResult: text(),
  /** InvoiceType: 1 deposit, 2 withdrawal. */
  invoiceType: z.number().int(),
  paymentMethod: text(),
  /** The player may still cancel it (a withdrawal not yet sent to the provider). */
  cancellable: z.boolean(),
  createdAt: text(),
  updatedAt: text().nullable(),
  publicData: invoicePublicDataSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  type: z.coerce.number().int().min(1).max(2).optional(),
  status: z.coerce.number().int().min(1).max(4).optional(),
  currency: code.optional(),
  dateFrom: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  dateTo: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});

export const invoiceStatisticsSchema = z.array(
  z.object({
    currency: text(),
    depositsCount: z.number().int(),
    depositsSum: z.number(),
    lastDepositAmount: z.number().nullable(),
    lastDepositAt: text().nullable(),
    withdrawalsCount: z.number().int(),
    withdrawalsSum: z.number(),
    lastWithdrawalAmount: z.number().nullable(),
    lastWithdrawalAt: text().nullable(),
  }),
);

/** `GET /api/risk/reasons/turn-over-wager?currency=`: what must still be wagered before a withdrawal. */
export const turnoverSchema = z.object({
  currency: text(),
  enabled: z.boolean(),
  multiplier: z.number(),
  turnOverWagerAmount: z.number(),
  wageredAmount: z.number(),
  requiredAmount: z.number(),
});

/** Payload of `invoice.deposit.updated` / `invoice.withdrawal.updated` on `payment:invoices#<playerId>`. */
export const invoiceUpdatedSchema = z.object({
  event: z.enum(['invoice.deposit.updated', 'invoice.withdrawal.updated']),
  invoice: invoiceSchema,
});
export type InvoiceUpdated = z.infer<typeof invoiceUpdatedSchema>;

// The sandbox payment provider's API (docs/payment-provider-api.md): signed JSON both ways.

/** Why a provider refused a payment, in words a machine reads (the site says it in the player's language). */
export const PAYMENT_FAILURE_REASONS = ['card_declined', 'authentication_failed', 'expired_card', 'cancelled'] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/** Casino → provider: start a payment (deposit) or a payout (withdrawal). Amounts in minor units. */
export const providerPaymentBodySchema = z
  .object({
    /** A crypto address's is `<account id>:<network>[:<deposit bonus id>]` (up to 82 characters). */
    reference: text().min(1).max(128),
    /** `address`: a deposit address for the account and network (`details.network`); transfers to it arrive later. */
    kind: z.enum(['payment', 'payout', 'address']),
    method: text().min(1).max(64),
    currency: code,
    amountMinor: text().regex(/^[1-9]\d{0,17}$/),
    /** Where the hosted page sends the player back to (our own paths), after a payment and after a refusal. */
    returnUrl: text().max(2048).optional(),
    successUrl: text().max(2048).optional(),
    errorUrl: text().max(2048).optional(),
    /** Method details the provider needs (a payout address, a CPF); never card numbers. */
    details: z.record(text().max(64), text().max(256)).optional(),
  })
  .strict();
export type ProviderPaymentBody = z.infer<typeof providerPaymentBodySchema>;

export const providerPaymentAnswerSchema = z.object({
  paymentId: text(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** The hosted page (card, e-wallet), when the player has something to do there. */
  url: text().optional(),
  qr: text().optional(),
  address: text().optional(),
  tag: text().optional(),
  /** A failed payment: why. */
  reasonCode: z.enum(PAYMENT_FAILURE_REASONS).optional(),
});
export type ProviderPaymentAnswer = z.infer<typeof providerPaymentAnswerSchema>;

/** Provider → casino webhook: an outcome. `eventId` is unique; the casino processes it once. */
export const providerWebhookSchema = z
  .object({
    eventId: text().min(1).max(100),
    type: z.enum([
      'payment.received',
      'payment.succeeded',
      'payment.failed',
      'payment.updated',
      'payout.succeeded',
      'payout.failed',
    ]),
    paymentId: text().min(1).max(100),
    reference: text().min(1).max(128),
    currency: code,
    amountMinor: text().regex(/^[1-9]\d{0,17}$/),
    reason: text().max(200).optional(),
    /** `payment.failed`: why, as a code (the `reason` text is for people reading logs). */
    reasonCode: z.enum(PAYMENT_FAILURE_REASONS).optional(),
    qr: text().max(2048).optional(),
    /** Crypto: the deposit address the transfer came to. */
    address: text().max(200).optional(),
    /** Crypto: confirmations so far and needed (`payment.received`, `payment.updated`, `payment.succeeded`). */
    confirmations: z.number().int().min(0).max(1000).optional(),
    confirmationsRequired: z.number().int().min(1).max(1000).optional(),
    /**
     * `payment.succeeded` by card: the card as the provider knows it, never its number. `fingerprint` is
     * the same for the same card number whoever pays with it (the provider's keyed hash).
     */
    card: z
      .object({
        fingerprint: text().regex(/^[\w-]{8,128}$/),
        last4: text().regex(/^\d{4}$/),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ProviderWebhook = z.infer<typeof providerWebhookSchema>;

/** Sandbox provider, development only: a simulated incoming crypto transfer (major units). */
export const providerCryptoTransferSchema = z
  .object({ address: text().min(10).max(200), amount: text().regex(/^\d{1,12}(\.\d{1,8})?$/) })
  .strict();
