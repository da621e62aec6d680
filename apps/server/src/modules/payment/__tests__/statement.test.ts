import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@casino/contracts';
import type { PartnerStatement } from '../../../lib/partner-statement.ts';
import { sandboxPayPayments } from '../../../sandbox/payments/tables.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { signedInPlayer } from '../../wallet/__tests__/factories.ts';
import { approveWithdrawal, paymentStatements, sendTestTransfer } from '../index.ts';
import { paymentInvoices } from '../tables.ts';
import { jsonCaller } from './http.ts';

/** The casino's side of the payment provider's daily statement: fetched, verified, keyed like the ledger. */
let server: TestServer;
let base: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const call = jsonCaller(() => base);

beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0', CRYPTO_CONFIRM_SECONDS: '1' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

const player = (euros?: number) => signedInPlayer(server.ctx, euros);

async function invoiceState(id: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [row] = await server.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.id, id));
    if (row && ['succeeded', 'failed', 'declined', 'expired'].includes(row.state)) return row.state;
    await sleep(50);
  }
  throw new Error(`invoice ${id} still open`);
}

/** A paid card deposit, a paid payout and a confirmed crypto transfer: the casino's invoice ids. */
async function moneyMoved() {
  const { auth } = await player();
  const card = await call('POST', '/api/payment/invoices/deposit', auth, {
    method: 'card',
    currency: 'EUR',
    amount: 25,
  });
  await fetch(`${base}${card.json.data.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  const payer = await player(100);
  const withdrawal = await call('POST', '/api/payment/invoices/withdrawal', payer.auth, {
    method: 'bank_transfer',
    currency: 'EUR',
    amount: 40,
    fields: { iban: 'DE89370400440532013000' },
  });
  await approveWithdrawal(server.ctx, withdrawal.json.data.invoiceId);
  const address = await call('POST', '/api/payment/invoices/deposit', auth, {
    method: 'crypto',
    currency: 'BTC',
    fields: { crypto_network: 'bitcoin' },
  });
  const { transferId } = await sendTestTransfer(server.ctx, address.json.data.address, '0.002');
  const [cryptoInvoice] = await server.ctx.db
    .select()
    .from(paymentInvoices)
    .where(eq(paymentInvoices.providerPaymentId, transferId));
  const ids = {
    card: card.json.data.invoiceId as string,
    payout: withdrawal.json.data.invoiceId as string,
    crypto: cryptoInvoice!.id,
  };
  for (const id of Object.values(ids)) expect(await invoiceState(id)).toBe('succeeded');
  // The provider marks a transfer settled once the casino took its webhook: a moment after the credit.
  await expect
    .poll(
      async () =>
        (await server.ctx.db.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.id, transferId)))[0]?.status,
    )
    .toBe('succeeded');
  return ids;
}

const ledgerKeys = async () =>
  new Set(
    (
      await server.ctx.database.query<{ idempotency_key: string }>(
        'statement_test_keys',
        'select idempotency_key from ledger_entries',
        [],
      )
    ).map((row) => row.idempotency_key),
  );

/** The days the provider settled this test's rows on (one, unless the test ran over midnight UTC). */
async function settledDays(): Promise<string[]> {
  const rows = await server.ctx.db.select({ at: sandboxPayPayments.settledAt }).from(sandboxPayPayments);
  return [...new Set(rows.flatMap((row) => (row.at ? [row.at.toISOString().slice(0, 10)] : [])))];
}

/** A proxy in front of the provider that hands every statement through `change` (headers kept). */
async function tamperingProxy(
  change: (body: string, headers: Headers) => { body: string; headers: Record<string, string> },
) {
  const proxy = http.createServer(async (req, res) => {
    const upstream = await fetch(`${base}${req.url}`, {
      headers: {
        'x-signature': String(req.headers['x-signature']),
        'x-request-id': String(req.headers['x-request-id']),
      },
    });
    const changed = change(await upstream.text(), upstream.headers);
    res.writeHead(upstream.status, { 'content-type': 'application/json', ...changed.headers }).end(changed.body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  server.ctx.config.payment.providerUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/sandbox/pay`;
  return async () => {
    server.ctx.config.payment.providerUrl = null;
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  };
}

const signatureHeaders = (headers: Headers) => ({
  'x-signature': headers.get('x-signature') ?? '',
  'x-request-id': headers.get('x-request-id') ?? '',
});

describe('paymentStatements', () => {
  it('answers the provider’s lines keyed as the casino’s ledger entries, with amounts and fees', async () => {
    const ids = await moneyMoved();
    const statements: PartnerStatement[] = [];
    for (const day of await settledDays()) statements.push(...(await paymentStatements(server.ctx, day)));
    // Orbit publishes no statement: the first provider's alone.
    expect(new Set(statements.map((s) => s.partner))).toEqual(new Set(['sandbox']));
    const lines = statements.flatMap((s) => s.lines);
    expect(lines.find((l) => l.ledgerKey === `deposit:${ids.card}`)).toMatchObject({
      kind: 'payment',
      currency: 'EUR',
      amountMinor: 2500n,
      feeMinor: 63n,
      detail: 'card',
    });
    expect(lines.find((l) => l.ledgerKey === `withdrawal-paid:${ids.payout}`)).toMatchObject({
      kind: 'payout',
      amountMinor: 4000n,
      feeMinor: 100n,
      detail: 'bank_transfer',
    });
    // A crypto transfer is keyed by the invoice the casino opened for its payment id.
    expect(lines.find((l) => l.ledgerKey === `deposit:${ids.crypto}`)).toMatchObject({
      kind: 'payment',
      currency: 'BTC',
      amountMinor: 200_000n,
      feeMinor: 1000n,
      detail: 'crypto',
    });
    expect(lines).toHaveLength(3);
    // Every line is one of the casino's ledger entries.
    const keys = await ledgerKeys();
    for (const line of lines) expect(keys.has(line.ledgerKey), line.ledgerKey).toBe(true);
    for (const line of lines) expect(new Date(line.at).toISOString()).toBe(line.at);
  });

  it('refuses a statement whose body was changed, that is unsigned, or that answers another request', async () => {
    const [day] = await settledDays();
    const changed = await tamperingProxy((body, headers) => ({
      body: body.replace('"amountMinor":"2500"', '"amountMinor":"250"'),
      headers: signatureHeaders(headers),
    }));
    try {
      await expect(paymentStatements(server.ctx, day!)).rejects.toMatchObject({ code: ErrorCode.invalidSignature });
    } finally {
      await changed();
    }
    const unsigned = await tamperingProxy((body) => ({ body, headers: {} }));
    try {
      await expect(paymentStatements(server.ctx, day!)).rejects.toMatchObject({ code: ErrorCode.invalidSignature });
    } finally {
      await unsigned();
    }
    // An old answer (well signed, for the same path) served again: it names another request.
    let captured: { body: string; headers: Record<string, string> } | null = null;
    const replayed = await tamperingProxy((body, headers) => {
      captured ??= { body, headers: signatureHeaders(headers) };
      return captured;
    });
    try {
      await paymentStatements(server.ctx, day!);
      await expect(paymentStatements(server.ctx, day!)).rejects.toMatchObject({ code: ErrorCode.invalidSignature });
    } finally {
      await replayed();
    }
    expect((await paymentStatements(server.ctx, day!))[0]!.lines.length).toBe(3);
  });

  it('asks a calendar day only', async () => {
    for (const day of ['2026-02-30', 'yesterday', '2026-11-30/../x'])
      await expect(paymentStatements(server.ctx, day)).rejects.toMatchObject({ code: ErrorCode.unprocessable });
  });
});
