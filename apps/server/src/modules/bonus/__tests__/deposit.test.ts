import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bonusDefinitionInputSchema,
  LimitDefinition,
  type BonusDefinitionSource,
  type ProviderWebhook,
} from '@casino/contracts';
import { rowsOf } from '../../../db/rows.ts';
import { signCall } from '../../../lib/signing.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { sleep, waitFor } from '../../../test/wait.ts';
import { excludePlayer } from '../../limits/index.ts';
import { jsonCaller, type Json } from '../../payment/__tests__/http.ts';
import { sendTestTransfer } from '../../payment/index.ts';
import { paymentInvoices } from '../../payment/tables.ts';
import { messengerMessages } from '../../notification/tables.ts';
import { authHeader, createPlayer } from '../../wallet/__tests__/factories.ts';
import { toBaseMinor } from '../../settings/index.ts';
import { issueDepositBonus, percentageAmount } from '../deposit.ts';
import { createDefinition, DEFAULT_BONUS_RULES, issueBonus } from '../service.ts';
import { createGame, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { bonusDefinitions, playerBonuses, playerFreespins } from '../tables.ts';

/** Deposit bonuses end to end: offers, the choice on the deposit, the paid webhook, the lane that issues. */
let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0', CRYPTO_CONFIRM_SECONDS: '1' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

const call = jsonCaller(() => base);

async function player() {
  const p = await createPlayer(server.ctx.db);
  return { ...p, auth: await authHeader(server.ctx, p.id) };
}

/** A deposit definition of its own (a unique name): type 2, 100 % up to €500 from €20 unless overridden. */
async function definition(overrides: Partial<BonusDefinitionSource> = {}, gameId: string | null = null) {
  const input: BonusDefinitionSource = {
    name: `Deposit bonus ${randomUUID().slice(0, 8)}`,
    type: 2,
    amounts: { EUR: 0, BTC: 0 },
    depositPercentage: 100,
    maxAmounts: { EUR: 50_000 },
    triggerConditions: { invoiceAmountItems: [{ currency: 'EUR', amountFrom: 2_000 }] },
    wagerMultiplier: 2,
    maxBet: {},
    maxConversion: {},
    contributions: { slots: 100 },
    excludedGames: [],
    ...overrides,
  };
  return createDefinition(server.ctx.db, bonusDefinitionInputSchema.parse(input), async () => gameId);
}

const deposit = (auth: Record<string, string>, amount: number | string, extra: Json = {}, currency = 'EUR') =>
  call('POST', '/api/payment/invoices/deposit', auth, { method: 'bank_transfer', currency, amount, ...extra });

function webhook(event: ProviderWebhook) {
  const body = JSON.stringify(event);
  const headers = signCall(server.ctx.paymentSecret, { method: 'POST', path: '/api/payment/webhooks/sandbox', body });
  return fetch(`${base}/api/payment/webhooks/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

async function paid(invoiceId: string, type: 'payment.succeeded' | 'payment.failed' = 'payment.succeeded') {
  const [row] = await server.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.id, invoiceId));
  const event: ProviderWebhook = {
    eventId: randomUUID(),
    type,
    paymentId: row!.providerPaymentId!,
    reference: row!.id,
    currency: row!.currency,
    amountMinor: row!.amountMinor.toString(),
  };
  return { event, response: await webhook(event) };
}

/** Waits until the deposit-bonus lane has passed every event written so far. */
async function lanePassed() {
  const [last] = await rowsOf<{ id: string }>(server.ctx.db, sql`select coalesce(max(id), 0)::text as id from outbox`);
  await waitFor(async () => {
    const [cursor] = await rowsOf<{ position: string; failures: number }>(
      server.ctx.db,
      sql`select position::text, failures from outbox_cursors where consumer = 'bonus-deposits'`,
    );
    return cursor && cursor.failures === 0 && BigInt(cursor.position) >= BigInt(last!.id);
  }, 10_000);
}

const bonusesOf = (playerId: string) =>
  server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId));

describe('offers', () => {
  it('answers the bonuses an amount triggers, or all with their ranges; converts base-currency ranges', async () => {
    const { auth } = await player();
    const mine = await definition({
      triggerConditions: { invoiceAmountItems: [{ currency: 'EUR', amountFrom: 5_000, amountTo: 100_000 }] },
    });
    const inBase = await definition({ triggerConditions: { baseCurrencyInvoiceAmountFrom: 2_000 } });
    const all = await call('GET', '/api/game/bonuses?currency=EUR', auth);
    expect(all.status).toBe(200);
    const found = all.json.data.find((d: Json) => d.id === mine.id);
    expect(found).toMatchObject({
      type: 2,
      status: 1,
      assignConditions: { depositPercentage: 100, maxAmountItems: [{ amount: 500, currency: 'EUR' }] },
      triggerConditions: { invoiceAmountItems: [{ currency: 'EUR', amountFrom: 50, amountTo: 1000 }] },
      package: null,
    });
    const low = await call('GET', '/api/game/bonuses?currency=EUR&amount=30', auth);
    expect(low.json.data.map((d: Json) => d.id)).not.toContain(mine.id);
    expect(low.json.data.map((d: Json) => d.id)).toContain(inBase.id);
    const high = await call('GET', '/api/game/bonuses?currency=EUR&amount=2000', auth);
    expect(high.json.data.map((d: Json) => d.id)).not.toContain(mine.id);
    // €20 in BTC at 58 000 €/BTC: 0.00034483 BTC (rounded up as a minimum).
    const btc = await call('GET', '/api/game/bonuses?currency=BTC', auth);
    const inBtc = btc.json.data.find((d: Json) => d.id === inBase.id);
    expect(inBtc.triggerConditions.invoiceAmountItems).toEqual([
      { currency: 'BTC', amountFrom: 0.00034483, amountTo: null },
    ]);
    expect(btc.json.data.map((d: Json) => d.id)).not.toContain(mine.id);
    expect(toBaseMinor(34_483n, 'BTC')).toBe(2_000n);
    expect(toBaseMinor(34_482n, 'BTC')).toBe(1_999n);
  });

  it('refuses bad queries, and needs a player', async () => {
    const { auth } = await player();
    for (const url of [
      '/api/game/bonuses?currency=eur%00',
      '/api/game/bonuses?currency=EUR&amount=-1',
      '/api/game/bonuses?currency=EUR&amount=1e400',
      '/api/game/bonuses?currency=EUR&amount=99999999999999999999',
      '/api/game/bonuses?currency=EUR&amount=0.001',
    ])
      expect((await call('GET', url, auth)).status, url).toBe(422);
    expect((await call('GET', '/api/game/bonuses?currency=EUR', {})).status).toBe(401);
    expect((await call('GET', '/api/game/bonuses?currency=XXX', auth)).json.data).toEqual([]);
    expect((await call('GET', '/api/game/bonuses/status?currency=EUR&bonusIds[]=x%00', auth)).status).toBe(422);
    expect((await call('GET', `/api/game/bonuses/status?currency=EUR&bonusIds[]=${'x'.repeat(65)}`, auth)).status).toBe(
      422,
    );
    expect((await call('GET', '/api/game/bonuses/status?currency=EUR&bonusIds[]=nope', auth)).json.data).toEqual([]);
  });

  it('a self-excluded or cooling-off player is offered nothing', async () => {
    await definition();
    for (const type of [LimitDefinition.selfExclusion, LimitDefinition.coolingOff] as const) {
      const p = await player();
      expect((await call('GET', '/api/game/bonuses?currency=EUR', p.auth)).json.data.length).toBeGreaterThan(0);
      await excludePlayer(server.ctx.db, { playerId: p.id, type, days: 7 });
      expect((await call('GET', '/api/game/bonuses?currency=EUR', p.auth)).json.data).toEqual([]);
      expect((await call('GET', '/api/game/bonuses?currency=EUR&amount=50', p.auth)).json.data).toEqual([]);
    }
  });

  it('a type-2 amount is the percentage rounded down, capped; overflowing amounts stay exact', () => {
    const row = { depositPercentage: 50, maxAmounts: { EUR: 50_000 } } as unknown as Parameters<
      typeof percentageAmount
    >[0];
    expect(percentageAmount(row, 'EUR', 333n)).toBe(166n);
    expect(percentageAmount(row, 'EUR', 10_000_000n)).toBe(50_000n);
    expect(percentageAmount(row, 'USD', 9_007_199_254_740_993n)).toBe(4_503_599_627_370_496n);
  });
});

describe('a chosen bonus', () => {
  it('is issued once the deposit succeeds, with the invoice, and only then; the player activates it', async () => {
    const p = await player();
    const def = await definition();
    const opened = await deposit(p.auth, 50, { bonusId: def.id });
    expect(opened.status).toBe(200);
    const invoiceId = opened.json.data.invoiceId as string;
    await lanePassed();
    expect(await bonusesOf(p.id)).toEqual([]);
    expect((await paid(invoiceId)).response.status).toBe(200);
    const [bonus] = await waitFor(async () => {
      const rows = await bonusesOf(p.id);
      return rows.length ? rows : undefined;
    });
    expect(bonus).toMatchObject({ invoiceId, definitionId: def.id, amountMinor: 5_000n, source: 'deposit', status: 1 });
    const status = await call('GET', `/api/game/bonuses/status?currency=EUR&bonusIds[]=${def.id}`, p.auth);
    expect(status.json.data).toEqual([{ id: def.id, status: 1, issueStatus: 1 }]);
    const activated = await call('PUT', `/api/game/player-bonuses/${bonus!.id}/activate`, p.auth);
    expect(activated.json.data).toMatchObject({ status: 2, amount: 50 });
  });

  it('a waiting deposit bonus is no free option: staking the deposit before activating it ends it', async () => {
    // The outside test lost the whole deposit on one roulette number, then activated the bonus.
    const p = await player();
    const def = await definition();
    const invoiceId = (await deposit(p.auth, 100, { bonusId: def.id })).json.data.invoiceId as string;
    expect((await paid(invoiceId)).response.status).toBe(200);
    const [bonus] = await waitFor(async () => {
      const rows = await bonusesOf(p.id);
      return rows.length ? rows : undefined;
    });
    expect(bonus).toMatchObject({ status: 1, amountMinor: 10_000n });
    const game = await createGame(server.ctx.db, { type: 'roulette' });
    const session = await openSession(server.ctx, { playerId: p.id, accountId: bonus!.accountId, gameId: game.id });
    const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
    const roundId = txId('r');
    expect(
      (await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId, amount: 10_000 })).status,
    ).toBe(200);
    expect(
      (await walletCall(server, 'win', { ...wallet, transactionId: txId('w'), roundId, amount: 0, closeRound: true }))
        .status,
    ).toBe(200);
    const [lapsed] = await bonusesOf(p.id);
    expect(lapsed).toMatchObject({ status: 3, result: 4, forfeitedMinor: null });
    const activated = await call('PUT', `/api/game/player-bonuses/${bonus!.id}/activate`, p.auth);
    expect(activated.status).toBe(409);
    const [account] = await rowsOf<{ real: string; bonus: string }>(
      server.ctx.db,
      sql`select real_balance::text as real, bonus_balance::text as bonus from wallet_accounts where id = ${bonus!.accountId}::uuid`,
    );
    expect(account).toEqual({ real: '0', bonus: '0' });
    // The player is told why, in the messenger.
    const notice = await waitFor(async () => {
      const rows = await server.ctx.db.select().from(messengerMessages).where(eq(messengerMessages.playerId, p.id));
      return rows.find((m) => /before it was activated/i.test(`${m.title} ${m.body}`));
    });
    expect(notice).toBeTruthy();
  });

  it('a deposit played between its credit and its bonus’s issue: the bonus lapses when activated', async () => {
    const p = await player();
    const def = await definition();
    const invoiceId = (await deposit(p.auth, 100)).json.data.invoiceId as string;
    expect((await paid(invoiceId)).response.status).toBe(200);
    const [invoice] = await server.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.id, invoiceId));
    const game = await createGame(server.ctx.db, { type: 'roulette' });
    const session = await openSession(server.ctx, { playerId: p.id, accountId: invoice!.accountId, gameId: game.id });
    const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
    expect(
      (await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId: txId('r'), amount: 10_000 }))
        .status,
    ).toBe(200);
    // The lane issues the bonus only now (it runs after the credit's commit).
    const bonus = await issueBonus(server.ctx, DEFAULT_BONUS_RULES, {
      playerId: p.id,
      definition: def.id,
      currency: 'EUR',
      source: 'deposit',
      invoiceId,
      amountMinor: 10_000n,
    });
    const activated = await call('PUT', `/api/game/player-bonuses/${bonus.id}/activate`, p.auth);
    expect(activated.status).toBe(409);
    expect(activated.json.error.message).toMatch(/lapsed/);
    expect((await bonusesOf(p.id))[0]).toMatchObject({ status: 3, result: 4 });
    const [account] = await rowsOf<{ bonus: string }>(
      server.ctx.db,
      sql`select bonus_balance::text as bonus from wallet_accounts where id = ${invoice!.accountId}::uuid`,
    );
    expect(account!.bonus).toBe('0');
  });

  it('a deposit bonus activated before play keeps its deposit playable under its rules', async () => {
    const p = await player();
    const def = await definition();
    const invoiceId = (await deposit(p.auth, 50, { bonusId: def.id })).json.data.invoiceId as string;
    expect((await paid(invoiceId)).response.status).toBe(200);
    const [bonus] = await waitFor(async () => {
      const rows = await bonusesOf(p.id);
      return rows.length ? rows : undefined;
    });
    expect((await call('PUT', `/api/game/player-bonuses/${bonus!.id}/activate`, p.auth)).status).toBe(200);
    const game = await createGame(server.ctx.db, { type: 'slots' });
    const session = await openSession(server.ctx, { playerId: p.id, accountId: bonus!.accountId, gameId: game.id });
    const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
    const roundId = txId('r');
    expect(
      (await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId, amount: 1_000 })).status,
    ).toBe(200);
    expect((await bonusesOf(p.id))[0]).toMatchObject({ status: 2 });
  });

  it('a replayed success webhook, a re-delivered event and racing issuers give one bonus', async () => {
    const p = await player();
    const def = await definition();
    const invoiceId = (await deposit(p.auth, 40, { bonusId: def.id })).json.data.invoiceId as string;
    const { event } = await paid(invoiceId);
    const replies = await Promise.all([webhook(event), webhook({ ...event, eventId: randomUUID() }), webhook(event)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    await lanePassed();
    // The lane's event delivered again (at least once), concurrently, in transactions of their own.
    const again = () =>
      server.ctx.db.transaction((tx) =>
        issueDepositBonus(tx, () => {}, DEFAULT_BONUS_RULES, {
          playerId: p.id,
          invoiceId,
          currency: 'EUR',
          amountMinor: 4_000n,
          bonusId: def.id,
        }),
      );
    expect(await Promise.all([again(), again(), again()])).toEqual(['already', 'already', 'already']);
    const rows = await bonusesOf(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountMinor).toBe(4_000n);
  });

  it('a free-spins deposit bonus (type 3) gives the spins, once, with the invoice', async () => {
    const p = await player();
    const game = await createGame(server.ctx.db, { type: 'slots' });
    const spins = await definition(
      {
        type: 3,
        depositPercentage: undefined,
        freespins: { count: 300, game: game.id, stakes: { EUR: 20 } },
      },
      game.id,
    );
    const offered = await call('GET', '/api/game/bonuses?currency=EUR&amount=25', p.auth);
    expect(offered.json.data.find((d: Json) => d.id === spins.id).assignConditions.presets).toEqual([
      expect.objectContaining({ currency: 'EUR', price: 0.2, quantity: 300 }),
    ]);
    const invoiceId = (await deposit(p.auth, 25, { bonusId: spins.id })).json.data.invoiceId as string;
    const { event } = await paid(invoiceId);
    await webhook({ ...event, eventId: randomUUID() });
    await lanePassed();
    const rows = await server.ctx.db.select().from(playerFreespins).where(eq(playerFreespins.playerId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ invoiceId, count: 300, stakeMinor: 20n, source: 'deposit' });
    expect(await bonusesOf(p.id)).toEqual([]);
    const status = await call('GET', `/api/game/bonuses/status?currency=EUR&bonusIds[]=${spins.id}`, p.auth);
    expect(status.json.data).toEqual([{ id: spins.id, status: 1, issueStatus: 1 }]);
  });

  it('nothing for a deposit that fails or expires unpaid; the failed deposit credits nothing', async () => {
    const p = await player();
    const def = await definition();
    const failed = (await deposit(p.auth, 30, { bonusId: def.id })).json.data.invoiceId as string;
    expect((await paid(failed, 'payment.failed')).response.status).toBe(200);
    // A success after the failure is ignored by the payment module (the invoice is final).
    await paid(failed);
    const expired = (await deposit(p.auth, 30, { bonusId: def.id })).json.data.invoiceId as string;
    await server.ctx.db
      .update(paymentInvoices)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(paymentInvoices.id, expired));
    // Expired by the deposit-expiry job (every 15 s at the default 30 minutes), not by this read.
    await expect
      .poll(async () => (await call('GET', `/api/payment/invoices/${expired}`, p.auth)).json.data.status, {
        timeout: 45_000,
      })
      .toBe(4);
    await lanePassed();
    expect(await bonusesOf(p.id)).toEqual([]);
  });

  it('refuses with 422 (nothing opened) a bonus that is unknown, another player’s, disabled, not a deposit bonus, of another currency, or below its minimum', async () => {
    const p = await player();
    const other = await player();
    const def = await definition({
      triggerConditions: { invoiceAmountItems: [{ currency: 'EUR', amountFrom: 5_000, amountTo: 10_000 }] },
    });
    const disabled = await definition();
    await server.ctx.db.update(bonusDefinitions).set({ enabled: false }).where(eq(bonusDefinitions.id, disabled.id));
    const plain = await definition({
      type: 1,
      amounts: { EUR: 1_000 },
      depositPercentage: undefined,
      triggerConditions: undefined,
    });
    const usdOnly = await definition({
      amounts: { USD: 0 },
      triggerConditions: { invoiceAmountItems: [{ currency: 'USD', amountFrom: 2_000 }] },
    });
    const later = await definition({ availableFrom: new Date(Date.now() + 86_400_000).toISOString() });
    // Another player's bonus (a player bonus id is no definition).
    const theirs = await definition();
    const theirInvoice = (await deposit(other.auth, 60, { bonusId: theirs.id })).json.data.invoiceId as string;
    await paid(theirInvoice);
    const theirBonus = await waitFor(async () => (await bonusesOf(other.id))[0]);
    const cases: [string, number, RegExp][] = [
      [randomUUID(), 60, /not available/],
      [theirBonus.id, 60, /not available/],
      [disabled.id, 60, /not available/],
      [plain.id, 60, /not available/],
      [later.id, 60, /not available/],
      [usdOnly.id, 60, /not offered in EUR/],
      [def.id, 30, /at least 50 EUR/],
      [def.id, 150, /up to 100 EUR/],
    ];
    for (const [bonusId, amount, message] of cases) {
      const refused = await deposit(p.auth, amount, { bonusId });
      expect(refused.status, String(message)).toBe(422);
      expect(refused.json.error.message).toMatch(message);
      expect(refused.json.error.fields?.bonusId?.[0]).toMatch(message);
    }
    for (const bonusId of ['not-a-uuid', 'x'.repeat(5000), `${randomUUID()}\u0000`])
      expect((await deposit(p.auth, 60, { bonusId })).status).toBe(422);
    expect((await deposit(p.auth, 60, { bonusId: def.id, isBonusDecline: 'yes' })).status).toBe(422);
    const invoices = await server.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.playerId, p.id));
    expect(invoices).toEqual([]);
    // The deposit is not lost: the same amount without the bonus, or with it declined, goes through.
    expect((await deposit(p.auth, 30)).status).toBe(200);
    const declined = await deposit(p.auth, 60, { bonusId: def.id, isBonusDecline: true });
    expect(declined.status).toBe(200);
    const [row] = await server.ctx.db
      .select()
      .from(paymentInvoices)
      .where(eq(paymentInvoices.id, declined.json.data.invoiceId));
    expect(row!.bonusId).toBeNull();
  });

  it('a bonus disabled or a player excluded between the choice and the payment: the deposit is credited, no bonus', async () => {
    const p = await player();
    const def = await definition();
    const first = (await deposit(p.auth, 50, { bonusId: def.id })).json.data.invoiceId as string;
    await server.ctx.db.update(bonusDefinitions).set({ enabled: false }).where(eq(bonusDefinitions.id, def.id));
    await paid(first);
    const q = await player();
    const def2 = await definition();
    const second = (await deposit(q.auth, 50, { bonusId: def2.id })).json.data.invoiceId as string;
    await excludePlayer(server.ctx.db, { playerId: q.id, type: LimitDefinition.coolingOff, days: 1 });
    await paid(second);
    await lanePassed();
    expect(await bonusesOf(p.id)).toEqual([]);
    expect(await bonusesOf(q.id)).toEqual([]);
    for (const id of [first, second]) {
      const [row] = await server.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.id, id));
      expect(row!.state).toBe('succeeded');
    }
  });
});

describe('the welcome package', () => {
  async function welcomePackage() {
    const name = `Welcome ${randomUUID().slice(0, 8)}`;
    const step = (priority: number, percentage: number, cap: number) =>
      definition({
        depositPercentage: percentage,
        maxAmounts: { EUR: cap },
        triggerConditions: { baseCurrencyInvoiceAmountFrom: 2_000 },
        package: { name, priority },
      });
    return [await step(1, 100, 50_000), await step(2, 50, 50_000), await step(3, 50, 100_000)];
  }

  it('offers its bonuses one at a time in order, each once; status shows the progress', async () => {
    const p = await player();
    const [first, second, third] = await welcomePackage();
    const offered = async (every = false) =>
      (await call('GET', `/api/game/bonuses?currency=EUR${every ? '&skipCondition=1' : ''}`, p.auth)).json.data
        .map((d: Json) => d.id)
        .filter((id: string) => [first!.id, second!.id, third!.id].includes(id));
    expect(await offered()).toEqual([first!.id]);
    const skipAhead = await deposit(p.auth, 50, { bonusId: second!.id });
    expect(skipAhead.status).toBe(422);
    await paid((await deposit(p.auth, 50, { bonusId: first!.id })).json.data.invoiceId);
    await waitFor(async () => (await bonusesOf(p.id)).length === 1);
    expect(await offered()).toEqual([second!.id]);
    const again = await deposit(p.auth, 50, { bonusId: first!.id });
    expect(again.status).toBe(422);
    expect(again.json.error.message).toMatch(/had this bonus already/);
    await paid((await deposit(p.auth, 300, { bonusId: second!.id })).json.data.invoiceId);
    await waitFor(async () => (await bonusesOf(p.id)).length === 2);
    expect(await offered()).toEqual([third!.id]);
    expect(await offered(true)).toEqual([first!.id, second!.id, third!.id]);
    const status = await call(
      'GET',
      `/api/game/bonuses/status?currency=EUR&bonusIds[]=${first!.id}&bonusIds[]=${second!.id}&bonusIds[]=${third!.id}`,
      p.auth,
    );
    expect(status.json.data).toEqual([
      { id: first!.id, status: 1, issueStatus: 1 },
      { id: second!.id, status: 1, issueStatus: 1 },
      { id: third!.id, status: 1, issueStatus: 0 },
    ]);
    const amounts = (await bonusesOf(p.id)).map((b) => b.amountMinor).sort((x, y) => (x < y ? -1 : 1));
    expect(amounts).toEqual([5_000n, 15_000n]);
  });

  it('two invoices choosing the same once-only bonus, paid at once: one bonus; the other deposit is credited plain', async () => {
    const p = await player();
    const [first] = await welcomePackage();
    const a = (await deposit(p.auth, 50, { bonusId: first!.id })).json.data.invoiceId as string;
    const b = (await deposit(p.auth, 60, { bonusId: first!.id })).json.data.invoiceId as string;
    await Promise.all([paid(a), paid(b)]);
    await lanePassed();
    const rows = await bonusesOf(p.id);
    expect(rows).toHaveLength(1);
    // Both deposits were credited in full.
    const credited = await server.ctx.db
      .select()
      .from(paymentInvoices)
      .where(and(eq(paymentInvoices.playerId, p.id), eq(paymentInvoices.state, 'succeeded')));
    expect(credited).toHaveLength(2);
    // Racing issuers of the two invoices in their own transactions: still one.
    const q = await player();
    const c = (await deposit(q.auth, 50, { bonusId: first!.id })).json.data.invoiceId as string;
    const d = (await deposit(q.auth, 60, { bonusId: first!.id })).json.data.invoiceId as string;
    const issue = (invoiceId: string) =>
      server.ctx.db.transaction((tx) =>
        issueDepositBonus(tx, () => {}, DEFAULT_BONUS_RULES, {
          playerId: q.id,
          invoiceId,
          currency: 'EUR',
          amountMinor: 5_000n,
          bonusId: first!.id,
        }),
      );
    const outcomes = await Promise.all([issue(c), issue(d)]);
    expect(outcomes.sort()).toEqual(['issued', 'skipped']);
    expect(await bonusesOf(q.id)).toHaveLength(1);
    await sleep(0);
  });
});

describe('a crypto deposit (an address: the amount comes with the coins)', () => {
  /** A welcome package like the demo's: 100 % up to 1 BTC from €20 (34 483 satoshi), then 50 %. */
  async function btcWelcome() {
    const name = `Welcome BTC ${randomUUID().slice(0, 8)}`;
    const step = (priority: number, percentage: number) =>
      definition({
        depositPercentage: percentage,
        maxAmounts: { EUR: 50_000, BTC: 100_000_000 },
        triggerConditions: { baseCurrencyInvoiceAmountFrom: 2_000 },
        package: { name, priority },
      });
    return [await step(1, 100), await step(2, 50)];
  }
  const address = (auth: Record<string, string>, extra: Json = {}) =>
    call('POST', '/api/payment/invoices/deposit', auth, {
      method: 'crypto',
      currency: 'BTC',
      fields: { crypto_network: 'bitcoin' },
      ...extra,
    });
  /** The player's BTC invoices, once `count` of them are credited (the sandbox confirms after a second). */
  const credited = (playerId: string, count: number) =>
    waitFor(async () => {
      const rows = await server.ctx.db
        .select()
        .from(paymentInvoices)
        .where(
          and(
            eq(paymentInvoices.playerId, playerId),
            eq(paymentInvoices.currency, 'BTC'),
            eq(paymentInvoices.state, 'succeeded'),
          ),
        );
      return rows.length === count ? rows : undefined;
    }, 15_000);

  it('offers the welcome bonus with its BTC range; the address chosen with it gives the percentage of what was paid, once', async () => {
    const p = await player();
    const [first, second] = await btcWelcome();
    const offers = await call('GET', '/api/game/bonuses?currency=BTC', p.auth);
    const offered = offers.json.data.find((d: Json) => d.id === first!.id);
    expect(offered.triggerConditions.invoiceAmountItems).toEqual([
      { currency: 'BTC', amountFrom: 0.00034483, amountTo: null },
    ]);
    expect(offers.json.data.map((d: Json) => d.id)).not.toContain(second!.id);

    const plain = await address(p.auth);
    const chosen = await address(p.auth, { bonusId: first!.id });
    expect(chosen.status).toBe(200);
    // The choice is the address's: another address, the same each time it is asked for.
    expect(chosen.json.data.address).toMatch(/^bc1q/);
    expect(chosen.json.data.address).not.toBe(plain.json.data.address);
    expect((await address(p.auth, { bonusId: first!.id })).json.data.address).toBe(chosen.json.data.address);
    const declined = await address(p.auth, { bonusId: first!.id, isBonusDecline: true });
    expect(declined.json.data.address).toBe(plain.json.data.address);

    await sendTestTransfer(server.ctx, chosen.json.data.address, '0.0015');
    const [invoice] = await credited(p.id, 1);
    expect(invoice!.bonusId).toBe(first!.id);
    const [bonus] = await waitFor(async () => {
      const rows = await bonusesOf(p.id);
      return rows.length ? rows : undefined;
    });
    expect(bonus).toMatchObject({
      definitionId: first!.id,
      invoiceId: invoice!.id,
      currency: 'BTC',
      amountMinor: 150_000n,
    });

    // A replayed confirmation (a new event id for the same transfer): the deposit and its bonus stay once.
    const replay = await webhook({
      eventId: randomUUID(),
      type: 'payment.succeeded',
      paymentId: invoice!.providerPaymentId!,
      reference: `${invoice!.accountId}:bitcoin:${first!.id}`,
      currency: 'BTC',
      amountMinor: '150000',
    });
    expect(replay.status).toBeLessThan(500);
    await lanePassed();
    expect(await bonusesOf(p.id)).toHaveLength(1);
    expect(await credited(p.id, 1)).toHaveLength(1);

    // A second transfer to the same address: the package step is had, the deposit is credited plain;
    // the next step is offered now.
    await sendTestTransfer(server.ctx, chosen.json.data.address, '0.001');
    await credited(p.id, 2);
    await lanePassed();
    expect(await bonusesOf(p.id)).toHaveLength(1);
    const next = await call('GET', '/api/game/bonuses?currency=BTC', p.auth);
    expect(next.json.data.map((d: Json) => d.id)).toContain(second!.id);
  });

  it('paid below the minimum: credited without the bonus, and the messenger says why', async () => {
    const p = await player();
    const [first] = await btcWelcome();
    const chosen = await address(p.auth, { bonusId: first!.id });
    await sendTestTransfer(server.ctx, chosen.json.data.address, '0.0003');
    const [invoice] = await credited(p.id, 1);
    expect(invoice!.bonusId).toBe(first!.id);
    expect(invoice!.amountMinor).toBe(30_000n);
    await lanePassed();
    expect(await bonusesOf(p.id)).toEqual([]);
    const notice = await waitFor(async () => {
      const rows = await server.ctx.db.select().from(messengerMessages).where(eq(messengerMessages.playerId, p.id));
      return rows.find((m) => m.title === 'No bonus for this deposit');
    });
    expect(notice.body).toMatch(/below the .* needs/);
    // The step is still to be had: a deposit above the minimum to the same address gets it.
    await sendTestTransfer(server.ctx, chosen.json.data.address, '0.0004');
    await credited(p.id, 2);
    await waitFor(async () => (await bonusesOf(p.id)).length === 1);
    expect((await bonusesOf(p.id))[0]!.amountMinor).toBe(40_000n);
  });

  it('refuses with 422 (no address) an unknown bonus, another player’s, a step not yet due or had, one not in BTC', async () => {
    const p = await player();
    const other = await player();
    const [first, second] = await btcWelcome();
    const eurOnly = await definition();
    const theirs = await definition();
    await paid((await deposit(other.auth, 60, { bonusId: theirs.id })).json.data.invoiceId);
    const theirBonus = await waitFor(async () => (await bonusesOf(other.id))[0]);
    const cases: [string, RegExp][] = [
      [randomUUID(), /not available/],
      [theirBonus.id, /not available/],
      [second!.id, /not available to you now/],
      [eurOnly.id, /not offered in BTC/],
    ];
    for (const [bonusId, message] of cases) {
      const refused = await address(p.auth, { bonusId });
      expect(refused.status, String(message)).toBe(422);
      expect(refused.json.error.message).toMatch(message);
      expect(refused.json.data).toBeUndefined();
    }
    for (const bonusId of ['not-a-uuid', `${randomUUID()}:x`, `${randomUUID()}\u0000`])
      expect((await address(p.auth, { bonusId })).status).toBe(422);
    // Had already: the other player's step 1 … and this player's after a paid address.
    const chosen = await address(other.auth, { bonusId: first!.id });
    await sendTestTransfer(server.ctx, chosen.json.data.address, '0.001');
    await waitFor(async () => (await bonusesOf(other.id)).some((b) => b.definitionId === first!.id));
    const again = await address(other.auth, { bonusId: first!.id });
    expect(again.status).toBe(422);
    expect(again.json.error.message).toMatch(/had this bonus already/);
    // An excluded player may choose none.
    const q = await player();
    await excludePlayer(server.ctx.db, { playerId: q.id, type: LimitDefinition.coolingOff, days: 1 });
    expect((await address(q.auth, { bonusId: first!.id })).status).not.toBe(200);
  });
});
