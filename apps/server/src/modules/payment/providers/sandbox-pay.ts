import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, providerWebhookSchema, type ProviderWebhook } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { DomainError } from '../../../lib/errors.ts';
import {
  minorAmountSchema,
  parseStatement,
  statementDay,
  type PartnerStatement,
  type PartnerStatementLine,
} from '../../../lib/partner-statement.ts';
import { SignatureError, verifyCall } from '../../../lib/signing.ts';
import { askProvider, providerStatement } from '../provider-client.ts';
import { paymentInvoices } from '../tables.ts';
import type { PaymentProvider } from './types.ts';

/** What the first provider's API offers (docs/payment-provider-api.md), in any currency the casino has. */
const METHODS = new Set(['card', 'ewallet', 'pix', 'qr_pay', 'crypto', 'bank_transfer']);

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The first provider's statement (docs/payment-provider-api.md#daily-statement). */
const statementSchema = z.object({
  date: z.string(),
  provider: z.string(),
  transactions: z.array(
    z.object({
      id: z.string().min(1).max(100),
      reference: z.string().min(1).max(200),
      kind: z.enum(['payment', 'payout']),
      method: z.string().min(1).max(50),
      currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
      amountMinor: minorAmountSchema,
      feeMinor: minorAmountSchema,
      settledAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
type StatementTransaction = z.infer<typeof statementSchema>['transactions'][number];

/**
 * Our deposit invoices of the crypto transfers listed: the provider names a transfer by its payment id
 * and its address's reference, and we opened an invoice per transfer under that payment id.
 */
async function cryptoInvoices(ctx: AppContext, transactions: StatementTransaction[]): Promise<Map<string, string>> {
  const ids = transactions.filter((t) => t.kind === 'payment' && t.method === 'crypto').map((t) => t.id);
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: paymentInvoices.id, paymentId: paymentInvoices.providerPaymentId })
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.provider, 'sandbox'), inArray(paymentInvoices.providerPaymentId, ids)));
  return new Map(rows.map((row) => [row.paymentId!, row.id]));
}

/**
 * The provider's statement of `date`, signed and checked, as normalized lines keyed like our ledger:
 * a payment `deposit:<invoice>`, a payout `withdrawal-paid:<invoice>`. A crypto transfer no invoice of
 * ours names keeps the provider's reference, so it matches no entry and the reconciliation shows it.
 */
async function sandboxPayStatement(ctx: AppContext, date: string): Promise<PartnerStatement> {
  const day = statementDay(date);
  const unavailable = (detail: string) =>
    new DomainError(ErrorCode.paymentProviderUnavailable, `The payment provider's statement: ${detail}`);
  const body = parseStatement(await providerStatement(ctx, day), statementSchema, day, unavailable);
  const crypto = await cryptoInvoices(ctx, body.transactions);
  const lines = body.transactions.map((t): PartnerStatementLine => ({
    ledgerKey:
      t.kind === 'payout'
        ? `withdrawal-paid:${t.reference}`
        : `deposit:${(t.method === 'crypto' ? crypto.get(t.id) : undefined) ?? t.reference}`,
    partnerId: t.id,
    kind: t.kind,
    currency: t.currency,
    amountMinor: t.amountMinor,
    feeMinor: t.feeMinor,
    at: new Date(t.settledAt).toISOString(),
    detail: t.method,
  }));
  return { partner: 'sandbox', date: day, lines };
}

/**
 * The first provider (PAYMENT_PROVIDER_URL, PAYMENT_WEBHOOK_SECRET; the sandbox at /sandbox/pay by
 * default): amounts in minor units, calls and webhooks signed over method, path, request id and body,
 * its webhook at `/api/payment/webhooks/sandbox` as before there were several.
 */
export function sandboxPayProvider(ctx: AppContext): PaymentProvider<ProviderWebhook> {
  return {
    id: 'sandbox',
    name: ctx.config.payment.sandbox ? 'Sandbox Pay' : 'Payment provider',
    sandbox: ctx.config.payment.sandbox,
    serves: (method) => METHODS.has(method),
    create: (request) =>
      askProvider(ctx, {
        reference: request.reference,
        kind: request.kind,
        method: request.method,
        currency: request.currency,
        // An address has no amount up front: the API asks for a positive one all the same.
        amountMinor: request.kind === 'address' ? '1' : request.amountMinor.toString(),
        ...(request.returnUrl !== undefined ? { returnUrl: request.returnUrl } : {}),
        ...(request.successUrl ? { successUrl: request.successUrl } : {}),
        ...(request.errorUrl ? { errorUrl: request.errorUrl } : {}),
        details: request.details,
      }),
    payout: (request) =>
      askProvider(ctx, {
        reference: request.reference,
        kind: 'payout',
        method: request.method,
        currency: request.currency,
        amountMinor: request.amountMinor.toString(),
        details: request.details,
      }),
    // The API keys a payment on (kind, reference) and answers the same one when asked again: its state now.
    status: (invoice) =>
      askProvider(ctx, {
        reference: invoice.reference,
        kind: invoice.kind,
        method: invoice.method,
        currency: invoice.currency,
        amountMinor: invoice.amountMinor.toString(),
        details: invoice.details,
      }),
    statement: (date) => sandboxPayStatement(ctx, date),
    webhook: {
      schema: providerWebhookSchema,
      bodyLimit: 16 * 1024,
      async verify(call) {
        let signed;
        try {
          const previous = ctx.previousSecrets.payment;
          signed = verifyCall(
            previous ? [ctx.paymentSecret, previous] : ctx.paymentSecret,
            { method: call.method, path: call.path, body: call.body },
            { signature: header(call.headers, 'x-signature'), requestId: header(call.headers, 'x-request-id') },
          );
        } catch (error) {
          throw error instanceof SignatureError ? new DomainError(ErrorCode.invalidSignature, error.message) : error;
        }
        if (!(await ctx.replayGuard.firstSeen('payment-webhook', signed.requestId, signed.timestamp)))
          throw new DomainError(
            ErrorCode.invalidSignature,
            'This X-Request-Id was already used; sign every call with a new one',
          );
      },
      parse: (body) => ({ ...body, provider: 'sandbox' }),
    },
  };
}
