import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  dataEnvelope,
  providerCryptoTransferSchema,
  providerPaymentAnswerSchema,
  providerPaymentBodySchema,
  type ProviderPaymentBody,
} from '@casino/contracts';
import { unprocessable } from '../../lib/errors.ts';
import { acceptSignedJson } from '../../lib/signed-json.ts';
import { answerOf } from './answers.ts';
import { depositAddress } from './crypto.ts';
import { receiveTransfer } from './crypto-transfers.ts';
import { finish, notify, qrOf, type Payment, type SandboxPay } from './provider.ts';
import { sandboxPayPayments } from './tables.ts';

const DEPOSIT_METHODS = ['card', 'bank_transfer', 'ewallet', 'pix', 'qr_pay'];

/** The payment the casino asks for, once: keyed on its reference, asking twice gives the same payment. */
async function paymentFor({ ctx }: SandboxPay, body: ProviderPaymentBody): Promise<Payment> {
  if (body.kind === 'payment' && !DEPOSIT_METHODS.includes(body.method)) {
    throw unprocessable(`The method ${body.method} is not offered`);
  }
  if (body.kind === 'address' && body.method !== 'crypto') throw unprocessable('Addresses are for crypto');
  const address =
    body.kind === 'address' ? depositAddress(ctx.paymentSecret, body.reference, body.details?.network ?? '') : null;
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
  return payment!;
}

/** What happens later by itself: a PIX code is issued, a bank answers a payout. */
function followUp(sp: SandboxPay, payment: Payment) {
  if (payment.method === 'pix' && payment.status === 'pending') {
    setTimeout(() => void notify(sp, payment, 'payment.updated', { qr: qrOf(payment) }), 500);
  }
  if (payment.kind === 'payout' && payment.status === 'pending') {
    // Banks answer later: the outcome comes by webhook. An IBAN ending in 0002 is refused (for tests).
    const refused = (payment.details.iban ?? '').endsWith('0002');
    setTimeout(() => {
      void finish(sp, payment, refused ? 'failed' : 'succeeded', refused ? 'The bank refused the payout' : undefined);
    }, 300);
  }
}

/** The casino's API: signed JSON only. */
export function casinoApi(sp: SandboxPay) {
  const { ctx } = sp;
  return async (api: FastifyInstance) => {
    acceptSignedJson(api, {
      secret: ctx.paymentSecret,
      previousSecret: ctx.previousSecrets.payment,
      scope: 'sandbox-pay',
      replayGuard: ctx.replayGuard,
      bodyLimit: 16 * 1024,
    });
    api.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments',
      {
        schema: {
          hide: true,
          body: providerPaymentBodySchema,
          response: { 200: dataEnvelope(providerPaymentAnswerSchema) },
        },
      },
      async (request) => {
        const payment = await paymentFor(sp, request.body);
        followUp(sp, payment);
        return { data: answerOf(ctx, payment) };
      },
    );

    // Development only: a transfer "arrives" on chain (the ops CLI and the faucet page use it).
    api
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/crypto/transfers',
        { schema: { hide: true, body: providerCryptoTransferSchema } },
        async (request) => ({ data: await receiveTransfer(sp, request.body.address, request.body.amount) }),
      );
  };
}
