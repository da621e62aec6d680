import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_SEEDS } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { authHeader, createPlayer } from '../../wallet/__tests__/factories.ts';
import { sendTestTransfer } from '../index.ts';
import { jsonCaller, type Json } from './http.ts';

/** What the payment screens tell a player: why a card failed, a crypto transfer's progress, round amounts. */
let server: TestServer;
let base: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  // Confirmations come over 8 s: a transfer is read back with none while a loaded machine takes over a
  // second between sending it and reading it (CI-like load saw 1 of them at 3 s).
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0', CRYPTO_CONFIRM_SECONDS: '8' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

const call = jsonCaller(() => base);

async function player() {
  const p = await createPlayer(server.ctx.db);
  return { ...p, auth: await authHeader(server.ctx, p.id) };
}

const form = (path: string, body: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
    redirect: 'manual',
  });

async function settled(auth: Record<string, string>, id: string): Promise<Json> {
  for (let i = 0; i < 300; i++) {
    const { json } = await call('GET', `/api/payment/invoices/${id}`, auth);
    if (json.data.status !== 1) return json.data;
    await sleep(100);
  }
  throw new Error('still pending');
}

const mantissaOf = (value: number) => value / 10 ** Math.floor(Math.log10(value) + 1e-9);
/** Minimums and presets: 1, 2, 2.5 or 5 times a power of ten. */
const isRound = (value: number) => value > 0 && [1, 2, 2.5, 5, 10].some((m) => Math.abs(mantissaOf(value) - m) < 1e-6);
/** Maximums: one significant digit (3,000; 30,000). */
const isOneDigit = (value: number) => value > 0 && Math.abs(mantissaOf(value) - Math.round(mantissaOf(value))) < 1e-6;

describe('why a card payment failed', () => {
  async function cardDeposit(auth: Record<string, string>, number: string) {
    const created = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'card',
      currency: 'EUR',
      amount: 20,
    });
    const paid = await form(created.json.data.action, { number, expiry: '12/39', cvc: '123' });
    return { id: created.json.data.invoiceId as string, url: created.json.data.action as string, paid };
  }

  it('a declined card, a failed 3-D Secure check and an expired card each reach the invoice with their reason', async () => {
    const { auth } = await player();
    const declined = await cardDeposit(auth, '4000000000000002');
    expect((await settled(auth, declined.id)).publicData).toMatchObject({ reason: 'card_declined' });

    const challenged = await cardDeposit(auth, '4000000000003220');
    expect(challenged.paid.status).toBe(303);
    await form(`${challenged.url}/challenge`, { action: 'fail' });
    expect((await settled(auth, challenged.id)).publicData).toMatchObject({ reason: 'authentication_failed' });

    const expired = await cardDeposit(auth, '4000000000000069');
    expect(await expired.paid.text()).toContain('Payment declined');
    expect((await settled(auth, expired.id)).publicData).toMatchObject({ reason: 'expired_card' });
  });
});

describe('round amounts', () => {
  it('minimums, maximums and presets are round numbers in every currency, crypto networks too', async () => {
    const { auth } = await player();
    for (const { code } of CURRENCY_SEEDS) {
      for (const direction of ['deposit', 'withdrawal']) {
        const { json } = await call('GET', `/api/payment/methods/${direction}?currency=${code}`, auth);
        for (const method of json.data as Json[]) {
          const amounts = [method.amountMin, ...method.presets.map((p: Json) => p.amount)];
          const maxima = [method.amountMax];
          for (const option of method.fields.flatMap((f: Json) => f.options ?? [])) {
            amounts.push(option.minAmount);
            maxima.push(option.maxAmount);
          }
          const odd = [...amounts.filter((a) => !isRound(a)), ...maxima.filter((a) => !isOneDigit(a))];
          expect(odd, `${direction} ${method.method} ${code}`).toEqual([]);
        }
      }
    }
    const brl = await call('GET', '/api/payment/methods/deposit?currency=BRL', auth);
    const card = brl.json.data.find((m: Json) => m.method === 'card');
    expect(card.amountMin).toBe(50);
    expect(card.presets.map((p: Json) => p.amount)).toEqual([100, 250, 500, 1000]);
  });
});

describe('a crypto transfer on its way', () => {
  it('is seen with 0 of its required confirmations, counts up, and ends credited with all of them', async () => {
    const { auth } = await player();
    const btc = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'crypto',
      currency: 'BTC',
      fields: { crypto_network: 'bitcoin' },
    });
    await sendTestTransfer(server.ctx, btc.json.data.address, '0.002');
    const seen = await call('GET', '/api/payment/invoices?currency=BTC', auth);
    const invoice = seen.json.data[0];
    expect(invoice).toMatchObject({ status: 1, amount: 0.002 });
    expect(invoice.publicData).toMatchObject({ address: btc.json.data.address, confirmations: 0 });
    const required = invoice.publicData.confirmationsRequired;
    expect(required).toBeGreaterThan(1);

    // Progress arrives before the credit.
    let progress = 0;
    for (let i = 0; i < 150 && progress === 0; i++) {
      await sleep(100);
      const { json } = await call('GET', `/api/payment/invoices/${invoice.id}`, auth);
      if (json.data.status === 1) progress = json.data.publicData.confirmations;
      else break;
    }
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(required);
    const done = await settled(auth, invoice.id);
    expect(done).toMatchObject({ status: 2, publicData: { confirmations: required, confirmationsRequired: required } });
  });
});
