import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, SPORTSBOOK_GAME_IDENTITY, TicketType, type ProviderWebhook } from '@casino/contracts';
import { signCall } from '../../../lib/signing.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createGame, openSession, txId, walletFetch } from '../../game/__tests__/play-fixtures.ts';
import { findGame } from '../../game/catalogue/service.ts';
import { setStakeRule } from '../../sportsbook/index.ts';
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

  it('opposite roulette bets in two simultaneous sessions count only what they could lose together', async () => {
    const { id, auth, paid, accountId } = await openDeposit(100);
    expect((await signedWebhook(paid)).status).toBe(200);
    const secret = server.ctx.gameWalletSecret;
    const game = await createGame(server.ctx.db, { type: 'roulette' });
    const [red, black] = await Promise.all(
      [0, 1].map(async () => {
        const session = await openSession(server.ctx, { playerId: id, accountId, gameId: game.id });
        return { token: session.token, gameIdentity: game.identity, currency: 'EUR', roundId: txId('round') };
      }),
    );
    // €50 on red in one tab, €50 on black in the other; red comes.
    for (const side of [red!, black!])
      expect(
        (await walletFetch(base, secret, 'bet', { ...side, transactionId: txId('bet'), amount: 5_000 })).status,
      ).toBe(200);
    for (const [side, win] of [
      [red!, 10_000],
      [black!, 0],
    ] as const)
      expect(
        (await walletFetch(base, secret, 'win', { ...side, transactionId: txId('win'), amount: win, closeRound: true }))
          .status,
      ).toBe(200);
    expect(await turnover(auth)).toMatchObject({ requiredAmount: 100, wageredAmount: 0, turnOverWagerAmount: 100 });
    expect((await withdraw(auth, 100)).json.error?.code).toBe(ErrorCode.turnoverNotMet);
  });

  it('tickets on every outcome of one event count only what they could lose together', async () => {
    const { id, auth, paid, accountId } = await openDeposit(200);
    expect((await signedWebhook(paid)).status).toBe(200);
    const secret = server.ctx.gameWalletSecret;
    await setStakeRule(server.ctx.db, { maxBetMinor: 50_000n, maxEventMinor: 100_000n });
    const game = (await findGame(server.ctx.db, SPORTSBOOK_GAME_IDENTITY))!;
    const session = await openSession(server.ctx, { playerId: id, accountId, gameId: game.id });
    const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
    const eventId = `ev-${randomUUID().slice(0, 8)}`;
    // Home at 1.80, draw at 3.60, away at 4.50: €190 staked, €180 back whatever the result.
    const picks = [
      { outcome: '1', odds: 1_800, stake: 10_000 },
      { outcome: 'X', odds: 3_600, stake: 5_000 },
      { outcome: '2', odds: 4_500, stake: 4_000 },
    ];
    const rounds = [];
    for (const pick of picks) {
      const roundId = txId('ticket');
      const item = {
        eventId,
        event: 'Northport FC – Eastvale United',
        stage: 1,
        sport: 'football',
        discipline: 'Football',
        tournament: 'Premier Division',
        eventDate: '2026-12-01T19:45:00.000Z',
        market: 'Match result',
        outcome: pick.outcome,
        odds: pick.odds,
      };
      const ticket = { type: TicketType.single, odds: pick.odds, items: [item] };
      const bet = await walletFetch(base, secret, 'bet', {
        ...wallet,
        transactionId: txId('bet'),
        roundId,
        amount: pick.stake,
        ticket,
      });
      expect(bet.status, JSON.stringify(bet.body)).toBe(200);
      rounds.push({ roundId, win: pick.outcome === '1' ? (pick.stake * pick.odds) / 1000 : 0 });
    }
    for (const { roundId, win } of rounds)
      expect(
        (
          await walletFetch(base, secret, 'win', {
            ...wallet,
            transactionId: txId('win'),
            roundId,
            amount: win,
            closeRound: true,
          })
        ).status,
      ).toBe(200);
    expect(await turnover(auth)).toMatchObject({ requiredAmount: 200, wageredAmount: 10, turnOverWagerAmount: 190 });
  });

  it('a round the provider never closes holds nothing up: ten minutes on, rounds count on their own again', async () => {
    const { id, auth, paid, accountId } = await openDeposit(20);
    expect((await signedWebhook(paid)).status).toBe(200);
    const secret = server.ctx.gameWalletSecret;
    const game = await createGame(server.ctx.db);
    const session = await openSession(server.ctx, { playerId: id, accountId, gameId: game.id });
    const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
    expect(
      (
        await walletFetch(base, secret, 'bet', {
          ...wallet,
          transactionId: txId('bet'),
          roundId: txId('stuck'),
          amount: 100,
        })
      ).status,
    ).toBe(200);
    await server.ctx.db.execute(
      sql`update game_risk_positions set started_at = now() - interval '11 minutes' where account_id = ${accountId}::uuid`,
    );
    await playRounds(id, accountId, [
      { stake: 1000, win: 0 },
      { stake: 900, win: 1800 },
    ]);
    expect(await turnover(auth)).toMatchObject({ wageredAmount: 19, turnOverWagerAmount: 1 });
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
