import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { CURRENCY_SEEDS, type PaymentFailureReason, type ProviderWebhook } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { signedPost } from '../../lib/signing.ts';
import { sandboxPayPayments } from './tables.ts';

export type Payment = typeof sandboxPayPayments.$inferSelect;

/** The sandbox provider as its parts share it: the app, and its own log. */
export type SandboxPay = { ctx: AppContext; log: FastifyBaseLogger };

/** What a QR code holds: the provider's page where the payment is made (a phone opens it). */
export const qrOf = (payment: { id: string }) => `/sandbox/pay/qr/${payment.id}`;

/** Why a payment failed: the code the casino reads, and the text for people reading logs. */
const FAILURES: Record<PaymentFailureReason, string> = {
  card_declined: 'Card declined',
  expired_card: 'Card expired',
  authentication_failed: '3-D Secure check failed',
  cancelled: 'Cancelled at the e-wallet',
};

export const scaleOf = (currency: string): number =>
  CURRENCY_SEEDS.find((c) => c.code === currency)?.subunitToUnit ?? 100;

export async function find({ ctx }: SandboxPay, id: string): Promise<Payment | null> {
  if (!/^pay_[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await ctx.db.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.id, id));
  return row ?? null;
}

/** Signed webhook to the casino, retried while no answer arrives; the event id makes retries safe. */
export async function notify(
  { ctx, log }: SandboxPay,
  payment: Payment,
  type: ProviderWebhook['type'],
  extra: Pick<
    ProviderWebhook,
    'reason' | 'reasonCode' | 'qr' | 'address' | 'confirmations' | 'confirmationsRequired' | 'card'
  > = {},
): Promise<boolean> {
  const webhookUrl = () => `${ctx.selfUrl()}/api/payment/webhooks/sandbox`;
  const event: ProviderWebhook = {
    eventId: randomUUID(),
    type,
    paymentId: payment.id,
    reference: payment.reference,
    currency: payment.currency,
    amountMinor: payment.amountMinor.toString(),
    ...extra,
  };
  for (const delay of [0, 500, 2000, 8000]) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const answer = await signedPost(ctx.paymentSecret, webhookUrl(), event, { timeoutMs: 10_000 });
      if (answer.status < 500) {
        if (answer.status !== 200) log.warn({ eventId: event.eventId, status: answer.status }, 'webhook refused');
        return answer.status === 200;
      }
    } catch (error) {
      log.warn({ eventId: event.eventId, reason: (error as Error).message }, 'webhook not delivered');
    }
  }
  return false;
}

/** A payment or payout ends (once: the update is conditional on its status) and the casino is told. */
export async function finish(
  sp: SandboxPay,
  payment: Payment,
  status: 'succeeded' | 'failed',
  reason?: string | PaymentFailureReason,
): Promise<Payment> {
  // A known failure goes as its code too (the casino tells the player why and what to do).
  const reasonCode = reason && reason in FAILURES ? (reason as PaymentFailureReason) : undefined;
  const text = reasonCode ? FAILURES[reasonCode] : reason;
  const [row] = await sp.ctx.db
    .update(sandboxPayPayments)
    .set({
      status,
      // The day its statement lists it on.
      ...(status === 'succeeded' ? { settledAt: new Date() } : {}),
      reason: text ?? null,
      details: { ...payment.details, ...(reasonCode ? { reasonCode } : {}) },
      updatedAt: new Date(),
    })
    .where(and(eq(sandboxPayPayments.id, payment.id), eq(sandboxPayPayments.status, payment.status)))
    .returning();
  if (!row) return (await find(sp, payment.id))!;
  const kind = row.kind === 'payment' ? 'payment' : 'payout';
  const card =
    status === 'succeeded' && row.details.cardFingerprint && row.details.last4
      ? { card: { fingerprint: row.details.cardFingerprint, last4: row.details.last4 } }
      : {};
  await notify(sp, row, `${kind}.${status}` as ProviderWebhook['type'], {
    ...(text ? { reason: text } : {}),
    ...(reasonCode ? { reasonCode } : {}),
    ...card,
  });
  return row;
}
