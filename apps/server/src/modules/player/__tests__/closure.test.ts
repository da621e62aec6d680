import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bonusDefinitionInputSchema,
  combinedOdds,
  ErrorCode,
  SPORTSBOOK_GAME_IDENTITY,
  TicketType,
  type ProviderWebhook,
  type WalletTicketItem,
} from '@casino/contracts';
import { rowsOf } from '../../../db/rows.ts';
import { signCall } from '../../../lib/signing.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { activateBonus, createDefinition, DEFAULT_BONUS_RULES, issueBonus, issueOffer } from '../../bonus/index.ts';
import { createGame, openSession, txId, walletCall, type WalletCall } from '../../game/__tests__/play-fixtures.ts';
import { findGame } from '../../game/index.ts';
import { setStakeRule } from '../../sportsbook/index.ts';
import { gameRounds } from '../../game/play/tables.ts';
import { createDeposit } from '../../payment/deposits.ts';
import { paymentInvoices } from '../../payment/tables.ts';
import { authHeader, createPlayer } from '../../wallet/__tests__/factories.ts';
import { accountIn, postEntry } from '../../wallet/index.ts';
import { players } from '../tables.ts';
import { bearer, expectErrorEnvelope, login, refresh, register } from './helpers.ts';

/**
 * Closing an account while something can still move money (issue 34, finding 4): the close is refused
 * naming what is open; money that reaches a closed account anyway can be taken out in a withdraw-only
 * session, and nothing else can be done with it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    LOGIN_RATE_LIMIT: '1000',
    TURNOVER_MULTIPLIER: '0',
    WITHDRAWAL_VERIFICATION: 'never',
    WITHDRAWAL_AUTO_APPROVE_BELOW: '0',
  });
  // The sandbox payment provider is reached over HTTP.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  await setStakeRule(server.ctx.db, { maxBetMinor: 1_000_000_000n, maxEventMinor: 1_000_000_000n });
});
afterAll(() => server?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let address = 0;
/** Each call from its own address: the close route's flood guard counts per address. */
const from = () => `10.34.${Math.floor(++address / 250)}.${address % 250}`;
const close = (token: string, payload: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/player/close',
    headers: bearer(token),
    payload,
    remoteAddress: from(),
  });
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) =>
  server.app.inject({ method, url, headers: bearer(token), remoteAddress: from(), ...(payload ? { payload } : {}) });

const NOTHING_OPEN = { sportsBets: 0, casinoRounds: 0, deposits: 0, withdrawals: 0 };

function ticket(): { type: number; odds: number; items: WalletTicketItem[] } {
  const item: WalletTicketItem = {
    eventId: `ev-${randomUUID().slice(0, 8)}`,
    event: 'Northport FC – Eastvale United',
    stage: 1,
    sport: 'football',
    discipline: 'Football',
    tournament: 'Premier Division',
    eventDate: '2026-12-01T19:45:00.000Z',
    market: 'Match result',
    outcome: '1',
    odds: 2_000,
  };
  return { type: TicketType.single, odds: combinedOdds([item.odds]), items: [item] };
}

/** A signed-up player (password known) with `real` EUR minor units, and what they can do. */
async function closer(real = 0n) {
  const { body, auth } = await register(server.app, { locale: 'en' });
  const playerId = auth.profile.id;
  const account = (await accountIn(server.ctx.db, playerId, 'EUR'))!;
  if (real > 0n)
    await postEntry(server.ctx.db, {
      accountId: account.id,
      idempotencyKey: `fund:${account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: real,
    });
  const session = async (identity?: string) => {
    const game = identity ? (await findGame(server.ctx.db, identity))! : await createGame(server.ctx.db);
    const s = await openSession(server.ctx, { playerId, accountId: account.id, gameId: game.id });
    return { token: s.token, gameIdentity: game.identity, currency: 'EUR' };
  };
  return {
    email: body.email as string,
    password: body.password as string,
    token: auth.accessToken,
    playerId,
    account,
    /** A sports ticket of `amount` minor units, left open; `settle` settles it. */
    async sportsBet(amount: number) {
      const base = await session(SPORTSBOOK_GAME_IDENTITY);
      const roundId = txId('ticket');
      const placed = await walletCall(server, 'bet', {
        ...base,
        transactionId: txId('bet'),
        roundId,
        amount,
        ticket: ticket(),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      return {
        settle: (win: number, extra: Record<string, unknown> = {}) =>
          walletCall(server, 'win', {
            ...base,
            transactionId: txId('settle'),
            roundId,
            amount: win,
            closeRound: true,
            ...extra,
          }),
      };
    },
    /** A casino round staking `amount`, left open; `finish` closes it with a win. */
    async casinoRound(amount: number) {
      const base = await session();
      const roundId = txId('round');
      const placed = await walletCall(server, 'bet', { ...base, transactionId: txId('bet'), roundId, amount });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      return {
        finish: (win: number) =>
          walletCall(server, 'win', { ...base, transactionId: txId('win'), roundId, amount: win, closeRound: true }),
      };
    },
    session,
  };
}

/** The ledger proves every balance of the player's accounts: real, bonus and locked. */
async function audit(playerId: string) {
  const rows = await rowsOf<Record<string, string>>(
    server.ctx.db,
    sql`select coalesce(sum(l.real_delta), 0)::text as real, coalesce(sum(l.bonus_delta), 0)::text as bonus,
               coalesce(sum(l.locked_delta), 0)::text as locked,
               a.real_balance::text as real_balance, a.bonus_balance::text as bonus_balance,
               a.locked_balance::text as locked_balance
          from wallet_accounts a left join ledger_entries l on l.account_id = a.id
         where a.player_id = ${playerId}::uuid group by a.id`,
  );
  for (const row of rows) {
    expect(row.real).toBe(row.real_balance);
    expect(row.bonus).toBe(row.bonus_balance);
    expect(row.locked).toBe(row.locked_balance);
  }
}

const balances = async (accountId: string) => {
  const [row] = await rowsOf<{ real: string; locked: string }>(
    server.ctx.db,
    sql`select real_balance::text as real, locked_balance::text as locked from wallet_accounts where id = ${accountId}::uuid`,
  );
  return { real: BigInt(row!.real), locked: BigInt(row!.locked) };
};

/** A provider webhook, signed as the sandbox provider signs it. */
function webhook(event: ProviderWebhook) {
  const body = JSON.stringify(event);
  const headers = signCall(server.ctx.paymentSecret, { method: 'POST', path: '/api/payment/webhooks/sandbox', body });
  return server.app.inject({
    method: 'POST',
    url: '/api/payment/webhooks/sandbox',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

async function cardDeposit(token: string, amount: number) {
  const created = await call('POST', '/api/payment/invoices/deposit', token, {
    method: 'card',
    currency: 'EUR',
    amount,
  });
  expect(created.statusCode, created.body).toBe(200);
  const [row] = await server.ctx.db
    .select()
    .from(paymentInvoices)
    .where(eq(paymentInvoices.id, created.json().data.invoiceId));
  return row!;
}

describe('closing an account while something can still move money', () => {
  it('is refused with an open sports ticket, naming it; closes once the ticket is settled', async () => {
    const p = await closer(1_000n);
    const bet = await p.sportsBet(1_000);
    const refused = expectErrorEnvelope(await close(p.token, { password: p.password }), 409);
    expect(refused).toMatchObject({
      code: ErrorCode.conflict,
      message: 'You have 1 open sports bet: settle it first',
      open: { ...NOTHING_OPEN, sportsBets: 1 },
    });
    expect((await bet.settle(0)).status).toBe(200);
    expect((await close(p.token, { password: p.password })).statusCode).toBe(200);
    await audit(p.playerId);
  });

  it('is refused with an unpaid card deposit, and names everything open together', async () => {
    const p = await closer(1_000n);
    await p.sportsBet(1_000);
    await cardDeposit(p.token, 20);
    const refused = expectErrorEnvelope(await close(p.token, { password: p.password }), 409);
    expect(refused).toMatchObject({
      message: 'You have 1 open sports bet and 1 unpaid deposit: settle them first',
      open: { ...NOTHING_OPEN, sportsBets: 1, deposits: 1 },
    });
  });

  it('is refused with a withdrawal on its way, naming it', async () => {
    const p = await closer(5_000n);
    const withdrawal = await call('POST', '/api/payment/invoices/withdrawal', p.token, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 50,
      fields: { iban: 'DE89370400440532013000' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const refused = expectErrorEnvelope(await close(p.token, { password: p.password }), 409);
    expect(refused).toMatchObject({
      message: 'You have 1 withdrawal on its way: settle it first',
      open: { ...NOTHING_OPEN, withdrawals: 1 },
    });
    await audit(p.playerId);
  });

  it('is refused with an open casino round, naming it; closes once the round ends', async () => {
    const p = await closer(500n);
    const round = await p.casinoRound(500);
    const refused = expectErrorEnvelope(await close(p.token, { password: p.password }), 409);
    expect(refused).toMatchObject({
      message: 'You have 1 unfinished game round: settle it first',
      open: { ...NOTHING_OPEN, casinoRounds: 1 },
    });
    expect((await round.finish(0)).status).toBe(200);
    expect((await close(p.token, { password: p.password })).statusCode).toBe(200);
  });

  it('closes when nothing is open; a round its provider abandoned a day ago does not hold it', async () => {
    const p = await closer(500n);
    await p.casinoRound(500);
    await server.ctx.db
      .update(gameRounds)
      .set({ updatedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(gameRounds.playerId, p.playerId));
    expect((await close(p.token, { password: p.password })).json()).toEqual({ data: { ok: true } });
    expect(expectErrorEnvelope(await login(server.app, p.email, p.password), 403).code).toBe(ErrorCode.accountClosed);
  });

  it("counts its flood guard per player: one player's tries behind an address leave the others theirs", async () => {
    // A mobile network or an office: many players, one address.
    const office = '10.35.0.1';
    const tryClose = (token: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/player/close',
        headers: bearer(token),
        payload: { password: 'not-the-password' },
        remoteAddress: office,
      });
    const [flooder, neighbour] = [await closer(0n), await closer(0n)];
    const tries = [];
    for (let i = 0; i < 11; i++) tries.push((await tryClose(flooder.token)).statusCode);
    expect(tries.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(tries[10]).toBe(429);
    expect((await tryClose(neighbour.token)).statusCode).toBe(422);
  });

  it('a sports ticket holds the close however long it waits for its event (no abandonment rule)', async () => {
    const p = await closer(1_000n);
    await p.sportsBet(1_000);
    await server.ctx.db
      .update(gameRounds)
      .set({ updatedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(gameRounds.playerId, p.playerId));
    const refused = expectErrorEnvelope(await close(p.token, { password: p.password }), 409);
    expect(refused).toMatchObject({ open: { ...NOTHING_OPEN, sportsBets: 1 } });
  });
});

describe('money that reaches a closed account', () => {
  it('a late payment is credited; the owner signs in withdraw-only, withdraws it, and can neither deposit, bet nor take a bonus', async () => {
    const p = await closer();
    const invoice = await cardDeposit(p.token, 34.04);
    // The card page was left open past the deposit's time: the deposit expired, nothing is open.
    await server.ctx.db.execute(
      sql`update payment_invoices set created_at = created_at - interval '1 hour' where id = ${invoice.id}::uuid`,
    );
    expect((await close(p.token, { password: p.password })).statusCode).toBe(200);

    // The provider reports the payment after all: never refused, credited once.
    const paid: ProviderWebhook = {
      eventId: randomUUID(),
      type: 'payment.succeeded',
      paymentId: invoice.providerPaymentId!,
      reference: invoice.id,
      currency: 'EUR',
      amountMinor: '3404',
    };
    expect((await webhook(paid)).statusCode).toBe(200);
    expect(await balances(p.account.id)).toEqual({ real: 3_404n, locked: 0n });

    // The right password opens a withdraw-only session (a wrong one is still refused).
    expectErrorEnvelope(await login(server.app, p.email, 'not-the-password'), 401);
    const signedIn = await login(server.app, p.email, p.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json().data as Json;
    expect(session).toMatchObject({
      scope: 'withdraw-only',
      closed: true,
      excludedUntil: null,
      profile: { status: 6 },
    });
    const token = session.accessToken as string;

    // It sees the balance and the payments...
    const accounts = await call('GET', '/api/wallet/accounts', token);
    expect(accounts.json().data[0]).toMatchObject({ currency: 'EUR', realBalance: 34.04 });
    const history = await call('GET', '/api/payment/invoices', token);
    expect(history.json().data.map((i: Json) => [i.invoiceType, i.status, i.amount])).toEqual([[1, 2, 34.04]]);
    // ...but may not deposit, play or take a bonus: refused at the routes,
    for (const [method, url, payload] of [
      ['GET', '/api/payment/methods/deposit?currency=EUR'],
      ['POST', '/api/payment/invoices/deposit', { method: 'card', currency: 'EUR', amount: 20 }],
      ['POST', `/api/game/games/${SPORTSBOOK_GAME_IDENTITY}/play`, {}],
      ['GET', '/api/game/player-bonuses'],
      ['POST', '/api/game/bonuses/bonuscodes', { code: 'WELCOME10' }],
    ] as const) {
      const refused = expectErrorEnvelope(await call(method, url, token, payload), 403);
      expect(refused.code, url).toBe(ErrorCode.withdrawOnlySession);
    }
    // and in the services behind them, whatever the way in.
    const deposit = await createDeposit(
      server.ctx,
      p.playerId,
      { method: 'card', currency: 'EUR', amount: 20 },
      'DE',
    ).catch((error: unknown) => error);
    expect(deposit).toMatchObject({ code: ErrorCode.accountClosed });
    const base = await p.session();
    const bet = await walletCall(server, 'bet', {
      ...base,
      transactionId: txId('bet'),
      roundId: txId('round'),
      amount: 100,
    });
    expect(bet).toMatchObject({ status: 403, body: { error: { code: ErrorCode.accountClosed } } });
    const bonus = await issueOffer(server.ctx, DEFAULT_BONUS_RULES, {
      playerId: p.playerId,
      definition: await bonusDefinition(),
      currency: 'EUR',
      source: 'test',
    }).catch((error: unknown) => error);
    expect(bonus).toMatchObject({ code: ErrorCode.accountClosed });

    // It withdraws everything; the session lasts while money is on the account, then sign-in is refused again.
    const withdrawal = await call('POST', '/api/payment/invoices/withdrawal', token, {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 34.04,
      fields: { iban: 'DE89370400440532013000' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect(await balances(p.account.id)).toEqual({ real: 0n, locked: 3_404n });
    expect(expectErrorEnvelope(await refresh(server.app, token), 403).code).toBe(ErrorCode.accountClosed);
    expect(expectErrorEnvelope(await login(server.app, p.email, p.password), 403).code).toBe(ErrorCode.accountClosed);
    await audit(p.playerId);
  });

  it('less than the withdrawal minimum: the whole balance can be taken out, not a part of it', async () => {
    const p = await closer();
    expect((await close(p.token, { password: p.password })).statusCode).toBe(200);
    // A late win of €12.50 (the bank transfer's minimum is €20).
    await postEntry(server.ctx.db, {
      accountId: p.account.id,
      idempotencyKey: `late:${p.account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: 1_250n,
    });
    const token = (await login(server.app, p.email, p.password)).json().data.accessToken as string;
    const methods = await call('GET', '/api/payment/methods/withdrawal?currency=EUR', token);
    expect(methods.json().data.find((m: Json) => m.method === 'bank_transfer')).toMatchObject({ amountMin: 12.5 });
    const withdraw = (amount: number) =>
      call('POST', '/api/payment/invoices/withdrawal', token, {
        method: 'bank_transfer',
        currency: 'EUR',
        amount,
        fields: { iban: 'DE89370400440532013000' },
      });
    expectErrorEnvelope(await withdraw(5), 422);
    expect((await withdraw(12.5)).statusCode).toBe(200);
    expect(await balances(p.account.id)).toEqual({ real: 0n, locked: 1_250n });
    await audit(p.playerId);
  });
});

let definitionName: string | undefined;
async function bonusDefinition(): Promise<string> {
  if (definitionName) return definitionName;
  const name = `Closure bonus ${randomUUID().slice(0, 6)}`;
  await createDefinition(
    server.ctx.db,
    bonusDefinitionInputSchema.parse({
      name,
      amounts: { EUR: 2_000 },
      wagerMultiplier: 1,
      maxBet: {},
      maxConversion: {},
      contributions: { slots: 100 },
      excludedGames: [],
      activationDays: 30,
      wageringDays: 30,
    }),
    async () => null,
  );
  return (definitionName = name);
}

/** Advisory locks waited for in this test's database (the wallet's account locks are advisory). */
const lockWaiters = async () =>
  (
    await rowsOf<{ n: number }>(
      server.ctx.db,
      sql`select count(*)::int as n from pg_locks
           where locktype = 'advisory' and not granted
             and database = (select oid from pg_database where datname = current_database())`,
    )
  )[0]!.n;

/**
 * Runs `calls` so that they meet at the account's wallet lock in this order: the lock is held while each
 * starts and is seen waiting for it, then let go. On PostgreSQL this places each call's statements where
 * a real race puts them (the bet's snapshot taken before the close commits); the embedded database runs
 * one transaction at a time, so there the calls simply run together.
 */
async function queuedAtLock<T>(accountId: string, calls: (() => Promise<T>)[]): Promise<T[]> {
  if (server.ctx.database.kind === 'pglite') return Promise.all(calls.map((c) => c()));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const locked = new Promise<void>((resolve) => (taken = resolve));
  const holder = server.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select wallet_lock(${accountId}::uuid)`);
    taken();
    await gate;
  });
  await locked;
  const started: Promise<T>[] = [];
  for (const [n, run] of calls.entries()) {
    started.push(run());
    await waitFor(async () => (await lockWaiters()) >= n + 1, 10_000);
  }
  release();
  await holder;
  return Promise.all(started);
}

type RaceAnswer = { closed?: Awaited<ReturnType<TestServer['app']['inject']>>; bet?: WalletCall };

describe('a bet racing the close', () => {
  it('one of them wins, never both, in either order (bonus money staked while the account closes)', async () => {
    const definition = await bonusDefinition();
    const game = await createGame(server.ctx.db);
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      // A player signed in with Google (no password to check), holding bonus money only.
      const player = await createPlayer(server.ctx.db);
      await server.ctx.db.update(players).set({ passwordHash: null }).where(eq(players.id, player.id));
      const bonus = await issueBonus(server.ctx, DEFAULT_BONUS_RULES, {
        playerId: player.id,
        definition,
        currency: 'EUR',
        source: 'test',
      });
      await activateBonus(server.ctx, player.id, bonus.id);
      const account = (await accountIn(server.ctx.db, player.id, 'EUR'))!;
      const s = await openSession(server.ctx, { playerId: player.id, accountId: account.id, gameId: game.id });
      const auth = await authHeader(server.ctx, player.id);
      const closing = async (): Promise<RaceAnswer> => {
        const answer = await server.app.inject({
          method: 'POST',
          url: '/api/player/close',
          headers: auth,
          payload: {},
          remoteAddress: from(),
        });
        return { closed: answer };
      };
      const betting = async (): Promise<RaceAnswer> => ({
        bet: await walletCall(server, 'bet', {
          token: s.token,
          gameIdentity: game.identity,
          currency: 'EUR',
          transactionId: txId('bet'),
          roundId: txId('round'),
          amount: 500,
        }),
      });
      const answers = await queuedAtLock(account.id, i % 2 === 0 ? [closing, betting] : [betting, closing]);
      const closed = answers.find((a) => a.closed)!.closed!;
      const bet = answers.find((a) => a.bet)!.bet!;
      const [open] = await rowsOf<{ n: number }>(
        server.ctx.db,
        sql`select count(*)::int as n from game_rounds where player_id = ${player.id}::uuid and not closed`,
      );
      if (closed.statusCode === 200) {
        // Closed first: the bet found the account closed, and no round is open on it.
        expect(bet.body.error?.code, JSON.stringify(bet.body)).toBe(ErrorCode.accountClosed);
        expect(open!.n).toBe(0);
        outcomes.push('closed');
      } else {
        // Bet first: the close saw its round.
        expect(closed.statusCode, closed.body).toBe(409);
        expect(closed.json().error.open).toMatchObject({ casinoRounds: 1 });
        expect(bet.status, JSON.stringify(bet.body)).toBe(200);
        outcomes.push('bet');
      }
      await audit(player.id);
    }
    // On PostgreSQL the order is the one the lock queue was given: both orders were tried.
    if (server.ctx.database.kind !== 'pglite')
      expect(outcomes).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 'closed' : 'bet')));
  });
});
