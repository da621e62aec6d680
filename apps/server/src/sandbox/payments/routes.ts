import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  dataEnvelope,
  formatMinor,
  providerPaymentAnswerSchema,
  providerPaymentBodySchema,
  CURRENCY_SEEDS,
  type ProviderPaymentAnswer,
  type ProviderWebhook,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { DomainError, unprocessable } from '../../lib/errors.ts';
import { acceptSignedJson } from '../../lib/signed-json.ts';
import { signedPost } from '../../lib/signing.ts';
import { ErrorCode } from '@casino/contracts';
import { sandboxPayPayments } from './tables.ts';
import { checkoutPage, challengePage, resultPage } from './pages.ts';

type Payment = typeof sandboxPayPayments.$inferSelect;

/** The provider's own collection account for bank transfers (a sandbox IBAN). */
export const SANDBOX_COLLECTION_IBAN = 'LU280019400644750000';

/** Test cards, as on real PSPs' sandboxes. */
const CARD_OUTCOME: Record<string, 'succeeded' | 'declined' | 'challenge'> = {
  '4242424242424242': 'succeeded',
  '4000000000000002': 'declined',
  '4000000000003220': 'challenge',
};

const scaleOf = (currency: string): number => CURRENCY_SEEDS.find((c) => c.code === currency)?.subunitToUnit ?? 100;

/**
 * The sandbox payment provider, mounted at `/sandbox/pay`: a separate party in this process. The casino
 * reaches it only over signed HTTP (`POST /api/payments`), it reports outcomes only through signed
 * webhooks, and the player's card data reaches only its hosted page (docs/payment-provider-api.md).
 */
export const sandboxPaymentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const log = app.log.child({ module: 'sandbox-pay' });
    const webhookUrl = () => `${ctx.selfUrl()}/api/payment/webhooks/sandbox`;

    /** Signed webhook to the casino, retried while no answer arrives; the event id makes retries safe. */
    async function notify(payment: Payment, type: ProviderWebhook['type'], extra: { reason?: string } = {}) {
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
            return;
          }
        } catch (error) {
          log.warn({ eventId: event.eventId, reason: (error as Error).message }, 'webhook not delivered');
        }
      }
    }

    async function finish(payment: Payment, status: 'succeeded' | 'failed', reason?: string): Promise<Payment> {
      const [row] = await ctx.db
        .update(sandboxPayPayments)
        .set({ status, reason: reason ?? null, updatedAt: new Date() })
        .where(and(eq(sandboxPayPayments.id, payment.id), eq(sandboxPayPayments.status, payment.status)))
        .returning();
      if (!row) return (await find(payment.id))!;
      const kind = row.kind === 'payment' ? 'payment' : 'payout';
      await notify(row, `${kind}.${status}` as ProviderWebhook['type'], reason ? { reason } : {});
      return row;
    }

    async function find(id: string): Promise<Payment | null> {
      if (!/^pay_[0-9a-f-]{36}$/.test(id)) return null;
      const [row] = await ctx.db.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.id, id));
      return row ?? null;
    }

    function answerOf(payment: Payment): ProviderPaymentAnswer {
      const status = payment.status === 'challenge' ? 'pending' : payment.status;
      if (payment.kind === 'payout') return { paymentId: payment.id, status };
      if (payment.method === 'card')
        return { paymentId: payment.id, status, url: `/sandbox/pay/checkout/${payment.id}` };
      return { paymentId: payment.id, status, address: SANDBOX_COLLECTION_IBAN };
    }

    // The casino's API: signed JSON only.
    await app.register(async (api: FastifyInstance) => {
      acceptSignedJson(api, {
        secret: ctx.paymentSecret,
        scope: 'sandbox-pay',
        replayGuard: ctx.replayGuard,
        bodyLimit: 16 * 1024,
        refuse: (message) => new DomainError(ErrorCode.invalidSignature, message),
        invalidJson: (message) => unprocessable(message),
      });
      api.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().post(
        '/api/payments',
        {
          schema: {
            hide: true,
            body: providerPaymentBodySchema,
            response: { 200: dataEnvelope(providerPaymentAnswerSchema) },
          },
        },
        async (request) => {
          const body = request.body;
          if (body.kind === 'payment' && !['card', 'bank_transfer'].includes(body.method)) {
            throw unprocessable(`The method ${body.method} is not offered`);
          }
          // Keyed on the casino's reference: asking twice gives the same payment, never a second one.
          await ctx.db
            .insert(sandboxPayPayments)
            .values({
              id: `pay_${randomUUID()}`,
              reference: body.reference,
              kind: body.kind,
              method: body.method,
              currency: body.currency,
              amountMinor: BigInt(body.amountMinor),
              status: 'pending',
              returnUrl: body.returnUrl ?? null,
              details: body.details ?? {},
            })
            .onConflictDoNothing();
          const [payment] = await ctx.db
            .select()
            .from(sandboxPayPayments)
            .where(and(eq(sandboxPayPayments.kind, body.kind), eq(sandboxPayPayments.reference, body.reference)));
          if (payment!.kind === 'payout' && payment!.status === 'pending') {
            // Banks answer later: the outcome comes by webhook. An IBAN ending in 0002 is refused (for tests).
            const refused = (payment!.details.iban ?? '').endsWith('0002');
            setTimeout(() => {
              void finish(
                payment!,
                refused ? 'failed' : 'succeeded',
                refused ? 'The bank refused the payout' : undefined,
              );
            }, 300);
          }
          return { data: answerOf(payment!) };
        },
      );
    });

    // The hosted card page: the player's browser only. Card data goes no further than this scope.
    await app.register(async (pages: FastifyInstance) => {
      pages.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      const html = (reply: FastifyReply, body: string, status = 200) =>
        reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
      const idParams = z.object({ id: z.string().max(80) });
      const cardForm = z.object({
        number: z.string().max(40),
        expiry: z.string().max(10),
        cvc: z.string().max(10),
        name: z.string().max(100).optional(),
      });
      const amountText = (p: Payment) => `${formatMinor(p.amountMinor, scaleOf(p.currency))} ${p.currency}`;

      pages.get('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const payment = await find(id);
        if (!payment || payment.kind !== 'payment' || payment.method !== 'card')
          return html(reply, resultPage('unknown'), 404);
        if (payment.status === 'challenge') return html(reply, challengePage(payment.id, amountText(payment)));
        if (payment.status !== 'pending') return html(reply, resultPage(payment.status));
        return html(reply, checkoutPage(payment.id, amountText(payment)));
      });

      pages.post('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const payment = await find(id);
        if (!payment || payment.kind !== 'payment' || payment.method !== 'card')
          return html(reply, resultPage('unknown'), 404);
        if (payment.status !== 'pending')
          return html(reply, resultPage(payment.status === 'challenge' ? 'pending' : payment.status));
        const form = cardForm.safeParse(request.body);
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
        if (errors.length) return html(reply, checkoutPage(payment.id, amountText(payment), errors), 422);
        const outcome = CARD_OUTCOME[number] ?? 'declined';
        if (outcome === 'challenge') {
          await ctx.db
            .update(sandboxPayPayments)
            .set({
              status: 'challenge',
              details: { ...payment.details, last4: number.slice(-4) },
              updatedAt: new Date(),
            })
            .where(eq(sandboxPayPayments.id, payment.id));
          return reply.redirect(`/sandbox/pay/checkout/${payment.id}`, 303);
        }
        const done = await finish(
          payment,
          outcome === 'succeeded' ? 'succeeded' : 'failed',
          outcome === 'declined' ? 'Card declined' : undefined,
        );
        return html(reply, resultPage(done.status));
      });

      pages.post('/checkout/:id/challenge', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const payment = await find(id);
        if (!payment || payment.status !== 'challenge')
          return html(reply, resultPage(payment?.status ?? 'unknown'), payment ? 200 : 404);
        const approve = (request.body as { action?: string } | undefined)?.action === 'approve';
        const done = await finish(
          payment,
          approve ? 'succeeded' : 'failed',
          approve ? undefined : '3-D Secure check failed',
        );
        return html(reply, resultPage(done.status));
      });
    });
  };
