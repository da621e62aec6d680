import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCall, verifyCall } from '../../../lib/signing.ts';
import { paymentInvoices } from '../../../modules/payment/tables.ts';
import { approveWithdrawal, sendTestTransfer } from '../../../modules/payment/index.ts';
import { signedInPlayer } from '../../../modules/wallet/__tests__/factories.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { feeOf } from '../statement.ts';
import { sandboxPayPayments } from '../tables.ts';

// Answers are read loosely in tests; the assertions are the type check.
// oxlint-disable-next-line typescript/no-explicit-any
type Json = Record<string, any>;

/** The sandbox payment provider's daily statement over real HTTP, as the casino asks for it. */
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

/** A GET of the statement, signed as the casino signs its calls (or with the headers given). */
async function statement(path: string, headers?: Record<string, string>) {
  const signed = signCall(server.ctx.paymentSecret, { method: 'GET', path, body: '' });
  const response = await fetch(`${base}${path}`, { headers: headers ?? signed });
  return { response, body: await response.text(), requestId: signed['x-request-id'] };
}

const statementPath = (date: string, query = '') => `/sandbox/pay/api/statements/${date}${query}`;

async function casino(method: string, path: string, auth: Record<string, string>, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Json;
}

const player = (euros?: number) => signedInPlayer(server.ctx, euros);

/** A card deposit of `amount` EUR paid on the provider's page with `card`: the casino's invoice id. */
async function cardDeposit(amount: number, card: string): Promise<string> {
  const { auth } = await player();
  const created = await casino('POST', '/api/payment/invoices/deposit', auth, {
    method: 'card',
    currency: 'EUR',
    amount,
  });
  await fetch(`${base}${created.data.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: card, expiry: '12/39', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  return created.data.invoiceId as string;
}

/** The provider's row of a casino reference, once it left `pending`. */
async function settledRow(reference: string, kind: 'payment' | 'payout' = 'payment') {
  for (let i = 0; i < 100; i++) {
    const [row] = await server.ctx.db
      .select()
      .from(sandboxPayPayments)
      .where(eq(sandboxPayPayments.reference, reference));
    if (row && row.kind === kind && (row.status === 'succeeded' || row.status === 'failed')) return row;
    await sleep(50);
  }
  throw new Error(`no settled ${kind} for ${reference}`);
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

describe('the daily statement', () => {
  it('lists a paid card deposit and a paid payout with their fees, not a declined payment; CSV has the same rows', async () => {
    const paid = await cardDeposit(25, '4242424242424242');
    const declined = await cardDeposit(30, '4000000000000002');
    const payer = await player(100);
    const withdrawal = await casino('POST', '/api/payment/invoices/withdrawal', payer.auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 40,
      fields: { iban: 'DE89370400440532013000' },
    });
    await approveWithdrawal(server.ctx, withdrawal.data.invoiceId);
    const payment = await settledRow(paid);
    const payout = await settledRow(withdrawal.data.invoiceId, 'payout');
    expect((await settledRow(declined)).settledAt).toBeNull();
    const date = dayOf(payment.settledAt!);

    const { response, body, requestId } = await statement(statementPath(date));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    // Signed by the provider over GET, this path and these very bytes, under our request's id.
    expect(response.headers.get('x-request-id')).toBe(requestId);
    expect(() =>
      verifyCall(
        server.ctx.paymentSecret,
        { method: 'GET', path: statementPath(date), body },
        { signature: response.headers.get('x-signature') ?? undefined, requestId },
      ),
    ).not.toThrow();
    const json = JSON.parse(body) as Json;
    expect(json).toMatchObject({ date, provider: 'sandbox' });
    const lines = json.transactions as Json[];
    expect(lines.find((t) => t.reference === paid)).toEqual({
      id: payment.id,
      reference: paid,
      kind: 'payment',
      method: 'card',
      currency: 'EUR',
      amountMinor: '2500',
      // 1.5 % of 2500 (37.5, rounded half up) + 25.
      feeMinor: '63',
      settledAt: payment.settledAt!.toISOString(),
    });
    const payouts = JSON.parse((await statement(statementPath(dayOf(payout.settledAt!)))).body) as Json;
    expect(payouts.transactions.find((t: Json) => t.reference === withdrawal.data.invoiceId)).toEqual({
      id: payout.id,
      reference: withdrawal.data.invoiceId,
      kind: 'payout',
      method: 'bank_transfer',
      currency: 'EUR',
      amountMinor: '4000',
      feeMinor: '100',
      settledAt: payout.settledAt!.toISOString(),
    });
    expect(lines.find((t) => t.reference === declined)).toBeUndefined();
    const order = lines.map((t) => t.settledAt as string);
    expect([...order].sort()).toEqual(order);

    const csv = await statement(statementPath(date, '?format=csv'));
    expect(csv.response.status).toBe(200);
    expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(() =>
      verifyCall(
        server.ctx.paymentSecret,
        { method: 'GET', path: statementPath(date, '?format=csv'), body: csv.body },
        { signature: csv.response.headers.get('x-signature') ?? undefined, requestId: csv.requestId },
      ),
    ).not.toThrow();
    const [header, ...rows] = csv.body.trimEnd().split('\r\n');
    expect(header).toBe('id,reference,kind,method,currency,amount_minor,fee_minor,settled_at');
    expect(rows).toEqual(
      lines.map((t) =>
        [t.id, t.reference, t.kind, t.method, t.currency, t.amountMinor, t.feeMinor, t.settledAt].join(','),
      ),
    );
  });

  it('lists a row on the UTC day it settled on, and no other', async () => {
    const paid = await cardDeposit(50, '4242424242424242');
    const row = await settledRow(paid);
    const lastNight = new Date(Date.UTC(2025, 2, 9, 23, 59, 59, 999));
    await server.ctx.db
      .update(sandboxPayPayments)
      .set({ settledAt: lastNight })
      .where(eq(sandboxPayPayments.id, row.id));
    const on = JSON.parse((await statement(statementPath('2025-03-09'))).body) as Json;
    expect(on.transactions.map((t: Json) => t.id)).toContain(row.id);
    const after = JSON.parse((await statement(statementPath('2025-03-10'))).body) as Json;
    expect(after.transactions.map((t: Json) => t.id)).not.toContain(row.id);
    const today = JSON.parse((await statement(statementPath(dayOf(new Date())))).body) as Json;
    expect(today.transactions.map((t: Json) => t.id)).not.toContain(row.id);
  });

  it('lists a confirmed crypto transfer as a payment under its address’s reference, never the address', async () => {
    const { auth } = await player();
    const address = await casino('POST', '/api/payment/invoices/deposit', auth, {
      method: 'crypto',
      currency: 'BTC',
      fields: { crypto_network: 'bitcoin' },
    });
    const { transferId } = await sendTestTransfer(server.ctx, address.data.address, '0.002');
    let transfer;
    for (let i = 0; i < 100 && transfer?.status !== 'succeeded'; i++) {
      await sleep(100);
      [transfer] = await server.ctx.db.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.id, transferId));
    }
    expect(transfer?.status).toBe('succeeded');
    const json = JSON.parse((await statement(statementPath(dayOf(transfer!.settledAt!)))).body) as Json;
    const line = json.transactions.find((t: Json) => t.id === transferId);
    // 0.5 % of 200000 satoshi.
    expect(line).toMatchObject({
      kind: 'payment',
      method: 'crypto',
      currency: 'BTC',
      amountMinor: '200000',
      feeMinor: '1000',
    });
    expect(line.reference).toBe(transfer!.details.addressRef);
    expect(json.transactions.filter((t: Json) => t.reference === line.reference && t.id !== transferId)).toEqual([]);
    const [invoice] = await server.ctx.db
      .select()
      .from(paymentInvoices)
      .where(eq(paymentInvoices.providerPaymentId, transferId));
    expect(invoice?.state).toBe('succeeded');
  });

  it('answers only a call the casino signed (401), and a calendar date only (422)', async () => {
    const path = statementPath('2026-11-30');
    expect((await statement(path, {})).response.status).toBe(401);
    const other = signCall(server.ctx.paymentSecret, { method: 'GET', path: statementPath('2026-11-29'), body: '' });
    expect((await statement(path, other)).response.status).toBe(401);
    const wrongSecret = signCall('x'.repeat(40), { method: 'GET', path, body: '' });
    const refused = await statement(path, wrongSecret);
    expect(refused.response.status).toBe(401);
    expect(JSON.parse(refused.body).error.code).toBe(15010);
    expect(refused.response.headers.get('x-signature')).toBeNull();
    const once = signCall(server.ctx.paymentSecret, { method: 'GET', path, body: '' });
    expect((await statement(path, once)).response.status).toBe(200);
    expect((await statement(path, once)).response.status).toBe(401);
    for (const date of ['2026-13-01', '2026-02-30', '30-11-2026', '2026-11-30T00:00']) {
      expect((await statement(statementPath(date))).response.status, date).toBe(422);
    }
    expect((await statement(statementPath('2026-11-30', '?format=xml'))).response.status).toBe(422);
  });

  it('charges the documented fees, in integer arithmetic rounded half up', () => {
    expect(feeOf('payment', 'card', 2500n)).toBe(63n);
    expect(feeOf('payment', 'card', 1000n)).toBe(40n);
    expect(feeOf('payment', 'ewallet', 1025n)).toBe(21n);
    expect(feeOf('payment', 'pix', 1050n)).toBe(11n);
    expect(feeOf('payment', 'qr_pay', 1049n)).toBe(10n);
    expect(feeOf('payment', 'bank_transfer', 123_456n)).toBe(50n);
    expect(feeOf('payment', 'crypto', 100n)).toBe(1n);
    expect(feeOf('payment', 'crypto', 99n)).toBe(0n);
    expect(feeOf('payout', 'bank_transfer', 4000n)).toBe(100n);
    expect(feeOf('payout', 'ewallet', 1n)).toBe(100n);
    expect(feeOf('payout', 'crypto', 150_000n)).toBe(750n);
    expect(feeOf('payment', 'card', 10n ** 20n)).toBe(15n * 10n ** 17n + 25n);
  });
});
