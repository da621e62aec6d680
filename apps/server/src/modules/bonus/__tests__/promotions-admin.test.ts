import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createGame } from '../../game/__tests__/play-fixtures.ts';
import { asStaff, enrolStaff, staffCommand, type StaffAgent } from '../../staff/__tests__/staff-kit.ts';

/** The promotions screens' reads (bonus, quests, tournaments, loyalty), fed by the commands the screens send. */
let server: TestServer;
let marketing: StaffAgent;
let support: StaffAgent;
let risk: StaffAgent;
beforeAll(async () => {
  server = await createTestServer();
  [marketing, support, risk] = [
    await enrolStaff(server, 'marketing'),
    await enrolStaff(server, 'support'),
    await enrolStaff(server, 'risk'),
  ];
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const get = async <T = Record<string, unknown>>(url: string, agent = support) => {
  const answer = await asStaff(server, agent, 'GET', `/api/admin${url}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as T[];
};
const run = async (route: string, body: unknown) => {
  const answer = await staffCommand(server, marketing, route, body);
  expect(answer.statusCode, answer.body).toBe(200);
};
const named = <T extends Record<string, unknown>>(rows: T[], key: string, value: string) =>
  rows.find((r) => r[key] === value);

describe('the promotions back-office reads', () => {
  it('shows a bonus definition with every figure the form sent, free spins and cashback too', async () => {
    const slot = await createGame(server.ctx.db, { aggregator: 'native' });
    const common = { activationDays: 7, wageringDays: 14 };
    await run('bonus', {
      action: 'create',
      definition: {
        name: 'Welcome 10',
        amounts: { EUR: 1_000, USD: 1_200 },
        wagerMultiplier: 35,
        maxBet: { EUR: 500 },
        maxConversion: { EUR: 5_000 },
        onePerPerson: true,
        ...common,
      },
    });
    await run('bonus', {
      action: 'create',
      definition: {
        name: 'Spins 20',
        type: 3,
        amounts: { EUR: 0 },
        wagerMultiplier: 5,
        freespins: { count: 20, game: slot.identity, stakes: { EUR: 20 } },
      },
    });
    await run('bonus', {
      action: 'create',
      definition: { name: 'Cashback 10%', amounts: { EUR: 0 }, wagerMultiplier: 1, cashback: { percentage: 10 } },
    });
    await run('bonus', { action: 'disable', name: 'Spins 20' });
    const rows = await get<Record<string, unknown>>('/bonus/definitions');
    expect(named(rows, 'name', 'Welcome 10')).toMatchObject({
      enabled: true,
      type: 1,
      amounts: { EUR: '10.00', USD: '12.00' },
      // The operator's cap (10 by default) applies when issued; the written figure is kept too.
      wagerMultiplier: 10,
      wagerMultiplierWritten: 35,
      maxBet: { EUR: '5.00' },
      maxConversion: { EUR: '50.00' },
      onePerPerson: true,
      freespins: null,
      cashback: null,
      activationDays: 7,
      wageringDays: 14,
    });
    expect(named(rows, 'name', 'Spins 20')).toMatchObject({
      enabled: false,
      freespins: { count: 20, game: { identity: slot.identity, name: slot.name }, stakes: { EUR: '0.20' } },
    });
    expect(named(rows, 'name', 'Cashback 10%')).toMatchObject({ cashback: { percentage: 10, period: 'week' } });
  });

  it("answers the create form's mistakes field by field, and stores none of them", async () => {
    const answer = await staffCommand(server, marketing, 'bonus', {
      action: 'create',
      definition: {
        name: 'Bad\u0000name',
        amounts: { EUR: -1 },
        wagerMultiplier: 1_000,
        maxBet: { EUR: 'x'.repeat(5_000) },
      },
    });
    expect(answer.statusCode, answer.body).toBe(422);
    expect(Object.keys(answer.json().error.fields)).toEqual(
      expect.arrayContaining([
        'definition.name',
        'definition.amounts.EUR',
        'definition.wagerMultiplier',
        'definition.maxBet.EUR',
      ]),
    );
    expect(named(await get('/bonus/definitions'), 'name', 'Bad\u0000name')).toBeUndefined();
  });

  it('shows quests, tournaments, loyalty levels and rates as the commands set them', async () => {
    await run('quest', {
      action: 'create',
      definition: {
        identity: 'first-bets',
        name: 'First bets',
        tasks: [{ type: 4, name: 'Bet 5 times', quantity: 5 }],
        rewards: [{ type: 3, points: 50 }],
      },
    });
    await run('quest', { action: 'disable', identity: 'first-bets' });
    expect(named(await get('/quests/definitions'), 'identity', 'first-bets')).toMatchObject({
      name: 'First bets',
      enabled: false,
      tasks: [{ type: 4, name: 'Bet 5 times', unit: 'count', quantity: 5 }],
      rewards: [{ type: 3, points: 50 }],
    });

    const day = 86_400_000;
    await run('tournament', {
      action: 'create',
      tournament: {
        identity: 'weekend-race',
        title: 'Weekend race',
        scoring: 'stake',
        minStake: 50,
        prizes: [{ place: 1, type: 3, title: '1000 points', points: 1_000 }],
        startAt: new Date(Date.now() + day).toISOString(),
        endAt: new Date(Date.now() + 3 * day).toISOString(),
      },
    });
    const upcoming = named(await get('/tournaments'), 'identity', 'weekend-race');
    expect(upcoming).toMatchObject({ status: 'upcoming', minStake: '0.50', currency: 'EUR', scoring: 'stake' });
    expect(upcoming!.prizes).toEqual([{ place: 1, type: 3, title: '1000 points', points: 1_000 }]);
    await run('tournament', { action: 'start', identity: 'weekend-race' });
    expect(named(await get('/tournaments'), 'identity', 'weekend-race')).toMatchObject({ status: 'running', state: 3 });

    const levels = [
      { name: 'Bronze', points: 0 },
      { name: 'Silver', points: 1_000 },
    ];
    await run('loyalty', { action: 'levels-set', levels });
    expect(await get('/loyalty/levels')).toEqual([
      expect.objectContaining({ position: 1, name: 'Bronze', points: 0, rewardBonus: null, players: 0 }),
      expect.objectContaining({ position: 2, name: 'Silver', points: 1_000 }),
    ]);
    await run('loyalty', { action: 'rates-set', gameType: 'slots', points: 2, perMinor: 1_000 });
    expect(named(await get('/loyalty/rates'), 'gameType', 'slots')).toEqual({
      gameType: 'slots',
      points: 2,
      perMinor: 1_000,
      perAmount: '10.00',
      currency: 'EUR',
    });
  });

  it('refuses a role without Promotion read', async () => {
    for (const url of [
      '/bonus/definitions',
      '/quests/definitions',
      '/tournaments',
      '/loyalty/levels',
      '/loyalty/rates',
    ])
      expect((await asStaff(server, risk, 'GET', `/api/admin${url}`)).statusCode, url).toBe(403);
  });
});
