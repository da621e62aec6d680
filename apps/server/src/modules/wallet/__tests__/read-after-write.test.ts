import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, ProviderWebhook } from '@casino/contracts';
import { signCall } from '../../../lib/signing.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createGame, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { paymentInvoices } from '../../payment/tables.ts';
import { credit } from '../index.ts';
import { authHeader, createPlayer } from './factories.ts';

/**
 * A player's read right after their own write sees it: the accounts list (kept in memory on the
 * embedded database) must not answer the balance from before a change this node committed.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function funded(euros: number) {
  const p = await createPlayer(server.ctx.db);
  const auth = await authHeader(server.ctx, p.id);
  await credit(server.ctx.db, {
    playerId: p.id,
    amount: euros,
    currency: 'EUR',
    idempotencyKey: randomUUID(),
    reason: 'test',
  });
  return { ...p, auth };
}

async function accounts(auth: Record<string, string>): Promise<Account> {
  const response = await server.app.inject({ method: 'GET', url: '/api/wallet/accounts', headers: auth });
  return (response.json() as { data: Account[] }).data[0]!;
}

async function post(path: string, auth: Record<string, string>, body: unknown) {
  const response = await server.app.inject({ method: 'POST', url: path, headers: auth, payload: body as Json });
  return { status: response.statusCode, json: response.json() as Json };
}

describe('the accounts list right after a balance change', () => {
  it('shows a withdrawal at once (withdrawable balance lower, the amount locked)', async () => {
    const { auth } = await funded(100);
    expect(await accounts(auth)).toMatchObject({ withdrawalBalance: 100, lockedBalance: 0 });
    const request = await post('/api/payment/invoices/withdrawal', auth, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 30,
      fields: { iban: 'DE89370400440532013000' },
    });
    expect(request.status).toBe(200);
    expect(await accounts(auth)).toMatchObject({ withdrawalBalance: 70, lockedBalance: 30 });
    // And the cancellation returns it at once.
    const cancelled = await server.app.inject({
      method: 'PUT',
      url: `/api/payment/invoices/${request.json.data.invoiceId}/decline`,
      headers: auth,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await accounts(auth)).toMatchObject({ withdrawalBalance: 100, lockedBalance: 0 });
  });

  it('shows a deposit credited by the provider webhook and an operator credit at once', async () => {
    const { id, auth } = await funded(10);
    expect(await accounts(auth)).toMatchObject({ balance: 10 });
    const created = await post('/api/payment/invoices/deposit', auth, {
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
    const body = JSON.stringify(event);
    const path = '/api/payment/webhooks/sandbox';
    const webhook = await server.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        ...signCall(server.ctx.paymentSecret, { method: 'POST', path, body }),
      },
      payload: body,
    });
    expect(webhook.json()).toMatchObject({ data: { outcome: 'applied' } });
    expect(await accounts(auth)).toMatchObject({ balance: 60 });

    await credit(server.ctx.db, {
      playerId: id,
      amount: 5,
      currency: 'EUR',
      idempotencyKey: randomUUID(),
      reason: 'test',
    });
    expect(await accounts(auth)).toMatchObject({ balance: 65 });
  });

  it('shows a bet, a win and a rollback through the provider wallet API at once', async () => {
    const { id, auth } = await funded(100);
    const account = await accounts(auth);
    const game = await createGame(server.ctx.db);
    const session = await openSession(server.ctx, { playerId: id, accountId: account.id, gameId: game.id });
    const base = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
    const roundId = txId('round');
    const betId = txId('bet');
    expect((await walletCall(server, 'bet', { ...base, transactionId: betId, roundId, amount: 1000 })).status).toBe(
      200,
    );
    expect(await accounts(auth)).toMatchObject({ balance: 90 });
    const other = txId('round');
    await walletCall(server, 'bet', { ...base, transactionId: txId('bet'), roundId: other, amount: 500 });
    expect(await accounts(auth)).toMatchObject({ balance: 85 });
    await walletCall(server, 'win', {
      ...base,
      transactionId: txId('win'),
      roundId: other,
      amount: 2000,
      closeRound: true,
    });
    expect(await accounts(auth)).toMatchObject({ balance: 105 });
    await walletCall(server, 'rollback', {
      token: session.token,
      gameIdentity: game.identity,
      transactionId: txId('rollback'),
      referenceTransactionId: betId,
      roundId,
    });
    expect(await accounts(auth)).toMatchObject({ balance: 115 });
  });
});
