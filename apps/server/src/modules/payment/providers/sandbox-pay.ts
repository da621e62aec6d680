import { ErrorCode, providerWebhookSchema, type ProviderWebhook } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { DomainError } from '../../../lib/errors.ts';
import { SignatureError, verifyCall } from '../../../lib/signing.ts';
import { askProvider } from '../provider-client.ts';
import type { PaymentProvider } from './types.ts';

/** What the first provider's API offers (docs/payment-provider-api.md), in any currency the casino has. */
const METHODS = new Set(['card', 'ewallet', 'pix', 'qr_pay', 'crypto', 'bank_transfer']);

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

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
