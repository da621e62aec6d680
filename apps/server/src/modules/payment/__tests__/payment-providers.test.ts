import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type OrbitWebhook, type ProviderWebhook } from '@casino/contracts';
import { signCall } from '../../../lib/signing.ts';
import { stamp } from '../../../lib/stamped-hmac.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { sandboxOrbitObjects } from '../../../sandbox/orbit/tables.ts';
import { authHeader, createPlayer } from '../../wallet/__tests__/factories.ts';
import { credit } from '../../wallet/index.ts';
import { ledgerEntries, walletAccounts } from '../../wallet/tables.ts';
import { approveWithdrawal } from '../index.ts';
import { providerById } from '../providers/index.ts';
import { paymentInvoices } from '../tables.ts';
import { jsonCaller, type Json } from './http.ts';

/**
 * Two payment providers live at once: the first (Sandbox Pay) and Orbit, another party with its own
 * secret, field names, decimal amounts and `t.body` signature. Deposits and payouts through Orbit end to
 * end over real HTTP, and its webhook attacked: each attack moves nothing, and the ledger stays exact.
 */
let server: TestServer;
let base: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0' });
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

/**
 * The audit: Σ ledger = balance (real and locked) on every account of the player, and each deposit
 * invoice credited exactly once when it succeeded, never otherwise. Answers the EUR balance.
 */
async function audited(playerId: string) {
  const accounts = await server.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.playerId, playerId));
  for (const row of accounts) {
    const [sum] = await server.ctx.db
      .select({
        real: sql<string>`coalesce(sum(real_delta),0)::text`,
        locked: sql<string>`coalesce(sum(locked_delta),0)::text`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, row.id));
    expect(BigInt(sum!.real)).toBe(row.realBalance);
    expect(BigInt(sum!.locked)).toBe(row.lockedBalance);
  }
  const invoices = await server.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.playerId, playerId));
  for (const invoice of invoices.filter((i) => i.type === 1)) {
    const credits = await server.ctx.db
      .select({ real: ledgerEntries.realDelta })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `deposit:${invoice.id}`));
    expect(credits.map((c) => c.real)).toEqual(invoice.state === 'succeeded' ? [invoice.amountMinor] : []);
  }
  const eur = accounts.find((a) => a.currency === 'EUR');
  return { real: eur?.realBalance ?? 0n, locked: eur?.lockedBalance ?? 0n };
}

const invoiceRow = async (id: string) =>
  (await server.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.id, id)))[0]!;

async function settled(auth: Record<string, string>, id: string): Promise<Json> {
  for (let i = 0; i < 100; i++) {
    const { json } = await call('GET', `/api/payment/invoices/${id}`, auth);
    if (json.data.status !== 1) return json.data;
    await sleep(100);
  }
  throw new Error('still pending');
}

const form = (path: string, body: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
    redirect: 'manual',
  });

/** An Orbit deposit opened through the casino's API (not yet approved). */
async function orbitDeposit(amount = 25, p?: Awaited<ReturnType<typeof player>>) {
  const who = p ?? (await player());
  const created = await call('POST', '/api/payment/invoices/deposit', who.auth, {
    method: 'orbit_wallet',
    currency: 'EUR',
    amount,
    redirectSuccessUrl: '/?deposit-success=true',
    redirectErrorUrl: '/?deposit-error=true',
  });
  expect(created.status).toBe(200);
  const row = await invoiceRow(created.json.data.invoiceId);
  return { ...who, invoiceId: row.id, row, action: created.json.data.action as string };
}

/** Orbit's event for a checkout, as Orbit would send it (decimal amount, its own names). */
const orbitEvent = (
  row: { id: string; providerPaymentId: string | null },
  amount: string,
  overrides: Partial<OrbitWebhook> = {},
  data: Partial<OrbitWebhook['data']> = {},
): OrbitWebhook => ({
  id: `evt_${randomBytes(16).toString('hex')}`,
  type: 'checkout.approved',
  created: Math.floor(Date.now() / 1000),
  data: {
    id: row.providerPaymentId!,
    object: 'checkout',
    merchant_ref: row.id,
    amount,
    currency: 'EUR',
    state: 'approved',
    ...data,
  },
  ...overrides,
});

/** POSTs to Orbit's webhook path, signed with `secret` at `t` (Orbit's scheme) unless a header is given. */
function orbitWebhook(
  event: unknown,
  options: { secret?: string; t?: number; header?: string | null; raw?: string } = {},
) {
  const body = options.raw ?? JSON.stringify(event);
  const signature =
    options.header === undefined ? stamp(options.secret ?? server.ctx.orbitSecret, body, options.t) : options.header;
  return fetch(`${base}/api/payment/webhooks/orbit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'orbit-signature': signature }) },
    body,
  });
}

function sandboxWebhook(event: ProviderWebhook) {
  const body = JSON.stringify(event);
  const headers = signCall(server.ctx.paymentSecret, { method: 'POST', path: '/api/payment/webhooks/sandbox', body });
  return fetch(`${base}/api/payment/webhooks/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

const outcomeOf = async (response: Response) => ((await response.json()) as Json).data?.outcome as string;

describe('a deposit through the second provider', () => {
  it('is offered beside the first provider’s methods, approved on Orbit’s page and credited once', async () => {
    const p = await player();
    const methods = await call('GET', '/api/payment/methods/deposit?currency=EUR', p.auth);
    expect(methods.json.data.map((m: Json) => m.method)).toEqual([
      'card',
      'ewallet',
      'qr_pay',
      'bank_transfer',
      'orbit_wallet',
    ]);
    // Orbit holds no BRL: the method is not offered there.
    const brl = await call('GET', '/api/payment/methods/deposit?currency=BRL', p.auth);
    expect(brl.json.data.map((m: Json) => m.method)).not.toContain('orbit_wallet');

    const deposit = await orbitDeposit(12.34, p);
    expect(deposit.row).toMatchObject({ provider: 'orbit', amountMinor: 1234n, state: 'awaiting_payment' });
    expect(deposit.row.providerPaymentId).toMatch(/^chk_[0-9a-f]{32}$/);
    expect(deposit.action).toBe(`/sandbox/orbit/approve/${deposit.row.providerPaymentId}`);
    // Orbit keeps the amount it was asked for, spoken as a decimal string.
    const [checkout] = await server.ctx.db
      .select()
      .from(sandboxOrbitObjects)
      .where(eq(sandboxOrbitObjects.id, deposit.row.providerPaymentId!));
    expect(checkout).toMatchObject({ merchantRef: deposit.invoiceId, amountMinor: 1234n, state: 'open' });

    const page = await fetch(`${base}${deposit.action}`);
    const html = await page.text();
    expect(html).toContain('Approve €12.34');
    expect(html).toContain('Casino Demo Ltd');
    const approved = await form(deposit.action, { action: 'approve' });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe('/?deposit-success=true');
    expect(await settled(p.auth, deposit.invoiceId)).toMatchObject({ status: 2, amount: 12.34 });
    expect(await audited(p.id)).toEqual({ real: 1234n, locked: 0n });

    // The status goes back to the provider the invoice went to, in our shape.
    const row = await invoiceRow(deposit.invoiceId);
    expect(await providerById(server.ctx, row.provider).status({ ...row, reference: row.id, kind: 'payment' })).toEqual(
      { paymentId: row.providerPaymentId, status: 'succeeded' },
    );
    // Approving again (a second click, a back button) changes nothing.
    expect((await form(deposit.action, { action: 'approve' })).status).toBe(303);
    await sleep(200);
    expect(await audited(p.id)).toEqual({ real: 1234n, locked: 0n });
  });

  it('declined on Orbit’s page: the player goes back to the error address, the invoice fails as cancelled', async () => {
    const deposit = await orbitDeposit(20);
    const declined = await form(deposit.action, { action: 'decline' });
    expect(declined.headers.get('location')).toBe('/?deposit-error=true');
    expect(await settled(deposit.auth, deposit.invoiceId)).toMatchObject({
      status: 3,
      publicData: { reason: 'cancelled' },
    });
    expect(await audited(deposit.id)).toEqual({ real: 0n, locked: 0n });
  });

  it('the first provider’s deposits still go to it, at its own path, with its own signature', async () => {
    const p = await player();
    const created = await call('POST', '/api/payment/invoices/deposit', p.auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 50,
    });
    const row = await invoiceRow(created.json.data.invoiceId);
    expect(row.provider).toBe('sandbox');
    const applied = await sandboxWebhook({
      eventId: randomUUID(),
      type: 'payment.succeeded',
      paymentId: row.providerPaymentId!,
      reference: row.id,
      currency: 'EUR',
      amountMinor: '5000',
    });
    expect(await outcomeOf(applied)).toBe('applied');
    expect(await audited(p.id)).toEqual({ real: 5000n, locked: 0n });
  });
});

describe('attacks on the second provider’s webhook', () => {
  it('refuses a missing, malformed or forged signature, another provider’s secret and scheme, and a swapped body', async () => {
    const deposit = await orbitDeposit(25);
    const event = orbitEvent(deposit.row, '25.00');
    const refused = [
      await orbitWebhook(event, { header: null }),
      await orbitWebhook(event, { header: 'v1=abc' }),
      await orbitWebhook(event, { header: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }),
      await orbitWebhook(event, { secret: 'f'.repeat(40) }),
      // Sandbox Pay's secret is not Orbit's: a party holding one cannot speak for the other.
      await orbitWebhook(event, { secret: server.ctx.paymentSecret }),
      // A signature made for one body is worth nothing on another.
      await orbitWebhook(event, {
        header: stamp(server.ctx.orbitSecret, JSON.stringify(orbitEvent(deposit.row, '1.00'))),
      }),
    ];
    // The first provider's scheme on Orbit's path, and Orbit's on the first's path.
    const body = JSON.stringify(event);
    refused.push(
      await fetch(`${base}/api/payment/webhooks/orbit`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signCall(server.ctx.paymentSecret, { method: 'POST', path: '/api/payment/webhooks/orbit', body }),
        },
        body,
      }),
      await fetch(`${base}/api/payment/webhooks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'orbit-signature': stamp(server.ctx.orbitSecret, body) },
        body,
      }),
    );
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
    expect((await refused[0]!.json()).error.code).toBe(ErrorCode.invalidSignature);
    expect(await audited(deposit.id)).toEqual({ real: 0n, locked: 0n });
    expect((await invoiceRow(deposit.invoiceId)).state).toBe('awaiting_payment');
  });

  it('refuses a stale or future timestamp (a replay of an old capture)', async () => {
    const deposit = await orbitDeposit(25);
    const event = orbitEvent(deposit.row, '25.00');
    const now = Math.floor(Date.now() / 1000);
    expect((await orbitWebhook(event, { t: now - 301 })).status).toBe(401);
    expect((await orbitWebhook(event, { t: now + 600 })).status).toBe(401);
    expect(await audited(deposit.id)).toEqual({ real: 0n, locked: 0n });
    // Inside the tolerance it is Orbit's, and applied.
    expect(await outcomeOf(await orbitWebhook(event, { t: now - 200 }))).toBe('applied');
    expect(await audited(deposit.id)).toEqual({ real: 2500n, locked: 0n });
  });

  it('applies a replayed event once, and a race of the same event (and of new event ids) credits once', async () => {
    const deposit = await orbitDeposit(25);
    const event = orbitEvent(deposit.row, '25.00');
    expect(await outcomeOf(await orbitWebhook(event))).toBe('applied');
    // The same capture, re-sent (re-signed now): a duplicate.
    expect(await outcomeOf(await orbitWebhook(event))).toBe('duplicate');
    expect(await audited(deposit.id)).toEqual({ real: 2500n, locked: 0n });

    const racing = await orbitDeposit(30);
    const same = orbitEvent(racing.row, '30.00');
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => orbitWebhook(same)),
      ...Array.from({ length: 4 }, () => orbitWebhook(orbitEvent(racing.row, '30.00'))),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const outcomes = await Promise.all(answers.map(outcomeOf));
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(7);
    expect(await audited(racing.id)).toEqual({ real: 3000n, locked: 0n });
  });

  it('refuses an event for another provider’s invoice, whichever way round', async () => {
    const p = await player();
    const created = await call('POST', '/api/payment/invoices/deposit', p.auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 50,
    });
    const first = await invoiceRow(created.json.data.invoiceId);
    // Orbit, well signed, names the first provider's invoice (with its payment id, or its own).
    expect(
      (await orbitWebhook(orbitEvent({ id: first.id, providerPaymentId: `chk_${'a'.repeat(32)}` }, '50.00'))).status,
    ).toBe(422);
    // The first provider names Orbit's invoice.
    const deposit = await orbitDeposit(25, p);
    const crossed = await sandboxWebhook({
      eventId: randomUUID(),
      type: 'payment.succeeded',
      paymentId: deposit.row.providerPaymentId!,
      reference: deposit.invoiceId,
      currency: 'EUR',
      amountMinor: '2500',
    });
    expect(crossed.status).toBe(422);
    expect(await audited(p.id)).toEqual({ real: 0n, locked: 0n });
    expect((await invoiceRow(first.id)).state).toBe('awaiting_payment');
    expect((await invoiceRow(deposit.invoiceId)).state).toBe('awaiting_payment');
  });

  it('refuses an amount that differs from the invoice, or is not one of its currency, and another currency', async () => {
    const deposit = await orbitDeposit(25);
    const answers = await Promise.all([
      orbitWebhook(orbitEvent(deposit.row, '25.01')),
      orbitWebhook(orbitEvent(deposit.row, '2500')),
      // A third decimal: not an amount of EUR (never rounded to one).
      orbitWebhook(orbitEvent(deposit.row, '25.001')),
      orbitWebhook(orbitEvent(deposit.row, '0.00')),
      orbitWebhook(orbitEvent(deposit.row, '25.00', {}, { currency: 'USD' })),
      orbitWebhook(orbitEvent(deposit.row, '-25.00')),
      orbitWebhook(orbitEvent(deposit.row, '2.5e1')),
      // A checkout's event about a payout object.
      orbitWebhook(orbitEvent(deposit.row, '25.00', {}, { object: 'payout' })),
      // A payout's outcome for a deposit.
      orbitWebhook(orbitEvent(deposit.row, '25.00', { type: 'payout.paid' }, { object: 'payout' })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 422, 422, 422, 422, 422]);
    // Trailing zeros are the same amount, exactly.
    expect(await outcomeOf(await orbitWebhook(orbitEvent(deposit.row, '25.000')))).toBe('applied');
    expect(await audited(deposit.id)).toEqual({ real: 2500n, locked: 0n });
  });

  it('an unknown invoice is not found; NUL bytes, huge strings and bodies are refused before any write', async () => {
    const deposit = await orbitDeposit(25);
    const unknown = await orbitWebhook(
      orbitEvent({ id: randomUUID(), providerPaymentId: deposit.row.providerPaymentId }, '25.00'),
    );
    expect(unknown.status).toBe(404);
    const notUuid = await orbitWebhook(
      orbitEvent({ id: 'DEP-1', providerPaymentId: deposit.row.providerPaymentId }, '25.00'),
    );
    expect(notUuid.status).toBe(404);
    const nul = [
      orbitEvent(deposit.row, '25.00', {}, { merchant_ref: `${deposit.invoiceId}\u0000` }),
      orbitEvent(deposit.row, '25.00', { id: `evt_${'0'.repeat(31)}\u0000` }),
      orbitEvent(deposit.row, '25.00', {}, { currency: 'EU\u0000' }),
      orbitEvent(deposit.row, '25.00', {}, { merchant_ref: 'x'.repeat(10_000) }),
      orbitEvent(deposit.row, `${'9'.repeat(5000)}.00`),
      { ...orbitEvent(deposit.row, '25.00'), extra: 'field' },
    ];
    for (const event of nul) expect((await orbitWebhook(event)).status).toBe(422);
    expect((await orbitWebhook(null, { raw: '{"id": "evt_' })).status).toBe(422);
    // Over the body limit: refused before its signature is even read.
    const huge = orbitEvent(deposit.row, '25.00', {}, { approval_url: 'x'.repeat(20_000) });
    expect((await orbitWebhook(huge)).status).toBe(413);
    expect(await audited(deposit.id)).toEqual({ real: 0n, locked: 0n });
    expect((await invoiceRow(deposit.invoiceId)).state).toBe('awaiting_payment');
  });
});

describe("the first sandbox provider's pages", () => {
  it('answer an id no payment can have (too long) with a 4xx, never a 500', async () => {
    const long = 'x'.repeat(200);
    for (const url of [`/sandbox/pay/ewallet/${long}`, `/sandbox/pay/qr/${long}`, `/sandbox/pay/checkout/${long}`]) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect([url, answer.statusCode >= 400 && answer.statusCode < 500]).toEqual([url, true]);
    }
  });
});

describe('the sandbox Orbit itself', () => {
  it('answers hostile paths and unsigned calls with a 4xx, never a 5xx, and no one but the casino may call its API', async () => {
    const probes = [
      ['GET', `/sandbox/orbit/approve/${'x'.repeat(200)}`],
      ['GET', '/sandbox/orbit/approve/%00'],
      ['POST', `/sandbox/orbit/approve/chk_${'0'.repeat(32)}`],
      ['GET', '/sandbox/orbit/v1/checkouts/%00'],
      ['POST', '/sandbox/orbit/v1/checkouts?%00=1'],
      ['POST', '/sandbox/orbit/v1/payouts'],
    ] as const;
    for (const [method, url] of probes) {
      const answer = await server.app.inject({ method, url, ...(method === 'POST' ? { payload: { a: 1 } } : {}) });
      expect([url, answer.statusCode >= 400 && answer.statusCode < 500]).toEqual([url, true]);
    }
    const body = JSON.stringify({
      merchant_ref: randomUUID(),
      amount: '10.00',
      currency: 'EUR',
      return_url: '/',
      cancel_url: '/',
    });
    const signedBy = (secret: string) =>
      server.app.inject({
        method: 'POST',
        url: '/sandbox/orbit/v1/checkouts',
        headers: {
          'content-type': 'application/json',
          'orbit-signature': stamp(secret, `POST /sandbox/orbit/v1/checkouts\n${body}`),
        },
        payload: body,
      });
    expect((await signedBy(server.ctx.paymentSecret)).statusCode).toBe(401);
    const made = await signedBy(server.ctx.orbitSecret);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ object: 'checkout', amount: '10.00', state: 'open' });
  });
});

describe('payouts through the second provider', () => {
  it('a withdrawal to an Orbit account is paid out by Orbit; a closed Orbit account sends the money back', async () => {
    const p = await player(100);
    const withdrawal = await call('POST', '/api/payment/invoices/withdrawal', p.auth, {
      method: 'orbit_wallet',
      currency: 'EUR',
      amount: 40,
      fields: { orbit_email: 'player@orbit.test' },
    });
    expect(withdrawal.status).toBe(200);
    const id = withdrawal.json.data.invoiceId as string;
    expect(await invoiceRow(id)).toMatchObject({ provider: 'orbit', state: 'requested' });
    expect(await audited(p.id)).toEqual({ real: 6000n, locked: 4000n });
    await approveWithdrawal(server.ctx, id);
    expect((await invoiceRow(id)).providerPaymentId).toMatch(/^po_[0-9a-f]{32}$/);
    expect(await settled(p.auth, id)).toMatchObject({ status: 2 });
    expect(await audited(p.id)).toEqual({ real: 6000n, locked: 0n });
    const [payout] = await server.ctx.db
      .select()
      .from(sandboxOrbitObjects)
      .where(and(eq(sandboxOrbitObjects.object, 'payout'), eq(sandboxOrbitObjects.merchantRef, id)));
    expect(payout).toMatchObject({ amountMinor: 4000n, recipientEmail: 'player@orbit.test', state: 'paid' });

    const refused = await call('POST', '/api/payment/invoices/withdrawal', p.auth, {
      method: 'orbit_wallet',
      currency: 'EUR',
      amount: 20,
      fields: { orbit_email: 'gone@reject.test' },
    });
    await approveWithdrawal(server.ctx, refused.json.data.invoiceId);
    expect(await settled(p.auth, refused.json.data.invoiceId)).toMatchObject({ status: 3 });
    expect(await audited(p.id)).toEqual({ real: 6000n, locked: 0n });
    // Every payout event was Orbit's, under its own name.
    const keys = await server.ctx.db
      .select({ id: sql<string>`event_id` })
      .from(sql`payment_webhook_events`)
      .where(like(sql`event_id`, 'orbit:evt_%'));
    expect(keys.length).toBeGreaterThanOrEqual(2);
  });
});

describe('routing by method, country and currency', () => {
  let routed: TestServer;
  beforeAll(async () => {
    // Orbit only for EUR players in Germany; everything else with the first provider.
    routed = await createTestServer({
      TURNOVER_MULTIPLIER: '0',
      PAYMENT_ROUTES: 'orbit_wallet/EUR@DE=orbit;*=sandbox',
      // Orbit's own secret, mid-rotation.
      ORBIT_SECRET: 'orbit-current-secret-orbit-current-secret',
      ORBIT_SECRET_PREVIOUS: 'orbit-previous-secret-orbit-previous-secret',
    });
  });
  afterAll(async () => {
    await routed?.close();
  });

  it('offers a method only where a provider serves it, and refuses it cleanly elsewhere (deposits and payouts)', async () => {
    const p = await createPlayer(routed.ctx.db);
    await credit(routed.ctx.db, {
      playerId: p.id,
      amount: 100,
      currency: 'EUR',
      idempotencyKey: randomUUID(),
      reason: 'test',
    });
    const auth = await authHeader(routed.ctx, p.id);
    const inject = (method: 'GET' | 'POST', url: string, country: string, payload?: unknown) =>
      routed.app.inject({
        method,
        url,
        headers: { ...auth, 'cf-ipcountry': country },
        ...(payload ? { payload } : {}),
      });
    const listed = async (direction: string, currency: string, country: string) =>
      (await inject('GET', `/api/payment/methods/${direction}?currency=${currency}`, country))
        .json()
        .data.map((m: Json) => m.method);

    expect(await listed('deposit', 'EUR', 'DE')).toContain('orbit_wallet');
    expect(await listed('withdrawal', 'EUR', 'DE')).toEqual(['bank_transfer', 'orbit_wallet']);
    expect(await listed('deposit', 'EUR', 'GB')).toEqual(['card', 'ewallet', 'qr_pay', 'bank_transfer']);
    expect(await listed('deposit', 'USD', 'DE')).not.toContain('orbit_wallet');
    expect(await listed('withdrawal', 'EUR', 'GB')).toEqual(['bank_transfer']);

    const deposit = await inject('POST', '/api/payment/invoices/deposit', 'GB', {
      method: 'orbit_wallet',
      currency: 'EUR',
      amount: 25,
    });
    expect(deposit.statusCode).toBe(422);
    expect(deposit.json().error.code).toBe(ErrorCode.paymentMethodUnavailable);
    const payout = await inject('POST', '/api/payment/invoices/withdrawal', 'GB', {
      method: 'orbit_wallet',
      currency: 'EUR',
      amount: 25,
      fields: { orbit_email: 'player@orbit.test' },
    });
    expect(payout.statusCode).toBe(422);
    expect(payout.json().error.code).toBe(ErrorCode.paymentMethodUnavailable);
    // Nothing was opened, nothing locked.
    const rows = await routed.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.playerId, p.id));
    expect(rows).toEqual([]);
    const [account] = await routed.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.playerId, p.id));
    expect([account!.realBalance, account!.lockedBalance]).toEqual([10000n, 0n]);
  });
});

describe('rotating Orbit’s secret', () => {
  it('accepts Orbit’s events signed with its current or previous secret, and no other', async () => {
    const server2 = await createTestServer({
      ORBIT_SECRET: 'orbit-current-secret-orbit-current-secret',
      ORBIT_SECRET_PREVIOUS: 'orbit-previous-secret-orbit-previous-secret',
    });
    try {
      const event = JSON.stringify(
        orbitEvent({ id: randomUUID(), providerPaymentId: `chk_${'b'.repeat(32)}` }, '25.00'),
      );
      const send = (secret: string) =>
        server2.app.inject({
          method: 'POST',
          url: '/api/payment/webhooks/orbit',
          headers: { 'content-type': 'application/json', 'orbit-signature': stamp(secret, event) },
          payload: event,
        });
      // Past the signature, the invoice is unknown (404): the signature was accepted.
      expect((await send('orbit-current-secret-orbit-current-secret')).statusCode).toBe(404);
      expect((await send('orbit-previous-secret-orbit-previous-secret')).statusCode).toBe(404);
      expect((await send(server2.ctx.paymentSecret)).statusCode).toBe(401);
      expect(server2.ctx.orbitSecret).not.toBe(server2.ctx.paymentSecret);
    } finally {
      await server2.close();
    }
  });
});
