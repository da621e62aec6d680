import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  combinedOdds,
  payoutOf,
  SPORTSBOOK_GAME_IDENTITY,
  sportsbookCatalogueEventAnswerSchema,
  sportsbookCatalogueSportsAnswerSchema,
  sportsbookWidgetAnswerSchema,
} from '@casino/contracts';
import { endOf, fixtureById, outcomeResult, simulate } from '@casino/games/sportsbook';
import { signCall } from '../../../lib/signing.ts';
import { gameProviders, games } from '../../../modules/game/catalogue/tables.ts';
import { gameSessions, gameTransactions } from '../../../modules/game/play/tables.ts';
import { createPlayer } from '../../../modules/wallet/__tests__/factories.ts';
import { credit } from '../../../modules/wallet/index.ts';
import { providerCatalogue, setStakeRule } from '../../../modules/sportsbook/index.ts';
import { createTestServer, opsCall, type TestServer } from '../../../test/server.ts';
import { readClock, simTimeOf } from '../events.ts';
import { sandboxSportTickets } from '../tables.ts';

// oxlint-disable-next-line typescript/no-explicit-any
type Json = Record<string, any>;
let server: TestServer;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = await createTestServer({});
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const [provider] = await server.ctx.db
    .insert(gameProviders)
    .values({ id: randomUUID(), identity: `sportsbook-${randomUUID().slice(0, 6)}`, name: 'Sportsbook', position: 1 })
    .returning();
  await server.ctx.db
    .insert(games)
    .values({
      id: randomUUID(),
      identity: SPORTSBOOK_GAME_IDENTITY,
      name: 'Sportsbook',
      searchName: 'sportsbook',
      providerId: provider!.id,
      engine: 'sportsbook',
      type: 'sportsbook',
      volatility: 'low',
      paylines: 0,
      isDemoMode: true,
      platforms: [1, 2],
      popularity: 0,
      position: 1,
      createdAt: new Date(),
    })
    .onConflictDoNothing();
  // The casino's maximums (without them the wallet refuses every ticket): 500 € a ticket, 1,000 € an event.
  await setStakeRule(server.ctx.db, { maxBetMinor: 50_000n, maxEventMinor: 100_000n });
});
afterAll(async () => {
  await server?.close();
});

async function launch(overrides: Json = {}, signature?: string) {
  const raw = JSON.stringify({
    mode: 'demo',
    clientId: 'sandbox',
    currency: 'EUR',
    locale: 'en',
    parentOrigin: 'https://casino.example',
    path: '/',
    rules: { maxStake: 50_000, maxEventStake: 100_000, restricted: { sports: ['tennis'], events: ['fb-1000'] } },
    ...overrides,
  });
  return server.app.inject({
    method: 'POST',
    url: '/sandbox/sportsbook/api/launch',
    headers: {
      'content-type': 'application/json',
      ...signCall(server.ctx.gameWalletSecret, { method: 'POST', path: '/sandbox/sportsbook/api/launch', body: raw }),
      ...(signature ? { 'x-signature': signature } : {}),
    },
    payload: raw,
  });
}
const tokenOf = (gameUrl: string) => new URL(gameUrl).searchParams.get('session')!;

/** A player with `amount` EUR at the casino, a casino game session on the sportsbook and a provider session. */
async function realPlayer(amount = '100') {
  const player = await createPlayer(server.ctx.db);
  const credited = await credit(server.ctx.db, {
    playerId: player.id,
    amount,
    currency: 'EUR',
    idempotencyKey: `test:${randomUUID()}`,
    reason: 'test',
  });
  const [game] = await server.ctx.db.select().from(games).where(eq(games.identity, SPORTSBOOK_GAME_IDENTITY));
  const casinoToken = randomUUID() + randomUUID();
  await server.ctx.db.insert(gameSessions).values({
    token: casinoToken,
    playerId: player.id,
    accountId: credited.account.id,
    currency: 'EUR',
    gameId: game!.id,
    platform: 2,
    country: 'DE',
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const launched = await launch({ mode: 'real', token: casinoToken, playerId: player.id });
  expect(launched.statusCode, launched.body).toBe(200);
  return { token: tokenOf(launched.json().gameUrl), playerId: player.id, casinoToken };
}

async function api(method: 'GET' | 'POST', url: string, token?: string, body?: Json) {
  const response = await server.app.inject({
    method,
    url: `/sandbox/sportsbook/api${url}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json, headers: response.headers };
}

const balanceOf = async (token: string) => (await api('GET', '/session', token)).body.balance as number;

/** Scheduled events that start at least `minutes` simulated minutes from now, distinct. */
async function upcoming(count: number, sport = 'football') {
  const { body } = await api('GET', `/events?sport=${sport}`);
  const simMs = simTimeOf(await readClock(server.ctx.db));
  const list = (body as Json[]).filter((e) => e.status === 'scheduled' && Date.parse(e.startsAt) > simMs + 10 * 60_000);
  expect(list.length).toBeGreaterThanOrEqual(count);
  return list.slice(0, count);
}
const homeWin = (event: Json) => ({
  eventId: event.id,
  marketId: 'result',
  outcomeId: 'home',
  odds: event.main.outcomes[0].odds,
});

const ops = async (body: Json) => opsCall(server, 'sportsbook-provider', body);

/** Moves the simulated clock past an event's end. */
async function passEnd(eventId: string) {
  const simMs = simTimeOf(await readClock(server.ctx.db));
  const minutes = Math.ceil((endOf(fixtureById(eventId)!) - simMs) / 60_000) + 1;
  if (minutes > 0) expect((await ops({ action: 'clock', advanceMinutes: minutes })).statusCode).toBe(200);
}

async function ticketRow(id: string) {
  return (await server.ctx.db.select().from(sandboxSportTickets).where(eq(sandboxSportTickets.id, id)))[0]!;
}

async function waitSettled(id: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await ticketRow(id);
    if (row.status !== 'open' && row.status !== 'pending' && !row.walletPending) return row;
    if (Date.now() > until) throw new Error(`ticket ${id} not settled: ${row.status} pending=${row.walletPending}`);
    await sleep(200);
  }
}

describe('launch and the client page', () => {
  it('refuses an unsigned launch and answers a client URL with a session of its own', async () => {
    expect((await launch({}, 'ab'.repeat(32))).statusCode).toBe(401);
    expect((await launch({ mode: 'real', token: null })).statusCode).toBe(422);
    const response = await launch({ path: '/events/fb-5' });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().gameUrl);
    expect(url.pathname).toBe('/sandbox/sportsbook/client');
    expect(url.searchParams.get('path')).toBe('/events/fb-5');
    expect(url.searchParams.get('locale')).toBe('en');
    const session = await api('GET', '/session', tokenOf(response.json().gameUrl));
    expect(session.body).toMatchObject({ mode: 'demo', currency: 'EUR', subunit: 100, balance: null, minStake: 10 });
    // The casino's rules as the launch told them, for the slip to show before a bet.
    expect(session.body).toMatchObject({
      maxStake: 50_000,
      maxEventStake: 100_000,
      restricted: { sports: ['tennis'], events: ['fb-1000'] },
    });
    // A launch without them is not one this provider takes.
    expect((await launch({ rules: undefined })).statusCode).toBe(422);
    expect((await api('GET', '/session', 'nope')).status).toBe(401);
  });

  it('serves the client only for a session, framed only by the casino that launched it', async () => {
    const token = tokenOf((await launch({ parentOrigin: 'https://casino.example/some/page' })).json().gameUrl);
    const page = await server.app.inject({ method: 'GET', url: `/sandbox/sportsbook/client?session=${token}` });
    expect([200, 503]).toContain(page.statusCode);
    if (page.statusCode === 200)
      expect(page.headers['content-security-policy']).toContain('frame-ancestors https://casino.example;');
    const none = await server.app.inject({ method: 'GET', url: '/sandbox/sportsbook/client?session=unknown' });
    expect(none.statusCode).toBe(404);
  });
});

describe('events and widgets', () => {
  it('lists sports, events (live first) and an event’s markets', async () => {
    const sports = await api('GET', '/sports');
    expect(sports.body.map((s: Json) => s.id)).toEqual(['football', 'tennis', 'basketball', 'ice-hockey', 'esports']);
    const events = await api('GET', '/events');
    expect(events.body.length).toBeGreaterThan(20);
    const [first] = await upcoming(1);
    const detail = await api('GET', `/events/${first!.id}`);
    expect(detail.body.markets.map((m: Json) => m.id)).toEqual(expect.arrayContaining(['result', 'total-2.5', 'btts']));
    expect((await api('GET', '/events/fb-x')).status).toBe(404);
  });

  it('answers its catalogue (public): its sports, and whether an id names one of its events', async () => {
    const get = (url: string) => server.app.inject({ method: 'GET', url: `/sandbox/sportsbook/api/catalogue${url}` });
    const sports = sportsbookCatalogueSportsAnswerSchema.parse((await get('/sports')).json());
    expect(sports.data.map((s) => s.id)).toEqual(['football', 'tennis', 'basketball', 'ice-hockey', 'esports']);
    const event = sportsbookCatalogueEventAnswerSchema.parse((await get('/events/fb-1000')).json());
    expect(event.data).toMatchObject({ id: 'fb-1000', sport: 'football' });
    for (const id of ['nonexistent-1', 'tn-0', 'fb-x']) expect((await get(`/events/${id}`)).statusCode, id).toBe(404);
    // A NUL or a huge id is bad input, never an error of the server.
    for (const id of ['%00', 'x'.repeat(5_000)]) expect((await get(`/events/${id}`)).statusCode).toBe(422);
    // The casino's client of it, over HTTP, as a real provider is asked.
    const catalogue = providerCatalogue(`${server.ctx.selfUrl()}/sandbox/sportsbook`);
    expect(await catalogue('sport', 'tennis')).toEqual({ kind: 'known', name: 'Tennis' });
    expect(await catalogue('sport', 'curling')).toMatchObject({
      kind: 'unknown',
      sports: expect.arrayContaining(['football']),
    });
    expect(await catalogue('event', 'fb-1000')).toEqual({ kind: 'known', name: event.data.name });
    expect(await catalogue('event', 'nonexistent-1')).toEqual({ kind: 'unknown' });
    expect(await providerCatalogue('http://127.0.0.1:1/books')('sport', 'tennis')).toMatchObject({
      kind: 'unreachable',
    });
  });

  it('answers the home page widgets with CORS for any origin', async () => {
    for (const kind of ['top', 'live']) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/sandbox/sportsbook/api/widgets/events?kind=${kind}&clientId=sandbox&locale=en`,
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const parsed = sportsbookWidgetAnswerSchema.parse(response.json());
      if (kind === 'top') expect(parsed.data.length).toBeGreaterThan(0);
    }
  });
});

describe('tickets', () => {
  it('a guest cannot bet, bad input is 422', async () => {
    const guest = tokenOf((await launch()).json().gameUrl);
    const [event] = await upcoming(1);
    const body = { type: 'single', stake: 100, selections: [homeWin(event!)], acceptOddsChanges: false };
    const refused = await api('POST', '/tickets', guest, body);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('guest');
    expect((await api('POST', '/tickets', undefined, body)).body.error.code).toBe('no_session');

    const { token } = await realPlayer();
    const bad = await api('POST', '/tickets', token, { ...body, stake: -5 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('invalid');
    const two = await api('POST', '/tickets', token, { ...body, type: 'accumulator' });
    expect(two.status).toBe(422);
    const unknownMarket = await api('POST', '/tickets', token, {
      ...body,
      selections: [{ ...homeWin(event!), marketId: 'nope' }],
    });
    expect(unknownMarket.status).toBe(422);
  });

  it('places a single and an accumulator through the casino wallet; odds changed → 409, then accepted', async () => {
    const { token } = await realPlayer('100');
    expect(await balanceOf(token)).toBe(10_000);
    const [a, b] = await upcoming(2);
    const single = await api('POST', '/tickets', token, {
      type: 'single',
      stake: 500,
      selections: [homeWin(a!)],
      acceptOddsChanges: false,
    });
    expect(single.status, JSON.stringify(single.body)).toBe(201);
    expect(single.body).toMatchObject({ type: 'single', stake: 500, status: 'open', odds: homeWin(a!).odds });
    expect(single.body.potentialWin).toBe(payoutOf(500, homeWin(a!).odds));
    expect(single.body.cashOut).toBeGreaterThan(0);
    expect(await balanceOf(token)).toBe(9_500);

    const stale = { ...homeWin(b!), odds: homeWin(b!).odds + 7 };
    const changed = await api('POST', '/tickets', token, {
      type: 'accumulator',
      stake: 200,
      selections: [homeWin(a!), stale],
      acceptOddsChanges: false,
    });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('odds_changed');
    expect(changed.body.error.selections[1]).toMatchObject({
      eventId: b!.id,
      odds: homeWin(b!).odds,
      suspended: false,
    });
    expect(await balanceOf(token)).toBe(9_500);

    const accepted = await api('POST', '/tickets', token, {
      type: 'accumulator',
      stake: 200,
      selections: [homeWin(a!), stale],
      acceptOddsChanges: true,
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.odds).toBe(combinedOdds([homeWin(a!).odds, homeWin(b!).odds]));
    expect(accepted.body.selections).toHaveLength(2);
    expect(await balanceOf(token)).toBe(9_300);

    const open = await api('GET', '/tickets?status=open', token);
    expect(open.body.map((t: Json) => t.id)).toEqual([accepted.body.id, single.body.id]);
    const [bet] = await server.ctx.db
      .select()
      .from(gameTransactions)
      .where(and(eq(gameTransactions.kind, 'bet'), eq(gameTransactions.amountMinor, 200n)));
    expect(bet).toBeTruthy();
  });

  it('passes the casino’s refusal back (insufficient funds)', async () => {
    const { token } = await realPlayer('1');
    const [a] = await upcoming(1);
    const refused = await api('POST', '/tickets', token, {
      type: 'single',
      stake: 500,
      selections: [homeWin(a!)],
      acceptOddsChanges: false,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.error).toMatchObject({ code: 'wallet', walletCode: 15001 });
    expect((await api('GET', '/tickets?status=open', token)).body).toEqual([]);
  });

  it('passes a maximum’s refusal back with what may still be staked, for the slip to offer', async () => {
    const { token } = await realPlayer('2000');
    const [a] = await upcoming(1);
    const bet = (stake: number, outcomeId = 'home') =>
      api('POST', '/tickets', token, {
        type: 'single',
        stake,
        selections: [{ ...homeWin(a!), outcomeId, odds: a!.main.outcomes[outcomeId === 'home' ? 0 : 1].odds }],
        acceptOddsChanges: true,
      });
    const tooBig = await bet(50_001);
    expect(tooBig.status).toBe(403);
    expect(tooBig.body.error).toMatchObject({ code: 'wallet', walletCode: 14311, maxBet: 50_000, limit: 'bet' });
    expect((await bet(50_000)).status).toBe(201);
    expect((await bet(45_000, 'draw')).status).toBe(201);
    const event = await bet(10_000, 'away');
    expect(event.body.error).toMatchObject({ walletCode: 14311, maxBet: 5_000, limit: 'event', currency: 'EUR' });
  });

  it('cashes out at the price shown (else 409 with the price now); another player’s ticket is 404', async () => {
    const { token } = await realPlayer('100');
    const other = await realPlayer('100');
    const [a] = await upcoming(1);
    const placed = await api('POST', '/tickets', token, {
      type: 'single',
      stake: 1000,
      selections: [homeWin(a!)],
      acceptOddsChanges: false,
    });
    const price = placed.body.cashOut as number;
    expect(price).toBeGreaterThan(800);
    expect((await api('GET', `/tickets/${placed.body.id}`, other.token)).status).toBe(404);
    expect((await api('POST', `/tickets/${placed.body.id}/cash-out`, other.token, { price })).status).toBe(404);

    const wrong = await api('POST', `/tickets/${placed.body.id}/cash-out`, token, { price: price + 1 });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error).toMatchObject({ code: 'price_changed', cashOut: price });
    const done = await api('POST', `/tickets/${placed.body.id}/cash-out`, token, { price });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'cashed_out', payout: price });
    expect(await balanceOf(token)).toBe(10_000 - 1000 + price);
    const again = await api('POST', `/tickets/${placed.body.id}/cash-out`, token, { price });
    expect(again.body.error.code).toBe('not_open');
    expect((await api('GET', '/tickets?status=settled', token)).body[0].id).toBe(placed.body.id);
  });
});

describe('settlement', () => {
  it('settles by the clock: the simulation’s result, one win call closing the round', async () => {
    const { token } = await realPlayer('100');
    const [a] = await upcoming(1);
    const placed = await api('POST', '/tickets', token, {
      type: 'single',
      stake: 1000,
      selections: [homeWin(a!)],
      acceptOddsChanges: false,
    });
    expect(placed.status).toBe(201);
    await passEnd(a!.id);
    const row = await waitSettled(placed.body.id);
    const fixture = fixtureById(a!.id)!;
    const result = outcomeResult(fixture, simulate(fixture).final, 'result', 'home');
    expect(row.status).toBe(result);
    const payout = result === 'won' ? payoutOf(1000, homeWin(a!).odds) : 0;
    expect(row.payout).toBe(payout);
    expect(await balanceOf(token)).toBe(10_000 - 1000 + payout);
    const wins = await server.ctx.db
      .select()
      .from(gameTransactions)
      .where(and(eq(gameTransactions.providerTxId, row.settleTxId!)));
    expect(wins).toHaveLength(1);
  });

  it('the operator: a result before the end is refused; after it, the given score; void rolls back', async () => {
    const { token } = await realPlayer('100');
    const [a, b] = await upcoming(2);
    const first = await api('POST', '/tickets', token, {
      type: 'single',
      stake: 1000,
      selections: [{ eventId: a!.id, marketId: 'result', outcomeId: 'away', odds: a!.main.outcomes[2].odds }],
      acceptOddsChanges: false,
    });
    const second = await api('POST', '/tickets', token, {
      type: 'single',
      stake: 700,
      selections: [homeWin(b!)],
      acceptOddsChanges: false,
    });
    expect(await balanceOf(token)).toBe(8_300);

    const early = await ops({ action: 'settle', event: a!.id, home: 0, away: 3 });
    expect(early.statusCode).toBe(409);
    expect((await ticketRow(first.body.id)).status).toBe('open');

    const voided = await ops({ action: 'void', event: b!.id });
    expect(voided.statusCode, voided.body).toBe(200);
    const v = await waitSettled(second.body.id, 5_000);
    expect(v).toMatchObject({ status: 'void', payout: 700 });

    await passEnd(a!.id);
    const settled = await ops({ action: 'settle', event: a!.id, home: 0, away: 3 });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data.message).toMatch(/^Settled/);
    const w = await waitSettled(first.body.id, 5_000);
    const payout = payoutOf(1000, a!.main.outcomes[2].odds);
    expect(w).toMatchObject({ status: 'won', payout });
    expect(await balanceOf(token)).toBe(8_300 + 700 + payout);
    const again = await ops({ action: 'settle', event: a!.id, home: 1, away: 0 });
    expect(again.json().data.message).toMatch(/already settled/);
  });

  it('pays once when settlements race (operator calls and the sweeper)', async () => {
    const { token } = await realPlayer('100');
    const [a, b] = await upcoming(2);
    const placed = await api('POST', '/tickets', token, {
      type: 'accumulator',
      stake: 1000,
      selections: [
        homeWin(a!),
        { eventId: b!.id, marketId: 'result', outcomeId: 'draw', odds: b!.main.outcomes[1].odds },
      ],
      acceptOddsChanges: false,
    });
    expect(placed.status).toBe(201);
    await passEnd(b!.id);
    const score = { a: { home: 2, away: 0 }, b: { home: 1, away: 1 } };
    await Promise.all([
      ops({ action: 'settle', event: a!.id, ...score.a }),
      ops({ action: 'settle', event: a!.id, ...score.a }),
      ops({ action: 'settle', event: b!.id, ...score.b }),
      ops({ action: 'settle', event: b!.id, ...score.b }),
    ]);
    const row = await waitSettled(placed.body.id);
    // Whoever won each event's race, the ticket was settled once with one win transaction.
    const wins = await server.ctx.db
      .select()
      .from(gameTransactions)
      .where(and(eq(gameTransactions.kind, 'win'), eq(gameTransactions.providerTxId, row.settleTxId!)));
    expect(wins).toHaveLength(1);
    const balance = await balanceOf(token);
    expect(balance).toBe(10_000 - 1000 + (row.payout ?? 0));
    await sleep(3500); // a sweep later: nothing more
    expect(await balanceOf(token)).toBe(balance);
  });
});
