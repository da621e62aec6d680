import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatMinor } from '@casino/contracts';
import { acceptHtmlForms, sendHtml } from '../html.ts';
import { cardPages } from './card-pages.ts';
import { receiveTransfer } from './crypto-transfers.ts';
import { cryptoFaucetPage, qrPayPage, resultPage, walletPage } from './pages.ts';
import { find, finish, scaleOf, type Payment, type SandboxPay } from './provider.ts';
import { sandboxPayPayments } from './tables.ts';

// An id no payment can have (too long) is an unknown payment: a 4xx, never a 500.
const idParams = z.object({ id: z.string().max(80).catch('') });
const amountText = (p: Payment) => `${formatMinor(p.amountMinor, scaleOf(p.currency))} ${p.currency}`;

/** The e-wallet's page (a new tab): pay or cancel, then back to the casino's return address. */
function walletPages(pages: FastifyInstance, sp: SandboxPay) {
  const back = (payment: Payment, paid: boolean) =>
    (paid ? payment.details.successUrl : payment.details.errorUrl) ?? payment.returnUrl ?? '/';
  pages.get('/ewallet/:id', { schema: { hide: true } }, async (request, reply) => {
    const payment = await find(sp, idParams.parse(request.params).id);
    if (!payment || payment.method !== 'ewallet') return sendHtml(reply, resultPage('unknown'), 404);
    if (payment.status !== 'pending') return sendHtml(reply, resultPage(payment.status));
    return sendHtml(reply, walletPage(payment.id, amountText(payment)));
  });
  pages.post('/ewallet/:id', { schema: { hide: true } }, async (request, reply) => {
    const payment = await find(sp, idParams.parse(request.params).id);
    if (!payment || payment.method !== 'ewallet') return sendHtml(reply, resultPage('unknown'), 404);
    if (payment.status !== 'pending') return reply.redirect(back(payment, payment.status === 'succeeded'), 303);
    const paid = (request.body as { action?: string } | undefined)?.action === 'pay';
    const done = await finish(sp, payment, paid ? 'succeeded' : 'failed', paid ? undefined : 'cancelled');
    return reply.redirect(back(done, done.status === 'succeeded'), 303);
  });
}

/** Where a QR code leads (PIX, pay-by-QR): the payer's bank app, here a page with one button. */
function qrPages(pages: FastifyInstance, sp: SandboxPay) {
  pages.get('/qr/:id', { schema: { hide: true } }, async (request, reply) => {
    const payment = await find(sp, idParams.parse(request.params).id);
    if (!payment || !['pix', 'qr_pay'].includes(payment.method)) return sendHtml(reply, resultPage('unknown'), 404);
    if (payment.status !== 'pending') return sendHtml(reply, resultPage(payment.status));
    return sendHtml(reply, qrPayPage(payment.id, amountText(payment)));
  });
  pages.post('/qr/:id', { schema: { hide: true } }, async (request, reply) => {
    const payment = await find(sp, idParams.parse(request.params).id);
    if (!payment || !['pix', 'qr_pay'].includes(payment.method)) return sendHtml(reply, resultPage('unknown'), 404);
    if (payment.status !== 'pending') return sendHtml(reply, resultPage(payment.status));
    const done = await finish(sp, payment, 'succeeded');
    return sendHtml(reply, resultPage(done.status));
  });
}

/** Development: send a test transfer to a deposit address (a stand-in for another wallet). */
function faucetPages(pages: FastifyInstance, sp: SandboxPay) {
  const { ctx } = sp;
  pages.get('/crypto/:id', { schema: { hide: true } }, async (request, reply) => {
    const [owner] = await ctx.db
      .select()
      .from(sandboxPayPayments)
      .where(eq(sandboxPayPayments.id, idParams.parse(request.params).id));
    if (ctx.config.production || !owner || owner.kind !== 'address') return sendHtml(reply, resultPage('unknown'), 404);
    return sendHtml(reply, cryptoFaucetPage(owner.id, owner.currency, owner.details.address!, owner.details.tag));
  });
  pages.post('/crypto/:id', { schema: { hide: true } }, async (request, reply) => {
    const id = idParams.parse(request.params).id;
    const amount = String((request.body as { amount?: unknown } | undefined)?.amount ?? '').trim();
    if (!/^\d{1,12}(\.\d{1,8})?$/.test(amount)) return sendHtml(reply, resultPage('unknown'), 422);
    await receiveTransfer(sp, '', amount, id);
    return sendHtml(reply, resultPage('sent'));
  });
}

/** The hosted pages: the player's browser only. Card data goes no further than this scope. */
export function hostedPages(sp: SandboxPay) {
  return async (pages: FastifyInstance) => {
    acceptHtmlForms(pages);
    cardPages(pages, sp, idParams, amountText);
    walletPages(pages, sp);
    qrPages(pages, sp);
    faucetPages(pages, sp);
  };
}
