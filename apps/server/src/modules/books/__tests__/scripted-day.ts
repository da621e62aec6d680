import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { combinedOdds, SPORTSBOOK_GAME_IDENTITY, TicketType } from '@casino/contracts';
import { opsCall, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { DEFAULT_BONUS_RULES } from '../../bonus/service.ts';
import { runCashback } from '../../bonus/cashback.ts';
import { cashbackPayouts, playerFreespins } from '../../bonus/tables.ts';
import { findGame } from '../../game/catalogue/service.ts';
import type { GameRow } from '../../game/catalogue/tables.ts';
import { createGame, openSession, txId, walletCall, type WalletCall } from '../../game/__tests__/play-fixtures.ts';
import { jsonCaller, type Json } from '../../payment/__tests__/http.ts';
import { register } from '../../player/__tests__/helpers.ts';
import { accountIn } from '../../wallet/index.ts';

/**
 * A day of a small casino, played through the product's own doors: sign-ups and payments over HTTP (the
 * sandbox provider's card page, its webhooks, a bank transfer the operator confirms, payouts the
 * operator approves), game and sportsbook rounds as their providers call the wallet, bonuses issued by
 * the operator and activated or cancelled by the player, free spins, the cashback job.
 *
 * Alice (EUR) pays by card (and is declined once), plays slots and a sports ticket, withdraws three
 * times (one paid out, one she cancels, one waiting) and gets a cashback. Bob (USD) pays by bank
 * transfer, gets an operator's credit, leaves a card deposit unpaid (it expires), plays two slots and
 * wins a ticket; his payout fails. Carol (EUR) plays an operator's bonus to conversion and cancels the
 * bonus her free spins won. Dave only signs up.
 */

export type Player = { id: string; email: string; currency: string; accountId: string; auth: Record<string, string> };

/** What the script played, by hand: the figures the reports must show. */
export const SCRIPT = {
  alice: { card: 10_000n, declined: 3_000n, paidOut: 4_000n, cancelled: 2_000n, waiting: 2_000n },
  bob: { transfer: 20_000n, credit: 5_000n, expired: 2_500n, failedPayout: 2_000n },
  carol: { bonus: 2_000n, maxConversion: 1_500n, spinsWon: 150n },
  // Casino: Alice 10.00 → 25.00, 5.00 lost, 4.00 voided; Bob 30.00 lost, 12.50 → 40.00 (slot 2), 2.00 → 1.00 (slot 1).
  casino: {
    EUR: { bets: 3, stakes: 1_500n, wins: 2_500n },
    USD: { bets: 3, stakes: 4_450n, wins: 4_100n },
  },
  // Sports: Alice 20.00 lost; Bob 10.00 at 2.50 won 25.00.
  sports: {
    EUR: { bets: 1, stakes: 2_000n, wins: 0n },
    USD: { bets: 1, stakes: 1_000n, wins: 2_500n },
  },
  cashbackPercent: 10n,
} as const;

export type Day = {
  alice: Player;
  bob: Player;
  carol: Player;
  dave: Player;
  slots: [GameRow, GameRow];
  cashback: bigint;
};

/** The server's HTTP face, as a player's browser and the operator's CLI reach it. */
export function actors(server: TestServer) {
  const call = jsonCaller(() => server.ctx.selfUrl());
  const ok = (answer: { status: number; json: Json }) => {
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.data as Json;
  };
  const ops = async (command: string, payload: Record<string, unknown>) => {
    const answer = await opsCall(server, command, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Json;
  };
  const invoiceStatus = (p: Player, id: string, done: (status: number) => boolean) =>
    waitFor(async () => {
      const status = ok(await call('GET', `/api/payment/invoices/${id}`, p.auth)).status as number;
      return done(status) ? status : undefined;
    });
  return { call, ok, ops, invoiceStatus };
}
type Actors = ReturnType<typeof actors>;

async function signUp(server: TestServer, currency: string): Promise<Player> {
  const { body, auth } = await register(server.app, { currency, receiveBonus: true, locale: 'en' });
  const token = auth.accessToken as string;
  const id = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  const account = await accountIn(server.ctx.db, id, currency);
  expect(account, `${currency} account at sign-up`).toBeDefined();
  return {
    id,
    email: String(body.email),
    currency,
    accountId: account!.id,
    auth: { authorization: `Bearer ${token}` },
  };
}

/** A card deposit through the sandbox's page; answers the invoice and its final status (2 paid, 3 failed). */
async function cardDeposit(server: TestServer, a: Actors, p: Player, minor: bigint, card: string) {
  const created = a.ok(
    await a.call('POST', '/api/payment/invoices/deposit', p.auth, {
      method: 'card',
      currency: p.currency,
      amount: Number(minor) / 100,
    }),
  );
  const page = await fetch(`${server.ctx.selfUrl()}${created.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: card, expiry: '12/39', cvc: '123' }).toString(),
  });
  expect(page.status).toBe(200);
  return a.invoiceStatus(p, created.invoiceId, (s) => s !== 1);
}

/** A withdrawal by bank transfer to `iban`: the money is locked until it is paid out or returned. */
async function withdrawal(a: Actors, p: Player, minor: bigint, iban = 'DE89370400440532013000') {
  const requested = a.ok(
    await a.call('POST', '/api/payment/invoices/withdrawal', p.auth, {
      method: 'bank_transfer',
      currency: p.currency,
      amount: Number(minor) / 100,
      fields: { iban },
    }),
  );
  return requested.invoiceId as string;
}

/** Money in: Alice's card (and a declined one), Bob's bank transfer confirmed by the operator, his credit. */
async function morningPayments(server: TestServer, a: Actors, alice: Player, bob: Player) {
  expect(await cardDeposit(server, a, alice, SCRIPT.alice.card, '4242 4242 4242 4242')).toBe(2);
  expect(await cardDeposit(server, a, alice, SCRIPT.alice.declined, '4000 0000 0000 0002')).toBe(3);
  // Bob opens a card deposit and never pays it: the expiry job ends it (DEPOSIT_EXPIRY_MINUTES is short).
  const unpaid = a.ok(
    await a.call('POST', '/api/payment/invoices/deposit', bob.auth, { method: 'card', currency: 'USD', amount: 25 }),
  );
  const transfer = a.ok(
    await a.call('POST', '/api/payment/invoices/deposit', bob.auth, {
      method: 'bank_transfer',
      currency: 'USD',
      amount: Number(SCRIPT.bob.transfer) / 100,
    }),
  );
  const confirmed = await a.ops('invoices', { action: 'deposits-confirm', invoice: transfer.transfer.reference });
  expect(confirmed.invoices[0]).toMatchObject({ status: 2 });
  const credited = await a.ops('credit', {
    player: bob.email,
    amount: String(Number(SCRIPT.bob.credit) / 100),
    currency: 'USD',
  });
  expect(credited).toMatchObject({ replayed: false });
  return { unpaid: unpaid.invoiceId as string };
}

/** A provider's wallet calls for one player on one game: a round that wins or loses, and a voided bet. */
function table(server: TestServer, p: Player, game: GameRow, session: { token: string }) {
  const base = { token: session.token, gameIdentity: game.identity, currency: p.currency };
  const ok = (answer: WalletCall) => expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    async round(stake: number, win: number) {
      const roundId = txId('round');
      ok(
        await walletCall(server, 'bet', {
          ...base,
          transactionId: txId('bet'),
          roundId,
          amount: stake,
          closeRound: !win,
        }),
      );
      if (win)
        ok(
          await walletCall(server, 'win', {
            ...base,
            transactionId: txId('win'),
            roundId,
            amount: win,
            closeRound: true,
          }),
        );
    },
    async voided(stake: number) {
      const roundId = txId('round');
      const transactionId = txId('bet');
      ok(await walletCall(server, 'bet', { ...base, transactionId, roundId, amount: stake }));
      ok(
        await walletCall(server, 'rollback', {
          token: session.token,
          gameIdentity: game.identity,
          transactionId: txId('void'),
          referenceTransactionId: transactionId,
          roundId,
        }),
      );
    },
    async ticket(stake: number, odds: number, payout: number) {
      const roundId = txId('ticket');
      const item = {
        ...{ eventId: txId('ev'), event: 'Northport FC – Eastvale United', stage: 1, sport: 'football' },
        ...{
          discipline: 'Football',
          tournament: 'Premier Division',
          eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
        ...{ market: 'Match result', outcome: '1', odds },
      };
      const ticket = { type: TicketType.single, odds: combinedOdds([odds]), items: [item] };
      ok(await walletCall(server, 'bet', { ...base, transactionId: txId('bet'), roundId, amount: stake, ticket }));
      ok(
        await walletCall(server, 'win', {
          ...base,
          transactionId: txId('settle'),
          roundId,
          amount: payout,
          closeRound: true,
        }),
      );
    },
  };
}

const tableFor = async (server: TestServer, p: Player, game: GameRow) =>
  table(
    server,
    p,
    game,
    await openSession(server.ctx, { playerId: p.id, accountId: p.accountId, currency: p.currency, gameId: game.id }),
  );

/** Real-money play: slots for both, a ticket each (the operator's stake rule first: without one none is taken). */
async function afternoonPlay(server: TestServer, a: Actors, day: Pick<Day, 'alice' | 'bob' | 'slots'>) {
  const [slot1, slot2] = day.slots;
  const aliceSlot = await tableFor(server, day.alice, slot1);
  await aliceSlot.round(1_000, 2_500);
  await aliceSlot.round(500, 0);
  await aliceSlot.voided(400);
  const bobSlot2 = await tableFor(server, day.bob, slot2);
  await bobSlot2.round(3_000, 0);
  await bobSlot2.round(1_250, 4_000);
  await (await tableFor(server, day.bob, slot1)).round(200, 100);

  await a.ops('sportsbook-risk', { action: 'limits-set', maxBet: '1000', maxEvent: '5000' });
  const sportsbook = (await findGame(server.ctx.db, SPORTSBOOK_GAME_IDENTITY))!;
  await (await tableFor(server, day.alice, sportsbook)).ticket(2_000, 1_800, 0);
  await (await tableFor(server, day.bob, sportsbook)).ticket(1_000, 2_500, 2_500);
}

/** Money out: Alice's payout (approved, paid by webhook), one she cancels, one waiting; Bob's bounces. */
async function eveningPayouts(a: Actors, alice: Player, bob: Player) {
  const paid = await withdrawal(a, alice, SCRIPT.alice.paidOut);
  await a.ops('invoices', { action: 'withdrawals-approve', invoice: paid });
  expect(await a.invoiceStatus(alice, paid, (s) => s !== 1)).toBe(2);
  const cancelled = await withdrawal(a, alice, SCRIPT.alice.cancelled);
  expect(a.ok(await a.call('PUT', `/api/payment/invoices/${cancelled}/decline`, alice.auth))).toMatchObject({
    status: 3,
  });
  await withdrawal(a, alice, SCRIPT.alice.waiting);
  // The "bank" refuses an IBAN ending in 0002: the money returns to Bob.
  const bounced = await withdrawal(a, bob, SCRIPT.bob.failedPayout, 'DE89370400440532010002');
  await a.ops('invoices', { action: 'withdrawals-approve', invoice: bounced });
  expect(await a.invoiceStatus(bob, bounced, (s) => s !== 1)).toBe(3);
}

/** Carol: an operator's €20 bonus (×1, at most €15 made real), played with bonus money until it converts. */
async function carolsBonus(server: TestServer, a: Actors, carol: Player, slot: GameRow) {
  const name = `Scripted bonus ${txId('b').slice(-8)}`;
  await a.ops('bonus', {
    action: 'create',
    definition: {
      name,
      amounts: { EUR: Number(SCRIPT.carol.bonus) },
      wagerMultiplier: 1,
      maxConversion: { EUR: Number(SCRIPT.carol.maxConversion) },
      contributions: { slots: 100 },
    },
  });
  await a.ops('bonus', { action: 'issue', player: carol.email, name, currency: 'EUR' });
  const [issued] = a.ok(await a.call('GET', '/api/game/player-bonuses?status[]=1', carol.auth)) as Json[];
  a.ok(await a.call('PUT', `/api/game/player-bonuses/${issued!.id}/activate`, carol.auth));
  const slotTable = await tableFor(server, carol, slot);
  // Bonus money only (she has no real money): 20.00 − 10.00 + 4.00 − 10.00 + 13.00 = 17.00, wagered 20.00.
  await slotTable.round(1_000, 400);
  await slotTable.round(1_000, 1_300);
  const [finished] = a.ok(await a.call('GET', '/api/game/player-bonuses?status[]=3', carol.auth)) as Json[];
  expect(finished).toMatchObject({ id: issued!.id, result: 2 });
}

/** Carol's free spins (two at €0.20 on slot 1): 1.50 won, which becomes a bonus she cancels. */
async function carolsFreeSpins(server: TestServer, a: Actors, carol: Player, slot: GameRow) {
  const name = `Scripted spins ${txId('s').slice(-8)}`;
  await a.ops('bonus', {
    action: 'create',
    definition: {
      name,
      type: 3,
      amounts: { EUR: 0 },
      freespins: { count: 2, game: slot.identity, stakes: { EUR: 20 } },
      wagerMultiplier: 3,
      contributions: { slots: 100 },
    },
  });
  await a.ops('bonus', { action: 'issue', player: carol.email, name, currency: 'EUR' });
  const [spins] = await server.ctx.db.select().from(playerFreespins).where(eq(playerFreespins.playerId, carol.id));
  a.ok(await a.call('PUT', `/api/game/player-freespins/${spins!.id}/activate`, carol.auth));
  const session = await openSession(server.ctx, { playerId: carol.id, accountId: carol.accountId, gameId: slot.id });
  for (const amount of [Number(SCRIPT.carol.spinsWon), 0]) {
    const spin = await walletCall(server, 'win', {
      ...{ token: session.token, gameIdentity: slot.identity, currency: 'EUR' },
      ...{ transactionId: txId('fs'), roundId: txId('r'), amount, closeRound: true },
      promotion: { kind: 'free-spins', id: spins!.grantId },
    });
    expect(spin.status, JSON.stringify(spin.body)).toBe(200);
  }
  const bonusId = await waitFor(
    async () =>
      (await server.ctx.db.select().from(playerFreespins).where(eq(playerFreespins.id, spins!.id)))[0]!.bonusId,
  );
  const [won] = a.ok(await a.call('GET', '/api/game/player-bonuses?status[]=2', carol.auth)) as Json[];
  expect(won).toMatchObject({ id: bonusId, amount: Number(SCRIPT.carol.spinsWon) / 100 });
  a.ok(await a.call('PUT', `/api/game/player-bonuses/${bonusId}/cancel`, carol.auth));
}

/** A daily cashback of 10 % of real-money losses, paid by its job once today is over; Alice activates hers. */
async function alicesCashback(server: TestServer, a: Actors, alice: Player) {
  const name = `Scripted cashback ${txId('c').slice(-8)}`;
  await a.ops('bonus', {
    action: 'create',
    definition: {
      name,
      amounts: { EUR: 0 },
      cashback: { percentage: Number(SCRIPT.cashbackPercent), period: 'day' },
      wagerMultiplier: 3,
      contributions: { slots: 100 },
    },
  });
  const tomorrow = new Date(`${new Date().toISOString().slice(0, 10)}T00:05:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const run = await runCashback(server.ctx, DEFAULT_BONUS_RULES, {
    now: tomorrow,
    definition: name,
    onError: (err) => {
      throw err;
    },
  });
  expect(run.runs).toEqual([expect.objectContaining({ issued: 1, failed: 0 })]);
  const [payout] = await server.ctx.db.select().from(cashbackPayouts).where(eq(cashbackPayouts.playerId, alice.id));
  a.ok(await a.call('PUT', `/api/game/player-bonuses/${payout!.bonusId}/activate`, alice.auth));
  return payout!.amountMinor;
}

/** The whole day, in order; answers who played and what the cashback paid. */
export async function playTheDay(server: TestServer): Promise<Day> {
  const a = actors(server);
  const alice = await signUp(server, 'EUR');
  const bob = await signUp(server, 'USD');
  const carol = await signUp(server, 'EUR');
  const dave = await signUp(server, 'EUR');
  const slots: [GameRow, GameRow] = [await createGame(server.ctx.db), await createGame(server.ctx.db)];
  const { unpaid } = await morningPayments(server, a, alice, bob);
  await afternoonPlay(server, a, { alice, bob, slots });
  await eveningPayouts(a, alice, bob);
  await carolsBonus(server, a, carol, slots[0]);
  await carolsFreeSpins(server, a, carol, slots[0]);
  const cashback = await alicesCashback(server, a, alice);
  expect(await a.invoiceStatus(bob, unpaid, (s) => s !== 1)).toBe(4);
  return { alice, bob, carol, dave, slots, cashback };
}
