import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  dataEnvelope,
  formatMinor,
  providerPaymentAnswerSchema,
  providerCryptoTransferSchema,
  providerPaymentBodySchema,
  CURRENCY_SEEDS,
  type PaymentFailureReason,
  type ProviderPaymentAnswer,
  type ProviderWebhook,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { unprocessable } from '../../lib/errors.ts';
import { acceptSignedJson } from '../../lib/signed-json.ts';
import { signedPost } from '../../lib/signing.ts';
import { sandboxPayPayments } from './tables.ts';
import { checkoutPage, challengePage, cryptoFaucetPage, qrPayPage, resultPage, walletPage } from './pages.ts';
import { depositAddress } from './crypto.ts';
import { acceptHtmlForms, sendHtml } from '../html.ts';

type Payment = typeof sandboxPayPayments.$inferSelect;

/** The provider's own collection account for bank transfers (a sandbox IBAN). */
export const SANDBOX_COLLECTION_IBAN = 'LU280019400644750000';

/** What a QR code holds: the provider's page where the payment is made (a phone opens it). */
const qrOf = (payment: { id: string }) => `/sandbox/pay/qr/${payment.id}`;
const DEPOSIT_METHODS = ['card', 'bank_transfer', 'ewallet', 'pix', 'qr_pay'];
/** How long a crypto confirmation is leased to one worker before another may take it. */
const LEASE_MS = 30_000;

/** Test cards, as on real PSPs' sandboxes. */
const CARD_OUTCOME: Record<string, 'succeeded' | 'declined' | 'expired' | 'challenge'> = {
  '4242424242424242': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': 'declined',
  '4000000000000069': 'expired',
  '4000000000003220': 'challenge',
};

/** Why a payment failed: the code the casino reads, and the text for people reading logs. */
const FAILURES: Record<PaymentFailureReason, string> = {
  card_declined: 'Card declined',
  expired_card: 'Card expired',
  authentication_failed: '3-D Secure check failed',
  cancelled: 'Cancelled at the e-wallet',
};

/** Confirmations a transfer needs per network before it is credited (as exchanges ask). */
const CONFIRMATIONS: Record<string, number> = { bitcoin: 3, litecoin: 6, erc20: 12, trc20: 20, xrp: 1 };
const confirmationsOf = (transfer: Payment) => CONFIRMATIONS[transfer.details.network ?? ''] ?? 1;

/** A major-unit decimal string in minor units (0 when it has too many decimals). */
function parseMinor(amount: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  const digits = Math.round(Math.log10(scale));
  if (fraction.length > digits) return 0n;
  return BigInt(whole + fraction.padEnd(digits, '0'));
}

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
    // Its hosted pages run in a sandboxed frame (an opaque origin), as the game provider's do: no
    // origin-keying request, which such a frame cannot honour (Chrome warns, and swaps the frame's process).
    app.addHook('onRequest', async (_request, reply) => {
      reply.removeHeader('origin-agent-cluster');
    });
    const webhookUrl = () => `${ctx.selfUrl()}/api/payment/webhooks/sandbox`;

    /** Signed webhook to the casino, retried while no answer arrives; the event id makes retries safe. */
    async function notify(
      payment: Payment,
      type: ProviderWebhook['type'],
      extra: Pick<
        ProviderWebhook,
        'reason' | 'reasonCode' | 'qr' | 'address' | 'confirmations' | 'confirmationsRequired' | 'card'
      > = {},
    ): Promise<boolean> {
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

    /**
     * A card as the provider reports it: its fingerprint is a keyed hash of the number, the same for every
     * payment with that card (as Stripe's `card.fingerprint`), and says nothing of the number.
     */
    const cardOf = (number: string) => ({
      fingerprint: createHmac('sha256', `card-fingerprint:${ctx.paymentSecret}`)
        .update(number)
        .digest('base64url')
        .slice(0, 32),
      last4: number.slice(-4),
    });

    async function finish(
      payment: Payment,
      status: 'succeeded' | 'failed',
      reason?: string | PaymentFailureReason,
    ): Promise<Payment> {
      // A known failure goes as its code too (the casino tells the player why and what to do).
      const reasonCode = reason && reason in FAILURES ? (reason as PaymentFailureReason) : undefined;
      const text = reasonCode ? FAILURES[reasonCode] : reason;
      const [row] = await ctx.db
        .update(sandboxPayPayments)
        .set({
          status,
          reason: text ?? null,
          details: { ...payment.details, ...(reasonCode ? { reasonCode } : {}) },
          updatedAt: new Date(),
        })
        .where(and(eq(sandboxPayPayments.id, payment.id), eq(sandboxPayPayments.status, payment.status)))
        .returning();
      if (!row) return (await find(payment.id))!;
      const kind = row.kind === 'payment' ? 'payment' : 'payout';
      const card =
        status === 'succeeded' && row.details.cardFingerprint && row.details.last4
          ? { card: { fingerprint: row.details.cardFingerprint, last4: row.details.last4 } }
          : {};
      await notify(row, `${kind}.${status}` as ProviderWebhook['type'], {
        ...(text ? { reason: text } : {}),
        ...(reasonCode ? { reasonCode } : {}),
        ...card,
      });
      return row;
    }

    async function find(id: string): Promise<Payment | null> {
      if (!/^pay_[0-9a-f-]{36}$/.test(id)) return null;
      const [row] = await ctx.db.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.id, id));
      return row ?? null;
    }

    /** The answer to the casino; a failed payment says why. */
    function answerOf(payment: Payment): ProviderPaymentAnswer {
      const reasonCode = payment.details.reasonCode as PaymentFailureReason | undefined;
      return payment.status === 'failed' && reasonCode ? { ...stateOf(payment), reasonCode } : stateOf(payment);
    }

    function stateOf(payment: Payment): ProviderPaymentAnswer {
      const status = payment.status === 'challenge' ? 'pending' : payment.status;
      if (payment.kind === 'payout') return { paymentId: payment.id, status };
      if (payment.kind === 'address') {
        return {
          paymentId: payment.id,
          status: 'pending',
          address: payment.details.address!,
          ...(payment.details.tag ? { tag: payment.details.tag } : {}),
          qr: payment.details.tag ? `${payment.details.address}?dt=${payment.details.tag}` : payment.details.address!,
          // Outside production the sandbox offers a page that sends a test transfer to this address.
          ...(ctx.config.production ? {} : { url: `/sandbox/pay/crypto/${payment.id}` }),
        };
      }
      switch (payment.method) {
        case 'card':
          return { paymentId: payment.id, status, url: `/sandbox/pay/checkout/${payment.id}` };
        case 'ewallet':
          return { paymentId: payment.id, status, url: `/sandbox/pay/ewallet/${payment.id}` };
        case 'qr_pay':
          return { paymentId: payment.id, status, qr: qrOf(payment) };
        case 'pix':
          // Like a real PIX acquirer, the code is issued a moment later and reported by webhook.
          return { paymentId: payment.id, status };
        default:
          return { paymentId: payment.id, status, address: SANDBOX_COLLECTION_IBAN };
      }
    }

    // The casino's API: signed JSON only.
    await app.register(async (api: FastifyInstance) => {
      acceptSignedJson(api, {
        secret: ctx.paymentSecret,
        previousSecret: ctx.previousSecrets.payment,
        scope: 'sandbox-pay',
        replayGuard: ctx.replayGuard,
        bodyLimit: 16 * 1024,
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
          if (body.kind === 'payment' && !DEPOSIT_METHODS.includes(body.method)) {
            throw unprocessable(`The method ${body.method} is not offered`);
          }
          if (body.kind === 'address' && body.method !== 'crypto') throw unprocessable('Addresses are for crypto');
          const address =
            body.kind === 'address'
              ? depositAddress(ctx.paymentSecret, body.reference, body.details?.network ?? '')
              : null;
          // Keyed on the casino's reference: asking twice gives the same payment, never a second one.
          await ctx.db
            .insert(sandboxPayPayments)
            .values({
              id: `pay_${randomUUID()}`,
              reference: body.reference,
              kind: body.kind,
              method: body.method,
              currency: body.currency,
              amountMinor: body.kind === 'address' ? 0n : BigInt(body.amountMinor),
              status: 'pending',
              returnUrl: body.returnUrl ?? null,
              details: {
                ...body.details,
                ...(address ? { address: address.address, ...(address.tag ? { tag: address.tag } : {}) } : {}),
                ...(body.successUrl ? { successUrl: body.successUrl } : {}),
                ...(body.errorUrl ? { errorUrl: body.errorUrl } : {}),
              },
            })
            .onConflictDoNothing();
          const [payment] = await ctx.db
            .select()
            .from(sandboxPayPayments)
            .where(and(eq(sandboxPayPayments.kind, body.kind), eq(sandboxPayPayments.reference, body.reference)));
          if (payment!.method === 'pix' && payment!.status === 'pending') {
            setTimeout(() => void notify(payment!, 'payment.updated', { qr: qrOf(payment!) }), 500);
          }
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

      // Development only: a transfer "arrives" on chain (the ops CLI and the faucet page use it).
      api
        .withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>()
        .post(
          '/api/crypto/transfers',
          { schema: { hide: true, body: providerCryptoTransferSchema } },
          async (request) => ({ data: await receiveTransfer(request.body.address, request.body.amount) }),
        );
    });

    /** A transfer to one of our addresses (an address, or `address?dt=tag` for XRP): seen now, confirmed later. */
    async function receiveTransfer(target: string, amount: string, addressId?: string) {
      if (ctx.config.production) throw unprocessable('Test transfers exist only outside production');
      const [address, tag] = target.split('?dt=');
      const [owner] = await ctx.db
        .select()
        .from(sandboxPayPayments)
        .where(
          addressId
            ? and(eq(sandboxPayPayments.kind, 'address'), eq(sandboxPayPayments.id, addressId))
            : and(
                eq(sandboxPayPayments.kind, 'address'),
                sql`${sandboxPayPayments.details}->>'address' = ${address}`,
                tag ? sql`${sandboxPayPayments.details}->>'tag' = ${tag}` : sql`true`,
              ),
        )
        .limit(1);
      if (!owner) throw unprocessable('No deposit address of ours matches');
      const scale = scaleOf(owner.currency);
      const minor = parseMinor(amount, scale);
      if (minor <= 0n) throw unprocessable('The amount must be positive');
      const [transfer] = await ctx.db
        .insert(sandboxPayPayments)
        .values({
          id: `pay_${randomUUID()}`,
          reference: randomUUID(),
          kind: 'transfer',
          method: 'crypto',
          currency: owner.currency,
          amountMinor: minor,
          status: 'pending',
          details: {
            addressRef: owner.reference,
            address: owner.details.address!,
            ...(owner.details.network ? { network: owner.details.network } : {}),
          },
          confirmAt: new Date(Date.now() + ctx.config.payment.cryptoConfirmSeconds * 1000),
        })
        .returning();
      await notifyTransfer(transfer!, 'payment.received', 0);
      return { transferId: transfer!.id, confirmAt: transfer!.confirmAt!.toISOString() };
    }

    const notifyTransfer = (
      transfer: Payment,
      type: 'payment.received' | 'payment.updated' | 'payment.succeeded',
      confirmations: number,
    ) =>
      notify({ ...transfer, reference: transfer.details.addressRef! }, type, {
        address: transfer.details.address,
        confirmations,
        confirmationsRequired: confirmationsOf(transfer),
      });

    /**
     * Confirmations so far of transfers still waiting, reported as they come (evenly over
     * CRYPTO_CONFIRM_SECONDS); the casino keeps the highest count it has heard.
     */
    async function reportProgress() {
      const waiting = await ctx.db
        .select()
        .from(sandboxPayPayments)
        .where(
          and(
            eq(sandboxPayPayments.kind, 'transfer'),
            eq(sandboxPayPayments.status, 'pending'),
            sql`${sandboxPayPayments.confirmAt} > now()`,
          ),
        )
        .limit(50);
      const total = Math.max(1, ctx.config.payment.cryptoConfirmSeconds) * 1000;
      for (const transfer of waiting) {
        const required = confirmationsOf(transfer);
        const elapsed = Date.now() - transfer.createdAt.getTime();
        const now = Math.min(required - 1, Math.floor((elapsed / total) * required));
        const told = Number(transfer.details.confirmations ?? 0);
        if (now <= told) continue;
        // Only the worker that moves the count tells the casino.
        const [moved] = await ctx.db
          .update(sandboxPayPayments)
          .set({ details: { ...transfer.details, confirmations: String(now) } })
          .where(
            and(
              eq(sandboxPayPayments.id, transfer.id),
              sql`coalesce(${sandboxPayPayments.details}->>'confirmations', '0') = ${String(told)}`,
            ),
          )
          .returning();
        if (moved) await notifyTransfer(moved, 'payment.updated', now);
      }
    }

    /**
     * Confirmations: a leased job. A worker takes due transfers with FOR UPDATE SKIP LOCKED and leases
     * them (confirm_at moves 30 s ahead) before it tells the casino; only a delivered webhook settles
     * a transfer, so after a crash or restart the lease runs out and the transfer is confirmed again.
     */
    async function confirmDue() {
      const due = await ctx.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(sandboxPayPayments)
          .where(
            and(
              eq(sandboxPayPayments.kind, 'transfer'),
              eq(sandboxPayPayments.status, 'pending'),
              sql`${sandboxPayPayments.confirmAt} <= now()`,
            ),
          )
          .limit(20)
          .for('update', { skipLocked: true });
        for (const row of rows) {
          await tx
            .update(sandboxPayPayments)
            .set({ confirmAt: new Date(Date.now() + LEASE_MS) })
            .where(eq(sandboxPayPayments.id, row.id));
        }
        return rows;
      });
      for (const transfer of due) {
        if (await notifyTransfer(transfer, 'payment.succeeded', confirmationsOf(transfer))) {
          await ctx.db
            .update(sandboxPayPayments)
            .set({ status: 'succeeded', updatedAt: new Date() })
            .where(eq(sandboxPayPayments.id, transfer.id));
        }
      }
    }
    let confirming = false;
    const timer = setInterval(() => {
      if (confirming) return;
      confirming = true;
      confirmDue()
        .then(reportProgress)
        .catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'crypto confirmations failed'))
        .finally(() => {
          confirming = false;
        });
    }, 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    // The hosted card page: the player's browser only. Card data goes no further than this scope.
    await app.register(async (pages: FastifyInstance) => {
      acceptHtmlForms(pages);
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
          return sendHtml(reply, resultPage('unknown'), 404);
        if (payment.status === 'challenge') return sendHtml(reply, challengePage(payment.id, amountText(payment)));
        if (payment.status !== 'pending') return sendHtml(reply, resultPage(payment.status));
        return sendHtml(reply, checkoutPage(payment.id, amountText(payment)));
      });

      pages.post('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const payment = await find(id);
        if (!payment || payment.kind !== 'payment' || payment.method !== 'card')
          return sendHtml(reply, resultPage('unknown'), 404);
        if (payment.status !== 'pending')
          return sendHtml(reply, resultPage(payment.status === 'challenge' ? 'pending' : payment.status));
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
        if (errors.length) return sendHtml(reply, checkoutPage(payment.id, amountText(payment), errors), 422);
        const outcome = CARD_OUTCOME[number] ?? 'declined';
        const card = cardOf(number);
        const withCard = { ...payment.details, last4: card.last4, cardFingerprint: card.fingerprint };
        if (outcome === 'challenge') {
          await ctx.db
            .update(sandboxPayPayments)
            .set({ status: 'challenge', details: withCard, updatedAt: new Date() })
            .where(eq(sandboxPayPayments.id, payment.id));
          return reply.redirect(`/sandbox/pay/checkout/${payment.id}`, 303);
        }
        const done = await finish(
          { ...payment, details: withCard },
          outcome === 'succeeded' ? 'succeeded' : 'failed',
          outcome === 'expired' ? 'expired_card' : outcome === 'declined' ? 'card_declined' : undefined,
        );
        return sendHtml(reply, resultPage(done.status));
      });

      /** The e-wallet's page (a new tab): pay or cancel, then back to the casino's return address. */
      const back = (payment: Payment, paid: boolean) =>
        (paid ? payment.details.successUrl : payment.details.errorUrl) ?? payment.returnUrl ?? '/';
      pages.get('/ewallet/:id', { schema: { hide: true } }, async (request, reply) => {
        const payment = await find(idParams.parse(request.params).id);
        if (!payment || payment.method !== 'ewallet') return sendHtml(reply, resultPage('unknown'), 404);
        if (payment.status !== 'pending') return sendHtml(reply, resultPage(payment.status));
        return sendHtml(reply, walletPage(payment.id, amountText(payment)));
      });
      pages.post('/ewallet/:id', { schema: { hide: true } }, async (request, reply) => {
        const payment = await find(idParams.parse(request.params).id);
        if (!payment || payment.method !== 'ewallet') return sendHtml(reply, resultPage('unknown'), 404);
        if (payment.status !== 'pending') return reply.redirect(back(payment, payment.status === 'succeeded'), 303);
        const paid = (request.body as { action?: string } | undefined)?.action === 'pay';
        const done = await finish(payment, paid ? 'succeeded' : 'failed', paid ? undefined : 'cancelled');
        return reply.redirect(back(done, done.status === 'succeeded'), 303);
      });

      /** Where a QR code leads (PIX, pay-by-QR): the payer's bank app, here a page with one button. */
      pages.get('/qr/:id', { schema: { hide: true } }, async (request, reply) => {
        const payment = await find(idParams.parse(request.params).id);
        if (!payment || !['pix', 'qr_pay'].includes(payment.method)) return sendHtml(reply, resultPage('unknown'), 404);
        if (payment.status !== 'pending') return sendHtml(reply, resultPage(payment.status));
        return sendHtml(reply, qrPayPage(payment.id, amountText(payment)));
      });
      pages.post('/qr/:id', { schema: { hide: true } }, async (request, reply) => {
        const payment = await find(idParams.parse(request.params).id);
        if (!payment || !['pix', 'qr_pay'].includes(payment.method)) return sendHtml(reply, resultPage('unknown'), 404);
        if (payment.status !== 'pending') return sendHtml(reply, resultPage(payment.status));
        const done = await finish(payment, 'succeeded');
        return sendHtml(reply, resultPage(done.status));
      });

      /** Development: send a test transfer to a deposit address (a stand-in for another wallet). */
      pages.get('/crypto/:id', { schema: { hide: true } }, async (request, reply) => {
        const [owner] = await ctx.db
          .select()
          .from(sandboxPayPayments)
          .where(eq(sandboxPayPayments.id, idParams.parse(request.params).id));
        if (ctx.config.production || !owner || owner.kind !== 'address')
          return sendHtml(reply, resultPage('unknown'), 404);
        return sendHtml(reply, cryptoFaucetPage(owner.id, owner.currency, owner.details.address!, owner.details.tag));
      });
      pages.post('/crypto/:id', { schema: { hide: true } }, async (request, reply) => {
        const id = idParams.parse(request.params).id;
        const amount = String((request.body as { amount?: unknown } | undefined)?.amount ?? '').trim();
        if (!/^\d{1,12}(\.\d{1,8})?$/.test(amount)) return sendHtml(reply, resultPage('unknown'), 422);
        await receiveTransfer('', amount, id);
        return sendHtml(reply, resultPage('sent'));
      });

      pages.post('/checkout/:id/challenge', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const payment = await find(id);
        if (!payment || payment.status !== 'challenge')
          return sendHtml(reply, resultPage(payment?.status ?? 'unknown'), payment ? 200 : 404);
        const approve = (request.body as { action?: string } | undefined)?.action === 'approve';
        const done = await finish(
          payment,
          approve ? 'succeeded' : 'failed',
          approve ? undefined : 'authentication_failed',
        );
        return sendHtml(reply, resultPage(done.status));
      });
    });
  };
