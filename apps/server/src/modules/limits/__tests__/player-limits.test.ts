import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  LIMIT_CURRENCY_REQUIRED,
  LimitDefinition,
  mailboxEntrySchema,
  messengerListSchema,
  playerLimitSchema,
  type PlayerLimit,
} from '@casino/contracts';
import { limitsPorts } from '../../../module-list.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { bearer, expectErrorEnvelope, login, profile, register } from '../../player/__tests__/helpers.ts';
import { addPlayerLimit, applyDueLimitChanges, deletePlayerLimit, listPlayerLimits } from '../player-limits.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
});

const HOUR = 3_600_000;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let nextAddress = 0;
/** A fresh client address: a burst test meets only its own rate-limit counters. */
const freshAddress = () => `10.2.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`;

async function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  ip = '127.0.0.1',
) {
  const res = await server.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, json: res.json() as Json, res };
}
const limits = async (token: string) =>
  playerLimitSchema.array().parse((await call(token, 'GET', '/api/player/limits')).json.data);
const newPlayer = async () => {
  const { auth, body } = await register(server.app, { locale: 'en' });
  return { token: auth.accessToken, email: body.email as string, password: body.password as string };
};
/** The player id is the access token's subject. */
const playerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
const deposit = (token: string, amount: number) =>
  call(token, 'POST', '/api/payment/invoices/deposit', { method: 'card', currency: 'EUR', amount });
/** A card deposit paid on the provider's page: only paid money counts against a deposit limit. */
async function paidDeposit(token: string, amount: number) {
  const started = await deposit(token, amount);
  expect(started.status).toBe(200);
  await fetch(`${server.ctx.selfUrl()}${started.json.data.action as string}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
  });
  const id = started.json.data.invoiceId as string;
  await expect.poll(async () => (await call(token, 'GET', `/api/payment/invoices/${id}`)).json.data.status).toBe(2);
}

async function confirmationToken(email: string): Promise<string> {
  const mail = await waitFor(async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
    return mailboxEntrySchema
      .array()
      .parse(res.json().data)
      .find((m) => m.subject === 'Confirm your limit change');
  });
  return /confirm-limit=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
}
const messages = async (token: string) =>
  messengerListSchema.parse((await call(token, 'GET', '/api/notification/messenger/messages?perPage=50')).json);

describe('money limits', () => {
  it('a deposit limit needs a currency (the spec message), applies at once and refuses a deposit above it', async () => {
    const { token } = await newPlayer();
    const noCurrency = await call(token, 'POST', '/api/player/limits', { definition: 3, period: 'daily', amount: 50 });
    expect(expectErrorEnvelope(noCurrency.res, 422).fields?.currency).toEqual([LIMIT_CURRENCY_REQUIRED]);

    const added = await call(token, 'POST', '/api/player/limits', {
      definition: LimitDefinition.deposit,
      period: 'daily',
      currency: 'EUR',
      amount: 50,
    });
    expect(added.status).toBe(200);
    expect(added.json.data).toMatchObject({
      definition: 3,
      period: 'daily',
      amount: 50,
      currency: 'EUR',
      status: 1,
      used: 0,
    });

    expect((await deposit(token, 60)).json.error.code).toBe(ErrorCode.depositLimitReached);
    await paidDeposit(token, 50);
    expect((await limits(token))[0]).toMatchObject({ amount: 50, used: 50 });
    // Nothing left this period: the deposit methods say so too (the wallet's limit-reached block).
    expect((await call(token, 'GET', '/api/payment/methods/deposit?currency=EUR')).json.error.code).toBe(13100);
    // The player hears of it in the messenger.
    await waitFor(async () => (await messages(token)).data.find((m) => m.content.title === 'Limit set'));
  });

  it('the limits page shows a limit added or lowered on its very next read', async () => {
    const { token } = await newPlayer();
    expect(await limits(token)).toEqual([]);
    const added = await call(token, 'POST', '/api/player/limits', {
      definition: LimitDefinition.loss,
      period: 'daily',
      currency: 'EUR',
      amount: 100,
    });
    expect((await limits(token)).map((l) => [l.id, l.amount])).toEqual([[added.json.data.id, 100]]);
    const lowered = await call(token, 'PUT', `/api/player/limits/${added.json.data.id}`, {
      period: 'daily',
      amount: 30,
    });
    expect((await limits(token)).map((l) => [l.id, l.amount])).toEqual([[lowered.json.data.id, 30]]);
  });

  it('lowering applies at once; raising waits for the e-mail link and then 24 hours', async () => {
    const { token, email } = await newPlayer();
    const { json } = await call(token, 'POST', '/api/player/limits', {
      definition: LimitDefinition.bet,
      period: 'weekly',
      currency: 'EUR',
      amount: 100,
    });
    const id = json.data.id as string;

    const lowered = await call(token, 'PUT', `/api/player/limits/${id}`, { period: 'weekly', amount: 40 });
    expect(lowered.json.data).toMatchObject({ amount: 40, status: 1, pending: null });
    const loweredId = lowered.json.data.id as string;

    const raised = await call(token, 'PUT', `/api/player/limits/${loweredId}`, { period: 'weekly', amount: '250.50' });
    expect(raised.status).toBe(200);
    expect(raised.json.data).toMatchObject({
      amount: 40,
      status: 2,
      pendingExist: true,
      cancelProcess: true,
      pending: { amount: 250.5, confirmed: false, effectiveAt: null },
    });
    // A second change while one waits is refused.
    const again = await call(token, 'PUT', `/api/player/limits/${loweredId}`, { period: 'weekly', amount: 300 });
    expect(expectErrorEnvelope(again.res, 409).code).toBe(ErrorCode.limitChangePending);

    const token2 = await confirmationToken(email);
    // Another player cannot use the link.
    const other = await newPlayer();
    expectErrorEnvelope((await call(other.token, 'POST', '/api/player/limits/confirm', { token: token2 })).res, 422);

    const confirmed = await call(token, 'POST', '/api/player/limits/confirm', { token: token2 });
    expect(confirmed.status).toBe(200);
    const effectiveAt = new Date(confirmed.json.data.effectiveAt as string).getTime();
    expect(effectiveAt - Date.now()).toBeGreaterThan(23.9 * HOUR);
    expect(effectiveAt - Date.now()).toBeLessThanOrEqual(24 * HOUR);

    // Not before its time, whatever the job does.
    await applyDueLimitChanges(server.ctx, new Date(Date.now() + 23 * HOUR));
    expect((await limits(token))[0]).toMatchObject({ amount: 40, pending: { confirmed: true } });

    expect(await applyDueLimitChanges(server.ctx, new Date(effectiveAt + 1000))).toBeGreaterThanOrEqual(1);
    // Applied once only, whoever runs the job next.
    expect(await applyDueLimitChanges(server.ctx, new Date(effectiveAt + 2000))).toBe(0);
    // Read as of after the change (the job ran with a clock a day ahead).
    const after = await listPlayerLimits(server.ctx.db, limitsPorts, playerOf(token), new Date(effectiveAt + 3000));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ amount: 250.5, period: 'weekly', status: 1, pending: null });
    await waitFor(async () => (await messages(token)).data.find((m) => m.content.title === 'Limit changed'));
  });

  it('a waiting raise can be cancelled; removal waits for the link and 24 hours like a raise', async () => {
    const { token, email } = await newPlayer();
    const { json } = await call(token, 'POST', '/api/player/limits', {
      definition: LimitDefinition.loss,
      period: 'monthly',
      currency: 'EUR',
      amount: 500,
    });
    const id = json.data.id as string;
    await call(token, 'PUT', `/api/player/limits/${id}`, { period: 'monthly', amount: 900 });
    const cancelled = await call(token, 'DELETE', `/api/player/limits/${id}`);
    expect(cancelled.json.data).toMatchObject({ amount: 500, status: 1, pending: null });

    const removal = await call(token, 'DELETE', `/api/player/limits/${id}`);
    expect(removal.json.data).toMatchObject({ amount: 500, pending: { amount: null, confirmed: false } });
    // The first mail's link was for the cancelled raise; the newest is the removal's.
    await waitFor(async () => {
      const res = await server.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
      return (
        (res.json().data as { subject: string }[]).filter((m) => m.subject === 'Confirm your limit change').length >= 2
      );
    });
    const tokenRes = await server.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
    });
    const removalToken = /confirm-limit=([A-Za-z0-9_-]+)/.exec(
      (tokenRes.json().data as { body: string }[])[0]!.body,
    )![1]!;
    const confirmed = await call(token, 'POST', '/api/player/limits/confirm', { token: removalToken });
    expect(confirmed.status).toBe(200);
    const later = new Date(Date.now() + 24 * HOUR + 5000);
    await applyDueLimitChanges(server.ctx, later);
    expect(await listPlayerLimits(server.ctx.db, limitsPorts, playerOf(token), new Date(later.getTime() + 1))).toEqual(
      [],
    );
  });

  it('a new limit of a kind in effect must be stricter, and replaces it at once', async () => {
    const { token } = await newPlayer();
    await call(token, 'POST', '/api/player/limits', { definition: 2, period: 'daily', currency: 'EUR', amount: 20 });
    const higher = await call(token, 'POST', '/api/player/limits', {
      definition: 2,
      period: 'daily',
      currency: 'EUR',
      amount: 30,
    });
    expectErrorEnvelope(higher.res, 409);
    const lower = await call(token, 'POST', '/api/player/limits', {
      definition: 2,
      period: 'daily',
      currency: 'EUR',
      amount: 10,
    });
    expect(lower.json.data).toMatchObject({ amount: 10 });
    expect((await limits(token)).map((l: PlayerLimit) => l.amount)).toEqual([10]);
  });

  it('refuses bad input with 4xx and touches nobody else’s limits', async () => {
    const { token } = await newPlayer();
    const bad = [
      { definition: 9, period: 'daily', currency: 'EUR', amount: 1 },
      { definition: 1, period: 'hourly', currency: 'EUR', amount: 1 },
      { definition: 1, period: 'daily', currency: 'EUR', amount: -5 },
      { definition: 1, period: 'daily', currency: 'EUR', amount: 0 },
      { definition: 1, period: 'daily', currency: 'EUR', amount: '1e400' },
      { definition: 1, period: 'daily', currency: 'EUR', amount: '12.345' },
      { definition: 1, period: 'daily', currency: 'XXX', amount: 1 },
      { definition: 1, period: 'daily', currency: 'EUR\u0000', amount: 1 },
      { definition: 1, period: 'daily', currency: 'EUR', amount: 1, extra: true },
      { definition: 4, period: '1_day' },
      { definition: 5, period: 'forever' },
      { definition: 1, period: 'daily', currency: 'E'.repeat(100_000), amount: 1 },
    ];
    for (const body of bad) {
      const res = await call(token, 'POST', '/api/player/limits', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const owner = await newPlayer();
    const { json } = await call(owner.token, 'POST', '/api/player/limits', {
      definition: 1,
      period: 'daily',
      currency: 'EUR',
      amount: 10,
    });
    const foreign = json.data.id as string;
    expectErrorEnvelope(
      (await call(token, 'PUT', `/api/player/limits/${foreign}`, { period: 'daily', amount: 1 })).res,
      404,
    );
    expectErrorEnvelope((await call(token, 'DELETE', `/api/player/limits/${foreign}`)).res, 404);
    expectErrorEnvelope((await call(token, 'DELETE', '/api/player/limits/not-a-uuid')).res, 404);
    expectErrorEnvelope(
      (await call(token, 'PUT', `/api/player/limits/${foreign}`, { period: 'daily', amount: 'x' })).res,
      422,
    );
    expect((await limits(owner.token))[0]).toMatchObject({ amount: 10, pending: null });
    expectErrorEnvelope(await server.app.inject({ method: 'GET', url: '/api/player/limits' }), 401);
  });

  it('two raises at once: one waits, the other is told a change is already waiting', async () => {
    const { token } = await newPlayer();
    const { json } = await call(token, 'POST', '/api/player/limits', {
      definition: 1,
      period: 'daily',
      currency: 'EUR',
      amount: 10,
    });
    const id = json.data.id as string;
    const results = await Promise.all(
      [20, 30].map((amount) => call(token, 'PUT', `/api/player/limits/${id}`, { period: 'daily', amount })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await limits(token))[0]).toMatchObject({ amount: 10, pendingExist: true });
  });
});

describe('exclusions', () => {
  it('cooling-off ends every session, refuses sign-in with its end, and cannot be shortened or lifted', async () => {
    const { token, email, password } = await newPlayer();
    const second = (await login(server.app, email, password)).json().data.accessToken as string;
    const started = await call(token, 'POST', '/api/player/limits', { definition: 5, period: '1_week' });
    expect(started.status).toBe(200);
    const until = new Date(started.json.data.expiredAt as string).getTime();
    expect(until - Date.now()).toBeGreaterThan(6.9 * 24 * HOUR);

    // Both devices are signed out.
    expect((await profile(server.app, token)).statusCode).toBe(401);
    expect((await profile(server.app, second)).statusCode).toBe(401);
    const refused = await login(server.app, email, password);
    const error = expectErrorEnvelope(refused, 403) as { code: number; until?: string };
    expect(error.code).toBe(ErrorCode.accountExcluded);
    expect(new Date(error.until!).getTime()).toBe(until);

    // Through the service (the player has no session left): shorter or lifted is refused; longer is taken.
    const row = started.json.data as PlayerLimit;
    const id = playerOf(token);
    await expect(addPlayerLimit(server.ctx, limitsPorts, id, { definition: 5, period: '1_day' })).rejects.toThrow(
      /cannot be shortened/,
    );
    await expect(
      deletePlayerLimit(server.ctx, limitsPorts, { playerId: id, id: row.id, publicUrl: '' }),
    ).rejects.toThrow(/cannot be shortened/);
    const longer = await addPlayerLimit(server.ctx, limitsPorts, id, { definition: 4, period: '6_months' });
    expect(new Date(longer.limit.expiredAt!).getTime()).toBeGreaterThan(until);
  });

  it('self-exclusion refuses deposits and play for a session that outlives it; withdrawals stay open', async () => {
    const { token } = await newPlayer();
    // A raise waiting when the exclusion starts is dropped.
    const { json } = await call(token, 'POST', '/api/player/limits', {
      definition: 3,
      period: 'daily',
      currency: 'EUR',
      amount: 10,
    });
    await call(token, 'PUT', `/api/player/limits/${json.data.id}`, { period: 'daily', amount: 1000 });
    const started = await call(token, 'POST', '/api/player/limits', { definition: 4, period: 'forever' });
    expect(started.json.data).toMatchObject({ definition: 4, expiredAt: null, period: 'forever' });
    expect((await profile(server.app, token)).statusCode).toBe(401);
    const refusedDeposit = await deposit(token, 10);
    expect(refusedDeposit.status).toBe(401);
  });
});

describe('reality check', () => {
  it('keeps the player’s interval and session limit; refuses values not offered', async () => {
    const { token } = await newPlayer();
    expect((await call(token, 'GET', '/api/player/limits/reality-check')).json.data).toEqual({
      intervalMinutes: 30,
      sessionMinutes: null,
    });
    const set = await call(token, 'PUT', '/api/player/limits/reality-check', {
      intervalMinutes: 10,
      sessionMinutes: 60,
    });
    expect(set.json.data).toEqual({ intervalMinutes: 10, sessionMinutes: 60 });
    expect((await call(token, 'GET', '/api/player/limits/reality-check')).json.data).toEqual({
      intervalMinutes: 10,
      sessionMinutes: 60,
    });
    expectErrorEnvelope(
      (await call(token, 'PUT', '/api/player/limits/reality-check', { intervalMinutes: 7, sessionMinutes: null })).res,
      422,
    );
    const since = new Date(Date.now() - 60_000).toISOString();
    const summary = await call(token, 'GET', `/api/player/limits/reality-check/summary?since=${since}&currency=EUR`);
    expect(summary.json.data).toMatchObject({ currency: 'EUR', stakes: 0, wins: 0, netResult: 0 });
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    expectErrorEnvelope(
      (await call(token, 'GET', `/api/player/limits/reality-check/summary?since=${old}&currency=EUR`)).res,
      422,
    );
    const totals = await call(token, 'GET', '/api/player/limits/summary?currency=EUR');
    expect(totals.json.data).toMatchObject({ currency: 'EUR', daily: { netDeposits: 0, netResult: 0 } });
  });
});

describe('a hostile client', () => {
  it('twenty identical new limits at once: one is kept, the others are told one exists', async () => {
    const { token } = await newPlayer();
    const body = { definition: 3, period: 'daily', currency: 'EUR', amount: 50 };
    const ip = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(token, 'POST', '/api/player/limits', body, ip)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await limits(token)).toHaveLength(1);
  });

  it('the same confirmation link eight times at once confirms once; replayed after a cancel it is refused', async () => {
    const { token, email } = await newPlayer();
    const { json } = await call(token, 'POST', '/api/player/limits', {
      definition: 1,
      period: 'daily',
      currency: 'EUR',
      amount: 5,
    });
    const id = json.data.id as string;
    await call(token, 'PUT', `/api/player/limits/${id}`, { period: 'daily', amount: 50 });
    const link = await confirmationToken(email);
    const first = await call(token, 'POST', '/api/player/limits/confirm', { token: link });
    expect(first.status).toBe(200);
    const results = await Promise.all(
      // Within the player's 10 a minute, so every one reaches the confirmation.
      Array.from({ length: 8 }, () => call(token, 'POST', '/api/player/limits/confirm', { token: link })),
    );
    // Each names the same moment.
    for (const r of results) expect(r.json.data).toEqual(first.json.data);
    expect((await limits(token))[0]!.pending).toMatchObject({
      confirmed: true,
      effectiveAt: first.json.data.effectiveAt,
    });

    await call(token, 'DELETE', `/api/player/limits/${id}`);
    const replay = await server.app.inject({
      method: 'POST',
      url: '/api/player/limits/confirm',
      headers: bearer(token),
      remoteAddress: '10.1.0.1',
      payload: { token: link },
    });
    expectErrorEnvelope(replay, 422);
    expect((await limits(token))[0]).toMatchObject({ amount: 5, pending: null });
  });

  it('huge amounts: the largest the wire states exactly is taken, more is refused, in any currency', async () => {
    const { token } = await newPlayer();
    const ip = freshAddress();
    const add = (currency: string, amount: number | string) =>
      call(token, 'POST', '/api/player/limits', { definition: 2, period: 'monthly', currency, amount }, ip);
    expect((await add('EUR', '90071992547409.91')).status).toBe(200);
    for (const [currency, amount] of [
      ['USD', '90071992547409.92'],
      ['USD', 1e16],
      ['USD', '9999999999999999'],
      ['BTC', '999999999999999'],
      ['BTC', '90071992.54740992'],
    ] as const) {
      const res = await add(currency, amount);
      expect(res.status, `${amount} ${currency}`).toBe(422);
    }
    expect((await add('BTC', '90071992.54740991')).status).toBe(200);
    expect((await limits(token)).map((l) => l.amount).sort()).toEqual([90071992.54740991, 90071992547409.91]);
  });

  it('NUL bytes and oversized values in paths and queries are refused before any route reads them', async () => {
    const { token } = await newPlayer();
    const since = new Date().toISOString();
    for (const url of [
      `/api/player/limits/reality-check/summary?since=${since}&currency=EUR%00`,
      `/api/player/limits/summary?currency=${'E'.repeat(100)}`,
      `/api/player/limits/reality-check/summary?since=yesterday&currency=EUR`,
    ]) {
      expect((await call(token, 'GET', url)).status, url).toBe(422);
    }
    expect(
      (await call(token, 'PUT', `/api/player/limits/${'a'.repeat(65)}`, { period: 'daily', amount: 1 })).status,
    ).toBe(422);
    expect((await call(token, 'DELETE', '/api/player/limits/%00')).status).toBe(422);
  });

  it('twenty exclusions at once: every answer is a start or an ended session, and one exclusion holds', async () => {
    const { token, email, password } = await newPlayer();
    const ip = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(token, 'POST', '/api/player/limits', { definition: 5, period: '1_week' }, ip),
      ),
    );
    expect(results.every((r) => r.status === 200 || r.status === 401)).toBe(true);
    expect(results.some((r) => r.status === 200)).toBe(true);
    const refused = expectErrorEnvelope(await login(server.app, email, password), 403) as { until?: string };
    expect(new Date(refused.until!).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * HOUR);
    expect(new Date(refused.until!).getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * HOUR);
  });
});
