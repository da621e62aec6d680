import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, LimitDefinition, type ProviderWebhook } from '@casino/contracts';
import { signCall } from '../../../lib/signing.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { authHeader, createPlayer } from '../../wallet/__tests__/factories.ts';
import { credit } from '../../wallet/index.ts';
import { ledgerEntries, walletAccounts } from '../../wallet/tables.ts';
import { excludePlayer, setMoneyLimit } from '../../limits/index.ts';
import { approveWithdrawal, sendTestTransfer } from '../index.ts';
import { paymentInvoices } from '../tables.ts';
import { jsonCaller, type Json } from './http.ts';

/** Deposits and withdrawals end to end over real HTTP: casino API, sandbox provider, signed webhooks. */
let server: TestServer;
let base: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0', CRYPTO_CONFIRM_SECONDS: '1' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

const call = jsonCaller(() => base);

async function player(euros?: number) {
  const p = await createPlayer(server.ctx.db);
  const auth = await authHeader(server.ctx, p.id);
  if (euros)
    await credit(server.ctx.db, {
      playerId: p.id,
      amount: euros,
      currency: 'EUR',
      idempotencyKey: randomUUID(),
      reason: 'test',
    });
  return { ...p, auth };
}

async function account(playerId: string) {
  const [row] = await server.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.playerId, playerId));
  const [sum] = await server.ctx.db
    .select({
      real: sql<string>`coalesce(sum(real_delta),0)::text`,
      locked: sql<string>`coalesce(sum(locked_delta),0)::text`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, row!.id));
  // Σ ledger = balance, after every flow.
  expect(BigInt(sum!.real)).toBe(row!.realBalance);
  expect(BigInt(sum!.locked)).toBe(row!.lockedBalance);
  return { real: row!.realBalance, locked: row!.lockedBalance };
}

async function payByCard(url: string, number: string) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number, expiry: '12/39', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

async function invoiceStatus(auth: Record<string, string>, id: string): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const { json } = await call('GET', `/api/payment/invoices/${id}`, auth);
    if (json.data.status !== 1) return json.data.status;
    await sleep(100);
  }
  return 1;
}

function signedWebhook(
  event: ProviderWebhook,
  options: { path?: string; timestamp?: number; requestId?: string; secret?: string } = {},
) {
  const body = JSON.stringify(event);
  const headers = signCall(
    options.secret ?? server.ctx.paymentSecret,
    { method: 'POST', path: options.path ?? '/api/payment/webhooks/sandbox', body },
    {
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      ...(options.requestId ? { requestId: options.requestId } : {}),
    },
  );
  return fetch(`${base}/api/payment/webhooks/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('methods', () => {
  it('lists methods per currency (card, e-wallet, QR, bank transfer; PIX for BRL; crypto networks), an IBAN field for withdrawals', async () => {
    const { auth } = await player();
    const deposit = await call('GET', '/api/payment/methods/deposit?currency=EUR', auth);
    expect(deposit.status).toBe(200);
    expect(deposit.json.data.map((m: Json) => [m.method, m.processingType])).toEqual([
      ['card', 'iframe'],
      ['ewallet', 'form'],
      ['qr_pay', 'qr'],
      ['bank_transfer', 'message'],
      // The second provider's e-wallet (routed to Orbit by default).
      ['orbit_wallet', 'form'],
    ]);
    const brl = await call('GET', '/api/payment/methods/deposit?currency=BRL', auth);
    expect(brl.json.data.find((m: Json) => m.method === 'pix')).toMatchObject({ processingType: 'asyncRedirect' });
    const usdt = await call('GET', '/api/payment/methods/deposit?currency=USDT', auth);
    expect(usdt.json.data[0]).toMatchObject({ method: 'crypto', type: 'address' });
    expect(usdt.json.data[0].fields[0].options.map((o: Json) => o.id)).toEqual(['erc20', 'trc20']);
    const card = deposit.json.data[0];
    expect(card.amountMin).toBe(10);
    expect(card.presets.filter((p: Json) => p.default)).toHaveLength(1);
    const withdrawal = await call('GET', '/api/payment/methods/withdrawal?currency=EUR', auth);
    expect(withdrawal.json.data[0].fields[0]).toMatchObject({ key: 'iban', isRequired: true });
    expect((await call('GET', '/api/payment/methods/deposit?currency=eur%00', auth)).status).toBe(422);
    expect((await call('GET', '/api/payment/methods/deposit?currency=EUR', {})).status).toBe(401);
  });
});

describe('card deposits', () => {
  it('credits a paid card deposit once, on the provider webhook; the card number never reaches the casino', async () => {
    const { id, auth } = await player();
    const created = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'card',
      currency: 'EUR',
      amount: 25,
    });
    expect(created.status).toBe(200);
    expect(created.json.data).toMatchObject({ type: 'iframe', method: 'card' });
    const url: string = created.json.data.action;
    expect(url).toMatch(/^\/sandbox\/pay\/checkout\/pay_/);
    const page = await fetch(`${base}${url}`);
    expect(await page.text()).toContain('Card number');
    const paid = await payByCard(url, '4242 4242 4242 4242');
    expect(paid.html).toContain('Payment approved');
    expect(await invoiceStatus(auth, created.json.data.invoiceId)).toBe(2);
    expect(await account(id)).toEqual({ real: 2500n, locked: 0n });
    const [invoice] = await server.ctx.db
      .select()
      .from(paymentInvoices)
      .where(eq(paymentInvoices.id, created.json.data.invoiceId));
    expect(JSON.stringify(invoice, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).not.toContain(
      '4242424242424242',
    );
    // Paying the same page again changes nothing.
    expect((await payByCard(url, '4242424242424242')).html).toContain('Payment approved');
    expect(await account(id)).toEqual({ real: 2500n, locked: 0n });
  });

  it('a declined card fails the invoice and moves nothing; 3-D Secure approve credits', async () => {
    const { id, auth } = await player();
    const declined = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'card',
      currency: 'EUR',
      amount: 30,
    });
    expect((await payByCard(declined.json.data.action, '4000000000000002')).html).toContain('Payment declined');
    expect(await invoiceStatus(auth, declined.json.data.invoiceId)).toBe(3);

    const challenged = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'card',
      currency: 'EUR',
      amount: 40,
    });
    const step = await payByCard(challenged.json.data.action, '4000000000003220');
    expect(step.status).toBe(303);
    expect(await (await fetch(`${base}${step.location}`)).text()).toContain('Confirm this payment');
    const approve = await fetch(`${base}${challenged.json.data.action}/challenge`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=approve',
    });
    expect(await approve.text()).toContain('Payment approved');
    expect(await invoiceStatus(auth, challenged.json.data.invoiceId)).toBe(2);
    expect(await account(id)).toEqual({ real: 4000n, locked: 0n });
  });

  it('refuses bad input with 4xx and creates nothing', async () => {
    const { id, auth } = await player();
    const cases: unknown[] = [
      { method: 'card', currency: 'EUR', amount: 'abc' },
      { method: 'card', currency: 'EUR', amount: 5 },
      { method: 'card', currency: 'EUR', amount: 1e14 },
      { method: 'card', currency: 'EUR', amount: 10.001 },
      { method: 'card\u0000', currency: 'EUR', amount: 20 },
      { method: 'card', currency: 'EUR', amount: 20, redirectUrl: 'https://evil.example/' },
      { method: 'card', currency: 'EUR', amount: 20, redirectUrl: '//evil.example/' },
      { method: 'card', currency: 'EUR', amount: 20, extra: 1 },
      { method: 'x'.repeat(5000), currency: 'EUR', amount: 20 },
    ];
    for (const body of cases) {
      const { status } = await call('POST', '/api/payment/invoices/deposit', auth, body);
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect(
      (await call('POST', '/api/payment/invoices/deposit', auth, { method: 'crypto', currency: 'EUR', amount: 20 }))
        .json.error.code,
    ).toBe(ErrorCode.paymentMethodUnavailable);
    const rows = await server.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.playerId, id));
    expect(rows).toHaveLength(0);
  });
});

describe('webhooks', () => {
  async function openDeposit() {
    const p = await player();
    const created = await call('POST', '/api/payment/invoices/deposit', p.auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 50,
    });
    const [row] = await server.ctx.db
      .select()
      .from(paymentInvoices)
      .where(eq(paymentInvoices.id, created.json.data.invoiceId));
    const event: ProviderWebhook = {
      eventId: randomUUID(),
      type: 'payment.succeeded',
      paymentId: row!.providerPaymentId!,
      reference: row!.id,
      currency: 'EUR',
      amountMinor: '5000',
    };
    return { ...p, event, invoiceId: row!.id };
  }

  it('refuses a bad signature, another path’s signature, an old timestamp and a replayed request id; moves nothing', async () => {
    const { id, event } = await openDeposit();
    expect((await signedWebhook(event, { secret: 'x'.repeat(40) })).status).toBe(401);
    expect((await signedWebhook(event, { path: '/api/provider-wallet/win' })).status).toBe(401);
    expect((await signedWebhook(event, { timestamp: Date.now() - 10 * 60_000 })).status).toBe(401);
    const requestId = randomUUID();
    expect((await signedWebhook(event, { requestId })).status).toBe(200);
    expect((await signedWebhook({ ...event, eventId: randomUUID() }, { requestId })).status).toBe(401);
    expect(await account(id)).toEqual({ real: 5000n, locked: 0n });
  });

  it('applies an event id once and a deposit once, even when re-sent under new event ids', async () => {
    const { id, event } = await openDeposit();
    const answers = await Promise.all([
      signedWebhook(event),
      signedWebhook(event),
      signedWebhook({ ...event, eventId: randomUUID() }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const outcomes = await Promise.all(answers.map(async (a) => ((await a.json()) as Json).data.outcome));
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(await account(id)).toEqual({ real: 5000n, locked: 0n });
  });

  it('refuses an event that does not match its invoice', async () => {
    const { id, event } = await openDeposit();
    expect((await signedWebhook({ ...event, amountMinor: '500000' })).status).toBe(422);
    expect((await signedWebhook({ ...event, currency: 'USD' })).status).toBe(422);
    expect((await signedWebhook({ ...event, type: 'payout.succeeded' })).status).toBe(422);
    expect(await account(id)).toEqual({ real: 0n, locked: 0n });
  });
});

describe('withdrawals', () => {
  const iban = 'DE89370400440532013000';

  it('locks at request; the player cancels (money back); approval pays out on the provider webhook', async () => {
    const { id, auth } = await player(100);
    const request = await call('POST', '/api/payment/invoices/withdrawal', auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 30,
      fields: { iban },
    });
    expect(request.status).toBe(200);
    expect(await account(id)).toEqual({ real: 7000n, locked: 3000n });
    const cancelled = await call('PUT', `/api/payment/invoices/${request.json.data.invoiceId}/decline`, auth);
    expect(cancelled.json.data).toMatchObject({ status: 3, cancellable: false });
    expect(await account(id)).toEqual({ real: 10000n, locked: 0n });
    expect((await call('PUT', `/api/payment/invoices/${request.json.data.invoiceId}/decline`, auth)).status).toBe(409);

    const second = await call('POST', '/api/payment/invoices/withdrawal', auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 40,
      fields: { iban },
    });
    await approveWithdrawal(server.ctx, second.json.data.invoiceId);
    expect(await invoiceStatus(auth, second.json.data.invoiceId)).toBe(2);
    expect(await account(id)).toEqual({ real: 6000n, locked: 0n });
    // Sent to the provider: no longer the player's to cancel.
    expect((await call('PUT', `/api/payment/invoices/${second.json.data.invoiceId}/decline`, auth)).status).toBe(409);
  });

  it('an operator declines with a reason: the money comes back and the player reads why', async () => {
    const { id, auth } = await player(100);
    const request = await call('POST', '/api/payment/invoices/withdrawal', auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 30,
      fields: { iban },
    });
    const invoice = request.json.data.invoiceId as string;
    const decline = (reason: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/admin/commands/invoices',
        headers: { 'x-ops-secret': server.ctx.opsSecret },
        payload: { action: 'withdrawals-decline', invoice, reason },
      });
    expect((await decline('nul\u0000')).statusCode).toBe(422);
    expect((await decline('x'.repeat(301))).statusCode).toBe(422);
    expect((await decline('The IBAN is not in your name')).statusCode).toBe(200);
    expect((await call('GET', `/api/payment/invoices/${invoice}`, auth)).json.data).toMatchObject({
      status: 3,
      statusResult: 'The IBAN is not in your name',
    });
    expect(await account(id)).toEqual({ real: 10000n, locked: 0n });
  });

  it('a failed payout returns the money', async () => {
    const { id, auth } = await player(100);
    const request = await call('POST', '/api/payment/invoices/withdrawal', auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 25,
      fields: { iban: 'DE89370400440532010002' },
    });
    await approveWithdrawal(server.ctx, request.json.data.invoiceId);
    expect(await invoiceStatus(auth, request.json.data.invoiceId)).toBe(3);
    expect(await account(id)).toEqual({ real: 10000n, locked: 0n });
  });

  it('20 concurrent withdrawals never overdraw', async () => {
    const { id, auth } = await player(100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/api/payment/invoices/withdrawal', auth, {
          method: 'bank_transfer',
          currency: 'EUR',
          amount: 20,
          fields: { iban },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(
      answers.filter((a) => a.status === 422).every((a) => a.json.error.code === ErrorCode.insufficientFunds),
    ).toBe(true);
    expect(await account(id)).toEqual({ real: 0n, locked: 10000n });
  });

  it('another player’s invoice is not found; a bad IBAN or amount is refused', async () => {
    const owner = await player(100);
    const other = await player(100);
    const request = await call('POST', '/api/payment/invoices/withdrawal', owner.auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 30,
      fields: { iban },
    });
    expect((await call('PUT', `/api/payment/invoices/${request.json.data.invoiceId}/decline`, other.auth)).status).toBe(
      404,
    );
    expect((await call('GET', `/api/payment/invoices/${request.json.data.invoiceId}`, other.auth)).status).toBe(404);
    const bad = await call('POST', '/api/payment/invoices/withdrawal', owner.auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 30,
      fields: { iban: 'nope' },
    });
    expect(bad.json.error.fields['fields.iban']).toBeDefined();
    expect(
      (
        await call('POST', '/api/payment/invoices/withdrawal', owner.auth, {
          method: 'bank_transfer',
          currency: 'EUR',
          amount: -5,
          fields: { iban },
        })
      ).status,
    ).toBe(422);
    expect(await account(owner.id)).toEqual({ real: 7000n, locked: 3000n });
  });
});

describe('limits, turnover and history', () => {
  it('a deposit limit answers 13100 on the methods call and at invoice creation', async () => {
    const { id, auth } = await player();
    await setMoneyLimit(server.ctx.db, {
      playerId: id,
      type: LimitDefinition.deposit,
      period: 'daily',
      currency: 'EUR',
      amountMinor: 5000n,
    });
    expect(
      (await call('POST', '/api/payment/invoices/deposit', auth, { method: 'card', currency: 'EUR', amount: 60 })).json
        .error.code,
    ).toBe(13100);
    const opened = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'card',
      currency: 'EUR',
      amount: 50,
    });
    expect(opened.status).toBe(200);
    // Only paid money counts against the limit: an open invoice leaves the room until it is paid.
    expect((await call('GET', '/api/payment/methods/deposit?currency=EUR', auth)).status).toBe(200);
    await payByCard(opened.json.data.action, '4242424242424242');
    expect(await invoiceStatus(auth, opened.json.data.invoiceId)).toBe(2);
    const methods = await call('GET', '/api/payment/methods/deposit?currency=EUR', auth);
    expect(methods.status).toBe(403);
    expect(methods.json.error.code).toBe(13100);
  });

  it('a self-excluded player cannot deposit but can still withdraw', async () => {
    const { id, auth } = await player(100);
    await excludePlayer(server.ctx.db, { playerId: id, type: LimitDefinition.selfExclusion, days: 30 });
    const deposit = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'card',
      currency: 'EUR',
      amount: 20,
    });
    expect(deposit.json.error.code).toBe(ErrorCode.gameSelfExcluded);
    const withdrawal = await call('POST', '/api/payment/invoices/withdrawal', auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 20,
      fields: { iban: 'DE89370400440532013000' },
    });
    expect(withdrawal.status).toBe(200);
  });

  it('withdrawals below WITHDRAWAL_AUTO_APPROVE_BELOW go to the provider without an operator', async () => {
    const auto = await createTestServer({ WITHDRAWAL_AUTO_APPROVE_BELOW: '50', TURNOVER_MULTIPLIER: '0' });
    try {
      await auto.app.listen({ port: 0, host: '127.0.0.1' });
      const p = await createPlayer(auto.ctx.db);
      const auth = await authHeader(auto.ctx, p.id);
      await credit(auto.ctx.db, {
        playerId: p.id,
        amount: 200,
        currency: 'EUR',
        idempotencyKey: randomUUID(),
        reason: 'test',
      });
      const url = auto.ctx.selfUrl();
      const withdraw = async (amount: number) =>
        (
          (await (
            await fetch(`${url}/api/payment/invoices/withdrawal`, {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json' },
              body: JSON.stringify({
                method: 'bank_transfer',
                currency: 'EUR',
                amount,
                fields: { iban: 'DE89370400440532013000' },
              }),
            })
          ).json()) as Json
        ).data.invoiceId as string;
      const small = await withdraw(30);
      const large = await withdraw(60);
      await sleep(800);
      const status = async (id: string) =>
        ((await (await fetch(`${url}/api/payment/invoices/${id}`, { headers: auth })).json()) as Json).data;
      expect(await status(small)).toMatchObject({ status: 2 });
      expect(await status(large)).toMatchObject({ status: 1, cancellable: true });
    } finally {
      await auto.close();
    }
  });

  it('the turnover gate refuses a withdrawal until deposits are wagered', async () => {
    const gated = await createTestServer({ TURNOVER_MULTIPLIER: '1' });
    try {
      await gated.app.listen({ port: 0, host: '127.0.0.1' });
      const p = await createPlayer(gated.ctx.db);
      const auth = await authHeader(gated.ctx, p.id);
      const url = gated.ctx.selfUrl();
      const post = async (path: string, body: unknown) =>
        (
          await fetch(`${url}${path}`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json() as Promise<Json>;
      const deposit = await post('/api/payment/invoices/deposit', { method: 'card', currency: 'EUR', amount: 20 });
      await fetch(`${url}${deposit.data.action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'number=4242424242424242&expiry=12%2F39&cvc=123',
      });
      await sleep(300);
      const gate = (await (
        await fetch(`${url}/api/risk/reasons/turn-over-wager?currency=EUR`, { headers: auth })
      ).json()) as Json;
      expect(gate.data).toMatchObject({ enabled: true, turnOverWagerAmount: 20, requiredAmount: 20 });
      const refused = await post('/api/payment/invoices/withdrawal', {
        method: 'bank_transfer',
        currency: 'EUR',
        amount: 20,
        fields: { iban: 'DE89370400440532013000' },
      });
      expect(refused.error.code).toBe(ErrorCode.turnoverNotMet);
    } finally {
      await gated.close();
    }
  });

  it('lists invoices with filters and pages, and per-currency statistics', async () => {
    const { auth } = await player(200);
    await call('POST', '/api/payment/invoices/deposit', auth, { method: 'bank_transfer', currency: 'EUR', amount: 20 });
    await call('POST', '/api/payment/invoices/withdrawal', auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 30,
      fields: { iban: 'DE89370400440532013000' },
    });
    const all = await call('GET', '/api/payment/invoices?perPage=1', auth);
    expect(all.json.meta).toMatchObject({ totalRows: 2, totalPages: 2 });
    expect((await call('GET', '/api/payment/invoices?type=2', auth)).json.data.map((i: Json) => i.invoiceType)).toEqual(
      [2],
    );
    expect((await call('GET', '/api/payment/invoices?status=2', auth)).json.data).toEqual([]);
    expect((await call('GET', '/api/payment/invoices?currency=USD', auth)).json.data).toEqual([]);
    expect((await call('GET', '/api/payment/invoices?dateFrom=2000-01-01&dateTo=2000-01-02', auth)).json.data).toEqual(
      [],
    );
    expect((await call('GET', '/api/payment/invoices?type=9', auth)).status).toBe(422);
    expect((await call('GET', '/api/payment/invoices/statistics', auth)).json.data).toEqual([]);
  });
});

describe('other ways to pay', () => {
  it('crypto: one address per account and network, a transfer shows pending, then is credited once confirmed', async () => {
    const { id, auth } = await player();
    const btc = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'crypto',
      currency: 'BTC',
      fields: { crypto_network: 'bitcoin' },
    });
    expect(btc.status).toBe(200);
    expect(btc.json.data.address).toMatch(/^bc1q[a-z0-9]{38}$/);
    const again = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'crypto',
      currency: 'BTC',
      fields: { crypto_network: 'bitcoin' },
    });
    expect(again.json.data.address).toBe(btc.json.data.address);
    const trc = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'crypto',
      currency: 'USDT',
      fields: { crypto_network: 'trc20' },
    });
    expect(trc.json.data.address).toMatch(/^T/);
    const xrp = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'crypto',
      currency: 'XRP',
      fields: { crypto_network: 'xrp' },
    });
    expect(xrp.json.data.tag).toMatch(/^\d+$/);
    expect(
      (
        await call('POST', '/api/payment/invoices/deposit', auth, {
          method: 'crypto',
          currency: 'BTC',
          fields: { crypto_network: 'trc20' },
        })
      ).status,
    ).toBe(422);

    await sendTestTransfer(server.ctx, btc.json.data.address, '0.0015');
    const pending = await call('GET', '/api/payment/invoices?currency=BTC', auth);
    expect(pending.json.data).toMatchObject([{ status: 1, amount: 0.0015, paymentMethod: 'crypto' }]);
    expect(await invoiceStatus(auth, pending.json.data[0].id)).toBe(2);
    const [btcAccount] = await server.ctx.db
      .select()
      .from(walletAccounts)
      .where(sql`player_id = ${id} and currency = 'BTC'`);
    expect(btcAccount!.realBalance).toBe(150000n);
  });

  it('PIX: a valid CPF is required, the QR arrives by webhook, paying it credits', async () => {
    const { auth } = await player();
    const bad = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'pix',
      currency: 'BRL',
      amount: 50,
      fields: { cpf_number: '123.456.789-00' },
    });
    expect(bad.json.error.fields['fields.cpf_number']).toBeDefined();
    const created = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'pix',
      currency: 'BRL',
      amount: 50,
      fields: { cpf_number: '529.982.247-25' },
    });
    expect(created.json.data).toMatchObject({ type: 'asyncRedirect' });
    expect(created.json.data.qr).toBeUndefined();
    let qr: string | undefined;
    for (let i = 0; i < 30 && !qr; i++) {
      await sleep(100);
      qr = (await call('GET', `/api/payment/invoices/${created.json.data.invoiceId}`, auth)).json.data.publicData?.qr;
    }
    expect(qr).toMatch(/^\/sandbox\/pay\/qr\/pay_/);
    expect(await (await fetch(`${base}${qr}`, { method: 'POST' })).text()).toContain('Payment approved');
    expect(await invoiceStatus(auth, created.json.data.invoiceId)).toBe(2);
  });

  it('e-wallet: the hosted page sends the player back to the success or error address', async () => {
    const { auth } = await player();
    const created = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'ewallet',
      currency: 'EUR',
      amount: 15,
      redirectSuccessUrl: '/?deposit-success=true',
      redirectErrorUrl: '/?deposit-error=true',
    });
    expect(created.json.data).toMatchObject({
      type: 'form',
      action: expect.stringMatching(/^\/sandbox\/pay\/ewallet\//),
    });
    const paid = await fetch(`${base}${created.json.data.action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/?deposit-success=true');
    expect(await invoiceStatus(auth, created.json.data.invoiceId)).toBe(2);
  });
});
