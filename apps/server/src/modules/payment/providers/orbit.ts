import {
  ErrorCode,
  formatMinor,
  orbitObjectSchema,
  orbitWebhookSchema,
  toMinor,
  type OrbitObject,
  type OrbitWebhook,
} from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { DomainError, notFound, unprocessable } from '../../../lib/errors.ts';
import { apiPayload, stamp, StampError, verifyStamp } from '../../../lib/stamped-hmac.ts';
import { currencyByCode } from '../../settings/index.ts';
import type { PaymentEvent, PaymentProvider, ProviderAnswer } from './types.ts';

const TIMEOUT_MS = 10_000;
/** Orbit's e-wallet, in the currencies it holds. */
export const ORBIT_CURRENCIES = ['EUR', 'USD', 'GBP', 'CAD'];

/** Orbit's decimal string for an amount in minor units ("25.00"). */
const decimalOf = (amountMinor: bigint, currency: string) =>
  formatMinor(amountMinor, currencyByCode(currency)?.subunitToUnit ?? 100);

/**
 * Orbit's decimal string in minor units, exactly: null unless it is a positive amount with no more
 * decimals than the currency has (never through a float).
 */
export function minorOfDecimal(amount: string, currency: string): bigint | null {
  const info = currencyByCode(currency);
  if (!info) return null;
  const minor = toMinor(amount, info.subunitToUnit);
  return minor !== null && minor > 0n ? minor : null;
}

const unavailable = (message: string) => new DomainError(ErrorCode.paymentProviderUnavailable, message);

/** Orbit's object as our answer. */
function answerOf(object: OrbitObject): ProviderAnswer {
  const status =
    object.state === 'approved' || object.state === 'paid'
      ? 'succeeded'
      : object.state === 'declined' || object.state === 'rejected'
        ? 'failed'
        : 'pending';
  return {
    paymentId: object.id,
    status,
    ...(object.approval_url && status === 'pending' ? { url: object.approval_url } : {}),
    ...(object.decline_code === 'customer_cancelled' ? { reasonCode: 'cancelled' as const } : {}),
  };
}

/** Orbit's API at `base`, signed with the current secret. */
function orbitClient(ctx: AppContext, base: () => string) {
  /** A signed call to Orbit's API; its answer must be the object asked about (same reference and amount). */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    expect: { reference: string; amountMinor: bigint; currency: string },
  ): Promise<ProviderAnswer> {
    const url = new URL(`${base()}${path}`);
    const raw = body === undefined ? '' : JSON.stringify(body);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'orbit-signature': stamp(ctx.orbitSecret, apiPayload(method, `${url.pathname}${url.search}`, raw)),
        },
        ...(body === undefined ? {} : { body: raw }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      ctx.log.warn({ reference: expect.reference, reason: (error as Error).message }, 'orbit unreachable');
      throw unavailable('The payment provider is not reachable; try again');
    }
    const parsed = orbitObjectSchema.safeParse(await response.json().catch(() => null));
    if (
      response.status !== 200 ||
      !parsed.success ||
      parsed.data.merchant_ref !== expect.reference ||
      parsed.data.currency !== expect.currency ||
      minorOfDecimal(parsed.data.amount, parsed.data.currency) !== expect.amountMinor
    ) {
      ctx.log.warn({ reference: expect.reference, status: response.status }, 'orbit refused');
      throw unavailable('The payment provider did not accept the request');
    }
    return answerOf(parsed.data);
  }
  return call;
}

/** An Orbit webhook as our event; a 422 when its type and object disagree or its amount is not one of the currency's. */
function eventOf(body: OrbitWebhook): PaymentEvent {
  const object = body.data;
  if (!body.type.startsWith(`${object.object}.`)) throw unprocessable('The event does not match its object');
  const amountMinor = minorOfDecimal(object.amount, object.currency);
  if (amountMinor === null) throw unprocessable(`The amount is not one of ${object.currency}`);
  const type = (
    {
      'checkout.approved': 'payment.succeeded',
      'checkout.declined': 'payment.failed',
      'payout.paid': 'payout.succeeded',
      'payout.rejected': 'payout.failed',
    } as const
  )[body.type];
  return {
    provider: 'orbit',
    eventId: body.id,
    type,
    paymentId: object.id,
    reference: object.merchant_ref,
    currency: object.currency,
    amountMinor: amountMinor.toString(),
    ...(object.decline_code ? { reason: `Orbit: ${object.decline_code}` } : {}),
    ...(object.decline_code === 'customer_cancelled' ? { reasonCode: 'cancelled' as const } : {}),
  };
}

/**
 * Orbit, the second provider (docs/orbit-api.md): an e-wallet from another party, with its own URL
 * (ORBIT_PROVIDER_URL; the sandbox at /sandbox/orbit by default), its own secret (ORBIT_SECRET), its
 * own field names, decimal-string amounts and a `t.body` signature, its webhook at
 * `/api/payment/webhooks/orbit`.
 */
export function orbitProvider(ctx: AppContext): PaymentProvider<OrbitWebhook> {
  const orbit = ctx.config.payment.orbit!;
  const base = () => orbit.providerUrl ?? `${ctx.selfUrl()}/sandbox/orbit`;
  const secrets = () => [ctx.orbitSecret, ...(ctx.previousSecrets.orbit ? [ctx.previousSecrets.orbit] : [])];

  const call = orbitClient(ctx, base);

  return {
    id: 'orbit',
    name: orbit.sandbox ? 'Orbit (sandbox)' : 'Orbit',
    sandbox: orbit.sandbox,
    serves: (method, _direction, currency) => method === 'orbit_wallet' && ORBIT_CURRENCIES.includes(currency),
    async create(request) {
      if (request.kind !== 'payment')
        throw new DomainError(ErrorCode.paymentMethodUnavailable, 'This payment method is not available');
      return call(
        'POST',
        '/v1/checkouts',
        {
          merchant_ref: request.reference,
          amount: decimalOf(request.amountMinor, request.currency),
          currency: request.currency,
          return_url: request.successUrl ?? request.returnUrl ?? '/',
          cancel_url: request.errorUrl ?? request.returnUrl ?? '/',
        },
        request,
      );
    },
    async payout(request) {
      return call(
        'POST',
        '/v1/payouts',
        {
          merchant_ref: request.reference,
          amount: decimalOf(request.amountMinor, request.currency),
          currency: request.currency,
          recipient: { email: request.details.orbit_email ?? '' },
        },
        request,
      );
    },
    async status(invoice) {
      if (!invoice.providerPaymentId) throw notFound('Orbit has no payment for this invoice');
      const path = invoice.kind === 'payout' ? '/v1/payouts/' : '/v1/checkouts/';
      return call('GET', `${path}${encodeURIComponent(invoice.providerPaymentId)}`, undefined, invoice);
    },
    webhook: {
      schema: orbitWebhookSchema,
      bodyLimit: 16 * 1024,
      async verify(webhook) {
        const value = webhook.headers['orbit-signature'];
        try {
          verifyStamp(secrets(), Array.isArray(value) ? value[0] : value, webhook.body);
        } catch (error) {
          throw error instanceof StampError ? new DomainError(ErrorCode.invalidSignature, error.message) : error;
        }
      },
      parse: eventOf,
    },
  };
}
