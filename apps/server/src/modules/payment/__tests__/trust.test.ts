import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, httpStatusOf, LimitDefinition } from '@casino/contracts';
import { loadConfig } from '../../../config.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { authHeader, createPlayer } from '../../wallet/__tests__/factories.ts';
import { credit } from '../../wallet/index.ts';
import { setMoneyLimit } from '../../limits/index.ts';
import { addDocument, reviewDocument } from '../../documents/service.ts';
import { playerVerifications } from '../../kyc/tables.ts';
import { approveWithdrawal } from '../index.ts';
import { jsonCaller, type Json } from './http.ts';

/** Issue 20: who may withdraw, what an unpaid deposit counts, what a bank transfer needs. */
let server: TestServer;
let base: string;
const IBAN = 'DE89370400440532013000';

beforeAll(async () => {
  // The default rule (WITHDRAWAL_VERIFICATION=always) and unpaid card pages that expire in a second.
  server = await createTestServer({
    TURNOVER_MULTIPLIER: '0',
    WITHDRAWAL_VERIFICATION: 'always',
    DEPOSIT_EXPIRY_MINUTES: '0.02',
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

const call = jsonCaller(() => base);

async function player(euros = 0) {
  const p = await createPlayer(server.ctx.db);
  if (euros)
    await credit(server.ctx.db, {
      playerId: p.id,
      amount: euros,
      currency: 'EUR',
      idempotencyKey: randomUUID(),
      reason: 'test',
    });
  return { ...p, auth: await authHeader(server.ctx, p.id) };
}

const withdraw = (auth: Record<string, string>, amount: number) =>
  call('POST', '/api/payment/invoices/withdrawal', auth, {
    method: 'bank_transfer',
    currency: 'EUR',
    amount,
    fields: { iban: IBAN },
  });

describe('WITHDRAWAL_VERIFICATION', () => {
  it('parses always (the default), never, above:<EUR> and lifetime:<EUR>, and refuses anything else', () => {
    const rule = (value?: string) =>
      loadConfig({ ...(value === undefined ? {} : { WITHDRAWAL_VERIFICATION: value }) }).payment.withdrawalVerification;
    expect(rule()).toEqual({ rule: 'always', amount: 0 });
    expect(rule('never')).toEqual({ rule: 'never', amount: 0 });
    expect(rule('above:500')).toEqual({ rule: 'above', amount: 500 });
    expect(rule('Lifetime:2000.5')).toEqual({ rule: 'lifetime', amount: 2000.5 });
    expect(() => rule('sometimes')).toThrow(/WITHDRAWAL_VERIFICATION/);
  });

  it('by default an unverified player is refused (13102, 403); approved by the provider or a document, accepted', async () => {
    expect(httpStatusOf(ErrorCode.verificationRequired)).toBe(403);
    const kyc = await player(100);
    const refused = await withdraw(kyc.auth, 20);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: ErrorCode.verificationRequired });
    expect(refused.json.error.message).toMatch(/Verify your identity/);
    // Nothing was locked.
    expect((await call('GET', '/api/payment/invoices', kyc.auth)).json.data).toEqual([]);

    await server.ctx.db.insert(playerVerifications).values({ playerId: kyc.id, status: 'approved' });
    expect((await withdraw(kyc.auth, 20)).status).toBe(200);

    const documents = await player(100);
    const doc = await addDocument(server.ctx.db, server.ctx.config.documentsDir, {
      playerId: documents.id,
      type: 'identity_front',
      fileName: 'passport.png',
      bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    });
    expect((await withdraw(documents.auth, 20)).status).toBe(403);
    await reviewDocument(server.ctx.db, doc.id, { approve: true });
    expect((await withdraw(documents.auth, 20)).status).toBe(200);
  });

  it('above:<EUR> and lifetime:<EUR> let small amounts through; approval checks the rule again', async () => {
    const payment = server.ctx.config.payment as { withdrawalVerification: { rule: string; amount: number } };
    const { auth } = await player(300);
    try {
      payment.withdrawalVerification = { rule: 'above', amount: 50 };
      expect((await withdraw(auth, 50)).status).toBe(200);
      expect((await withdraw(auth, 51)).json.error?.code).toBe(ErrorCode.verificationRequired);

      payment.withdrawalVerification = { rule: 'lifetime', amount: 80 };
      // 50 already asked for: 30 more is 80 in all, 31 more is past it.
      const within = await withdraw(auth, 30);
      expect(within.status).toBe(200);
      expect((await withdraw(auth, 31)).json.error?.code).toBe(ErrorCode.verificationRequired);

      // The operator tightens the rule before approving: the request waits, refused.
      payment.withdrawalVerification = { rule: 'always', amount: 0 };
      await expect(approveWithdrawal(server.ctx, within.json.data.invoiceId)).rejects.toMatchObject({
        code: ErrorCode.verificationRequired,
      });
      const [invoice] = (await call('GET', '/api/payment/invoices?type=2', auth)).json.data;
      expect(invoice).toMatchObject({ status: 1, cancellable: true });
    } finally {
      payment.withdrawalVerification = { rule: 'always', amount: 0 };
    }
  });
});

describe('unpaid deposits', () => {
  it('count nowhere: a €50 daily limit still lets a paid €50 in, and an abandoned one expires', async () => {
    const { id, auth } = await player();
    await setMoneyLimit(server.ctx.db, {
      playerId: id,
      type: LimitDefinition.deposit,
      period: 'daily',
      currency: 'EUR',
      amountMinor: 5000n,
    });
    const card = { method: 'card', currency: 'EUR', amount: 50 };
    const abandoned = await call('POST', '/api/payment/invoices/deposit', auth, card);
    expect(abandoned.status).toBe(200);
    // Its page was closed, never paid: not "used" by the limit, not in the net figures.
    const limits = await call('GET', '/api/player/limits', auth);
    expect(limits.json.data.find((l: Json) => l.definition === LimitDefinition.deposit)).toMatchObject({ used: 0 });
    expect((await call('GET', '/api/payment/methods/deposit?currency=EUR', auth)).status).toBe(200);
    const paid = await call('POST', '/api/payment/invoices/deposit', auth, card);
    expect(paid.status).toBe(200);
    const form = await fetch(`${base}${paid.json.data.action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
    });
    expect(form.status).toBe(200);
    await expect
      .poll(async () => (await call('GET', `/api/payment/invoices/${paid.json.data.invoiceId}`, auth)).json.data.status)
      .toBe(2);

    // After DEPOSIT_EXPIRY_MINUTES the abandoned one says so in the history.
    await expect
      .poll(async () => (await call('GET', `/api/payment/invoices/${abandoned.json.data.invoiceId}`, auth)).json.data, {
        timeout: 10_000,
      })
      .toMatchObject({ status: 4, statusResult: 'Not paid in time' });
    expect((await call('GET', '/api/payment/invoices?status=4', auth)).json.data).toHaveLength(1);
    const after = await call('GET', '/api/player/limits', auth);
    expect(after.json.data.find((l: Json) => l.definition === LimitDefinition.deposit)).toMatchObject({ used: 50 });
  });

  it('a bank transfer does not expire with the card pages (it waits days for the operator)', async () => {
    const { auth } = await player();
    const transfer = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 40,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await call('GET', `/api/payment/invoices/${transfer.json.data.invoiceId}`, auth)).json.data.status).toBe(1);
  });
});

describe('bank transfer instructions', () => {
  it('name the beneficiary, IBAN, BIC, bank, amount and a reference the operator confirms by', async () => {
    const { auth } = await player();
    const answer = await call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 75,
    });
    expect(answer.status).toBe(200);
    const { transfer } = answer.json.data;
    expect(transfer).toMatchObject({
      beneficiary: 'Casino Demo Ltd',
      iban: 'LU280019400644750000',
      bic: 'BCEELULL',
      bank: 'Sandbox Bank',
      amount: 75,
      currency: 'EUR',
      reference: expect.stringMatching(/^DEP-\d+$/),
    });
    expect(Date.parse(transfer.expiresAt) - Date.now()).toBeGreaterThan(6 * 86_400_000);
    expect(answer.json.data.message).toContain(transfer.reference);
  });

  it('production refuses to start with the demo account', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-a-production-secret',
        SEED_DEMO: '0',
        TRUST_PROXY: '1',
        SMTP_URL: 'smtp://mail.example.com:587',
        PAYMENT_PROVIDER_URL: 'https://psp.example/v1',
        PAYMENT_WEBHOOK_SECRET: 'w'.repeat(40),
        GAME_PROVIDER_URL: 'https://aggregator.example',
        GAME_WALLET_SECRET: 'g'.repeat(40),
      }),
    ).toThrow(/BANK_TRANSFER_IBAN: required in production/);
  });
});
