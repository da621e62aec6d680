import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { ProviderPaymentAnswer, ProviderWebhook } from '@casino/contracts';
import type { PartnerStatement } from '../../../lib/partner-statement.ts';
import type { PaymentProviderId } from './route-rules.ts';

export type Direction = 'deposit' | 'withdrawal';

/**
 * The one internal shape of a provider's event, whoever sent it: the first provider's webhook fields
 * (docs/payment-provider-api.md: amounts in minor units as strings) and the provider it came from.
 */
export type PaymentEvent = ProviderWebhook & { provider: PaymentProviderId };

/** A payment to start: a deposit (`payment`) or a crypto deposit address (`address`). Amounts in minor units. */
export type PaymentRequest = {
  /** Our invoice id (the provider keys the payment on it: asking twice gives the same payment). */
  reference: string;
  kind: 'payment' | 'address';
  method: string;
  currency: string;
  amountMinor: bigint;
  returnUrl?: string;
  successUrl?: string;
  errorUrl?: string;
  details: Record<string, string>;
};

/** A payout of a withdrawal invoice. */
export type PayoutRequest = {
  reference: string;
  method: string;
  currency: string;
  amountMinor: bigint;
  details: Record<string, string>;
};

/** What the provider says of a payment: its id, where it is, and what the player is to do (page, QR, address). */
export type ProviderAnswer = ProviderPaymentAnswer;

/** A webhook as received: the bytes its signature covers, and the headers. */
export type WebhookCall = {
  method: string;
  path: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
};

/**
 * A payment provider behind its adapter: its own URL, secret, API shape and signature. The casino
 * asks it for payments and payouts and reads what it reports as one PaymentEvent; which provider
 * serves a method is the routing table's business (routing.ts), and an invoice remembers its provider.
 */
export interface PaymentProvider<W = unknown> {
  readonly id: PaymentProviderId;
  /** For logs and operators. */
  readonly name: string;
  /** The built-in sandbox party on this node (never in production). */
  readonly sandbox: boolean;
  /** Whether it can take this method in this direction and currency at all (routing asks it). */
  serves(method: string, direction: Direction, currency: string): boolean;
  /** A deposit (or a crypto address); throws DomainError 502-style when the provider is unreachable or refuses. */
  create(request: PaymentRequest): Promise<ProviderAnswer>;
  payout(request: PayoutRequest): Promise<ProviderAnswer>;
  /** Where a payment or payout is now, as the provider sees it. */
  status(invoice: {
    reference: string;
    kind: 'payment' | 'payout';
    providerPaymentId: string | null;
    method: string;
    currency: string;
    amountMinor: bigint;
    details: Record<string, string>;
  }): Promise<ProviderAnswer>;
  /**
   * Its daily statement of the UTC day `date` (`YYYY-MM-DD`), fetched and its signature checked, in the
   * one normalized shape; throws a DomainError when the provider is unreachable or the statement untrusted.
   * Absent: the provider publishes none.
   */
  statement?(date: string): Promise<PartnerStatement>;
  webhook: {
    /** Its webhook's wire schema (validated by the route before parse). */
    schema: z.ZodType<W> & FastifySchema['body'];
    bodyLimit: number;
    /** Throws DomainError 15010 (HTTP 401) unless the call is signed by this provider, now. */
    verify(call: WebhookCall): Promise<void>;
    /** Its event in our shape; throws 422 when it cannot be one (an amount not of the currency's). */
    parse(body: W): PaymentEvent;
  };
}
