import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sendHtml } from '../html.ts';
import { checkoutPage, challengePage, resultPage } from './pages.ts';
import { find, finish, type Payment, type SandboxPay } from './provider.ts';
import { sandboxPayPayments } from './tables.ts';

/** Test cards, as on real PSPs' sandboxes. */
const CARD_OUTCOME: Record<string, 'succeeded' | 'declined' | 'expired' | 'challenge'> = {
  '4242424242424242': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': 'declined',
  '4000000000000069': 'expired',
  '4000000000003220': 'challenge',
};

const cardForm = z.object({
  number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  name: z.string().max(100).optional(),
});

/**
 * A card as the provider reports it: its fingerprint is a keyed hash of the number, the same for every
 * payment with that card (as Stripe's `card.fingerprint`), and says nothing of the number.
 */
const cardOf = (paymentSecret: string, number: string) => ({
  fingerprint: createHmac('sha256', `card-fingerprint:${paymentSecret}`)
    .update(number)
    .digest('base64url')
    .slice(0, 32),
  last4: number.slice(-4),
});

/** The card form read: its number (digits only) and what the player must correct. */
function readCard(body: unknown): { number: string; errors: string[] } {
  const form = cardForm.safeParse(body);
  const number = form.success ? form.data.number.replace(/[\s-]/g, '') : '';
  const expiry = form.success ? /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.data.expiry.trim()) : null;
  const cvcOk = form.success && /^\d{3}$/.test(form.data.cvc.trim());
  const now = new Date();
  const expiryOk =
    expiry &&
    Number(expiry[1]) >= 1 &&
    Number(expiry[1]) <= 12 &&
    (2000 + Number(expiry[2])) * 12 + Number(expiry[1]) >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  const errors = [
    ...(/^\d{12,19}$/.test(number) ? [] : ['Enter the card number']),
    ...(expiryOk ? [] : ['Enter a future expiry date as MM/YY']),
    ...(cvcOk ? [] : ['Enter the 3-digit security code']),
  ];
  return { number, errors };
}

/** The hosted card page and its 3-D Secure challenge: card data goes no further than these routes. */
export function cardPages(
  pages: FastifyInstance,
  sp: SandboxPay,
  idParams: z.ZodType<{ id: string }>,
  amountText: (p: Payment) => string,
) {
  const { ctx } = sp;
  pages.get('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const payment = await find(sp, id);
    if (!payment || payment.kind !== 'payment' || payment.method !== 'card')
      return sendHtml(reply, resultPage('unknown'), 404);
    if (payment.status === 'challenge') return sendHtml(reply, challengePage(payment.id, amountText(payment)));
    if (payment.status !== 'pending') return sendHtml(reply, resultPage(payment.status));
    return sendHtml(reply, checkoutPage(payment.id, amountText(payment)));
  });

  pages.post('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const payment = await find(sp, id);
    if (!payment || payment.kind !== 'payment' || payment.method !== 'card')
      return sendHtml(reply, resultPage('unknown'), 404);
    if (payment.status !== 'pending')
      return sendHtml(reply, resultPage(payment.status === 'challenge' ? 'pending' : payment.status));
    const { number, errors } = readCard(request.body);
    if (errors.length) return sendHtml(reply, checkoutPage(payment.id, amountText(payment), errors), 422);
    const outcome = CARD_OUTCOME[number] ?? 'declined';
    const card = cardOf(ctx.paymentSecret, number);
    const withCard = { ...payment.details, last4: card.last4, cardFingerprint: card.fingerprint };
    if (outcome === 'challenge') {
      await ctx.db
        .update(sandboxPayPayments)
        .set({ status: 'challenge', details: withCard, updatedAt: new Date() })
        .where(eq(sandboxPayPayments.id, payment.id));
      return reply.redirect(`/sandbox/pay/checkout/${payment.id}`, 303);
    }
    const done = await finish(
      sp,
      { ...payment, details: withCard },
      outcome === 'succeeded' ? 'succeeded' : 'failed',
      outcome === 'expired' ? 'expired_card' : outcome === 'declined' ? 'card_declined' : undefined,
    );
    return sendHtml(reply, resultPage(done.status));
  });

  pages.post('/checkout/:id/challenge', { schema: { hide: true } }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const payment = await find(sp, id);
    if (!payment || payment.status !== 'challenge')
      return sendHtml(reply, resultPage(payment?.status ?? 'unknown'), payment ? 200 : 404);
    const approve = (request.body as { action?: string } | undefined)?.action === 'approve';
    const done = await finish(
      sp,
      payment,
      approve ? 'succeeded' : 'failed',
      approve ? undefined : 'authentication_failed',
    );
    return sendHtml(reply, resultPage(done.status));
  });
}
