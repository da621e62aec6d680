import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combinedOdds, SPORTSBOOK_GAME_IDENTITY, TicketType, type WalletTicketItem } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { fundedPlayer, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { findGame } from '../../game/index.ts';
import { asStaff, enrolStaff, staffCommand, type StaffAgent } from '../../staff/__tests__/staff-kit.ts';

let server: TestServer;
let risk: StaffAgent;
let support: StaffAgent;
beforeAll(async () => {
  server = await createTestServer();
  [risk, support] = [await enrolStaff(server, 'risk'), await enrolStaff(server, 'support')];
  const set = await staffCommand(server, risk, 'sportsbook-risk', {
    action: 'limits-set',
    maxBet: '500',
    maxEvent: '1000',
  });
  expect(set.statusCode, set.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const get = async <T>(url: string, agent = risk) => {
  const answer = await asStaff(server, agent, 'GET', `/api/admin${url}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as T;
};

const selection = (eventId: string, odds: number): WalletTicketItem => ({
  eventId,
  event: `Home ${eventId} – Away`,
  stage: 1,
  sport: 'football',
  discipline: 'Football',
  tournament: 'Premier Division',
  eventDate: '2099-12-01T19:45:00.000Z',
  market: 'Match result',
  outcome: '1',
  odds,
});

/** A player's sports ticket through the wallet, as the sportsbook places it: its round id, to settle it. */
async function place(currency: string, amount: number, items: WalletTicketItem[]) {
  const game = (await findGame(server.ctx.db, SPORTSBOOK_GAME_IDENTITY))!;
  const { player, account } = await fundedPlayer(server.ctx.db, 1_000_000n, currency);
  const session = await openSession(server.ctx, {
    playerId: player.id,
    accountId: account.id,
    currency,
    gameId: game.id,
  });
  const base = { token: session.token, gameIdentity: game.identity, currency };
  const roundId = txId('ticket');
  const ticket = {
    type: items.length === 1 ? TicketType.single : TicketType.accumulator,
    odds: combinedOdds(items.map((i) => i.odds)),
    items,
  };
  const bet = await walletCall(server, 'bet', { ...base, transactionId: txId('bet'), roundId, amount, ticket });
  expect(bet.status, JSON.stringify(bet.body)).toBe(200);
  return {
    odds: ticket.odds,
    settle: () =>
      walletCall(server, 'win', { ...base, transactionId: txId('win'), roundId, amount: 0, closeRound: true }),
  };
}

type Exposure = {
  eventId: string;
  tickets: number;
  stake: string;
  payout: string;
  currency: string;
  unpriced: boolean;
};

describe("the sportsbook's back-office reads", () => {
  it('sums the open tickets per event in EUR; a settled ticket leaves the exposure', async () => {
    const [a, b] = [`ev-${randomUUID().slice(0, 8)}`, `ev-${randomUUID().slice(0, 8)}`];
    const single = await place('EUR', 1_000, [selection(a, 2_000)]);
    const acca = await place('EUR', 500, [selection(a, 1_500), selection(b, 3_000)]);
    // 10.00 USD at 0.92: 9.20 EUR.
    await place('USD', 1_000, [selection(a, 2_500)]);
    const of = async (id: string) => (await get<Exposure[]>('/sportsbook/exposure')).find((e) => e.eventId === id);

    expect(await of(a)).toMatchObject({ tickets: 3, currency: 'EUR', stake: '24.20', unpriced: false });
    const accaPayout = Math.floor((500 * acca.odds) / 1000);
    expect((await of(a))!.payout).toBe(((2_000 + accaPayout + 2_300) / 100).toFixed(2));
    expect(await of(b)).toMatchObject({ tickets: 1, stake: '5.00', payout: (accaPayout / 100).toFixed(2) });

    expect((await single.settle()).status).toBe(200);
    expect(await of(a)).toMatchObject({ tickets: 2, stake: '14.20' });
    expect((await acca.settle()).status).toBe(200);
    expect(await of(b)).toBeUndefined();
  });

  it('shows the maximums in EUR and each currency, and the restrictions as the commands left them', async () => {
    const limits = await get<{ maxBet: string; maxEvent: string; perCurrency: { currency: string }[] }>(
      '/sportsbook/limits',
    );
    expect(limits).toMatchObject({ currency: 'EUR', maxBet: '500.00', maxEvent: '1000.00' });
    expect(limits.perCurrency).toContainEqual({ currency: 'USD', maxBet: '543.47', maxEvent: '1086.95' });

    const restrict = { action: 'restrict', country: 'DE', kind: 'sport', ref: 'football' };
    expect((await staffCommand(server, risk, 'sportsbook-risk', restrict)).statusCode).toBe(200);
    expect(await get('/sportsbook/restrictions')).toContainEqual({ country: 'DE', kind: 'sport', ref: 'football' });
    const unrestrict = await staffCommand(server, risk, 'sportsbook-risk', { ...restrict, action: 'unrestrict' });
    expect(unrestrict.statusCode).toBe(200);
    expect(await get('/sportsbook/restrictions')).not.toContainEqual(expect.objectContaining({ ref: 'football' }));
    // The form's inputs are the command's: a NUL byte or a huge reference is refused, nothing stored.
    for (const ref of ['foot\u0000ball', 'x'.repeat(5_000)]) {
      const bad = await staffCommand(server, risk, 'sportsbook-risk', { ...restrict, ref });
      expect(bad.statusCode, bad.body).toBe(422);
    }
  });

  it("lists the sandbox's events to settle or void; a voided one leaves the list", async () => {
    type Events = { simulatedAt: string; events: { id: string; status: string; endsAt: string }[] };
    const { events, simulatedAt } = await get<Events>('/sportsbook/events');
    expect(Date.parse(simulatedAt)).toBeGreaterThan(0);
    const scheduled = events.find((e) => e.status === 'scheduled')!;
    expect(scheduled).toBeDefined();
    const early = await staffCommand(server, risk, 'sportsbook-provider', {
      action: 'settle',
      event: scheduled.id,
      home: 1,
      away: 0,
    });
    expect(early.statusCode, early.body).toBe(409);
    const voided = await staffCommand(server, risk, 'sportsbook-provider', { action: 'void', event: scheduled.id });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await get<Events>('/sportsbook/events')).events.map((e) => e.id)).not.toContain(scheduled.id);
  });

  it('refuses a role without Sportsbook read', async () => {
    for (const url of ['/sportsbook/limits', '/sportsbook/restrictions', '/sportsbook/exposure', '/sportsbook/events'])
      expect((await asStaff(server, support, 'GET', `/api/admin${url}`)).statusCode, url).toBe(403);
  });
});
