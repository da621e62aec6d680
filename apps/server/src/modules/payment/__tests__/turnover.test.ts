import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type ProviderWebhook } from '@casino/contracts';
import { signCall } from '../../../lib/signing.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createGame, openSession, txId, walletFetch } from '../../game/__tests__/play-fixtures.ts';
import { authHeader, createPlayer } from '../../wallet/__tests__/factories.ts';
import { walletAccounts } from '../../wallet/tables.ts';
import { approveWithdrawal } from '../index.ts';
import { paymentInvoices } from '../tables.ts';
import { jsonCaller } from './http.ts';

/** The turnover gate (deposits must be wagered once before a withdrawal), under races and hedged play. */
let server: TestServer;
let base: string;
const iban = 'DE89370400440532013000';

beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '1' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

const call = jsonCaller(() => base);

function signedWebhook(event: ProviderWebhook) {
  const body = JSON.stringify(event);
  const path = '/api/payment/webhooks/sandbox';
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signCall(server.ctx.paymentSecret, { method: 'POST', path, body }),
    },
    body,
  });
}

/** A player (new unless given) with an open bank-transfer deposit of `euros` and the webhook that pays it. */
async function openDeposit(euros: number, player?: { id: string; auth: Record<string, string> }) {
  const p = player ?? (await createPlayer(server.ctx.db));
  const auth = player?.auth ?? (await authHeader(server.ctx, p.id));
  const created = await call('POST', '/api/payment/invoices/deposit', auth, {
    method: 'bank_transfer',
    currency: 'EUR',
    amount: euros,
  });
  const [row] = await server.ctx.db
    .select()
    .from(paymentInvoices)
    .where(eq(paymentInvoices.id, created.json.data.invoiceId));
  const paid: ProviderWebhook = {
    eventId: randomUUID(),
    type: 'payment.succeeded',
    paymentId: row!.providerPaymentId!,
    reference: row!.id,
    currency: 'EUR',
    amountMinor: String(euros * 100),
  };
  return { ...p, auth, paid, accountId: row!.accountId };
}

const withdraw = (auth: Record<string, string>, amount: number) =>
  call('POST', '/api/payment/invoices/withdrawal', auth, {
    method: 'bank_transfer',
    currency: 'EUR',
    amount,
    fields: { iban },
  });

const turnover = async (auth: Record<string, string>) =>
  (await call('GET', '/api/risk/reasons/turn-over-wager?currency=EUR', auth)).json.data;

/** Rounds through the provider wallet API: a bet, then its win closing the round. */
async function playRounds(playerId: string, accountId: string, rounds: { stake: number; win: number }[]) {
  const game = await createGame(server.ctx.db);
  const session = await openSession(server.ctx, { playerId, accountId, gameId: game.id });
  const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
  for (const { stake, win } of rounds) {
    const roundId = txId('round');
    const secret = server.ctx.gameWalletSecret;
    const bet = await walletFetch(base, secret, 'bet', {
      ...wallet,
      transactionId: txId('bet'),
      roundId,
      amount: stake,
    });
    expect(bet.status).toBe(200);
    const paid = await walletFetch(base, secret, 'win', {
      ...wallet,
      transactionId: txId('win'),
      roundId,
      amount: win,
      closeRound: true,
    });
    expect(paid.status).toBe(200);
  }
}

describe('turnover gate', () => {
  it('a withdrawal raced against the deposit webhook is never accepted for the unwagered deposit', async () => {
    const accepted: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { auth, paid, accountId } = await openDeposit(50);
      const [webhook, withdrawal] = await Promise.all([signedWebhook(paid), withdraw(auth, 50)]);
      expect(webhook.status).toBe(200);
      if (withdrawal.status === 200) accepted.push(withdrawal.json.data.invoiceId);
      else expect([ErrorCode.turnoverNotMet, ErrorCode.insufficientFunds]).toContain(withdrawal.json.error.code);
      const [account] = await server.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId));
      expect(account!.realBalance + account!.lockedBalance).toBe(5000n);
    }
    expect(accepted, `${accepted.length} of 12 withdrawals accepted`).toEqual([]);
  }, 120_000);

  it('bets covering every roulette pocket count only the money at risk', async () => {
    const { id, auth, paid, accountId } = await openDeposit(100);
    expect((await signedWebhook(paid)).status).toBe(200);
    // Two spins with 1.40 on each of the 37 pockets: 103.60 staked, 2.80 lost.
    await playRounds(id, accountId, [
      { stake: 37 * 140, win: 36 * 140 },
      { stake: 37 * 140, win: 36 * 140 },
    ]);
    const refused = await withdraw(auth, 97.2);
    expect(refused.json.error?.code).toBe(ErrorCode.turnoverNotMet);
    expect(await turnover(auth)).toMatchObject({ requiredAmount: 100, wageredAmount: 2.8, turnOverWagerAmount: 97.2 });
  });

  it('normal play meets turnover: the full stake of a losing and of a winning spin counts', async () => {
    const { id, auth, paid, accountId } = await openDeposit(20);
    expect((await signedWebhook(paid)).status).toBe(200);
    await playRounds(id, accountId, [
      { stake: 1000, win: 0 },
      { stake: 500, win: 2500 },
      { stake: 500, win: 1000 },
    ]);
    expect(await turnover(auth)).toMatchObject({ wageredAmount: 20, turnOverWagerAmount: 0 });
    expect((await withdraw(auth, 35)).status).toBe(200);
  });

  it('approval decides the gate again: a deposit paid after the request holds the payout', async () => {
    const first = await openDeposit(20);
    expect((await signedWebhook(first.paid)).status).toBe(200);
    await playRounds(first.id, first.accountId, [
      { stake: 1000, win: 0 },
      { stake: 1000, win: 3000 },
    ]);
    const request = await withdraw(first.auth, 20);
    expect(request.status).toBe(200);
    const second = await openDeposit(30, first);
    expect((await signedWebhook(second.paid)).status).toBe(200);
    await expect(approveWithdrawal(server.ctx, request.json.data.invoiceId)).rejects.toMatchObject({
      code: ErrorCode.turnoverNotMet,
    });
    const [invoice] = await server.ctx.db
      .select()
      .from(paymentInvoices)
      .where(eq(paymentInvoices.id, request.json.data.invoiceId));
    expect(invoice!.state).toBe('requested');
  });
});
