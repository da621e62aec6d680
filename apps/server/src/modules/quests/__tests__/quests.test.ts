import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  bonusDefinitionInputSchema,
  playerQuestSchema,
  questDefinitionInputSchema,
  type EventMap,
  type QuestDefinitionInput,
} from '@casino/contracts';
import { enqueue, withTransaction } from '../../../outbox/index.ts';
import { outbox } from '../../../outbox/tables.ts';
import { createTestServer, opsCall, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { createDefinition, DEFAULT_BONUS_RULES } from '../../bonus/index.ts';
import { playerBonuses } from '../../bonus/tables.ts';
import { loyaltyPointEntries } from '../../loyalty/tables.ts';
import { registerBody } from '../../player/__tests__/helpers.ts';
import { players } from '../../player/tables.ts';
import { advance } from '../advance.ts';
import { countBets, countTask } from '../counting.ts';
import { createQuestDefinition } from '../definitions.ts';
import { expireDueQuests } from '../expiry.ts';
import { playerQuests, playerQuestTasks, questRewardPayouts, questTaskEvents } from '../tables.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0' });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Player = { token: string; playerId: string; ip: string };
let nextAddress = 0;
const freshAddress = () => `10.91.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

async function signUp(): Promise<Player> {
  const ip = freshAddress();
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/player/register',
    payload: registerBody(),
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  const auth = res.json().data as Json;
  return { token: auth.accessToken, playerId: auth.profile.id, ip };
}

async function call(p: Player, method: 'GET' | 'PUT', url: string, payload?: Json) {
  const res = await server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${p.token}` },
    remoteAddress: p.ip,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, json: res.json() as Json };
}

const rewardBonus = `Quest test bonus ${randomUUID().slice(0, 6)}`;
beforeAll(async () => {
  await createDefinition(
    server.ctx.db,
    bonusDefinitionInputSchema.parse({
      name: rewardBonus,
      amounts: { EUR: 500 },
      wagerMultiplier: 2,
      maxBet: {},
      maxConversion: {},
      excludedGames: [],
      activationDays: 7,
      wageringDays: 7,
      promotional: false,
    }),
    async () => null,
  );
});

async function quest(overrides: Partial<QuestDefinitionInput> = {}) {
  return createQuestDefinition(
    server.ctx.db,
    questDefinitionInputSchema.parse({
      identity: `q-${randomUUID().slice(0, 8)}`,
      name: 'Test quest',
      concurrent: true,
      tasks: [{ type: 4, name: 'Bet €20', unit: 'amount', quantity: 2000 }],
      rewards: [
        { type: 1, bonus: rewardBonus },
        { type: 3, points: 50 },
      ],
      ...overrides,
    }),
  );
}

const settled = (playerId: string, stakeMinor: number, roundId = randomUUID(), win = 0) =>
  ({
    playerId,
    accountId: randomUUID(),
    gameId: randomUUID(),
    gameType: 'slots',
    roundId,
    currency: 'EUR',
    stake: { real: String(stakeMinor), bonus: '0' },
    win: { real: String(win), bonus: '0' },
    platform: 1,
    country: 'DE',
  }) satisfies EventMap['game.bet.settled'];

async function emit<E extends keyof EventMap>(event: E, payload: EventMap[E]) {
  await withTransaction(server.ctx, (tx) => enqueue(tx, event, payload).then(() => undefined));
}

const tasksOf = (playerQuestId: string) =>
  server.ctx.db
    .select()
    .from(playerQuestTasks)
    .where(eq(playerQuestTasks.playerQuestId, playerQuestId))
    .orderBy(playerQuestTasks.executionOrder);
const questRow = async (id: string) =>
  (await server.ctx.db.select().from(playerQuests).where(eq(playerQuests.id, id)))[0]!;

describe('quests API', () => {
  it('lists available quests, starts one, lists it active, cancels it', async () => {
    const p = await signUp();
    const def = await quest();
    const available = await call(p, 'GET', '/api/retention/quests?perPage=100&currency=EUR');
    expect(available.status).toBe(200);
    const offered = (available.json.data as Json[]).find((q) => q.questId === def.id)!;
    expect(offered).toMatchObject({ state: 1, name: 'Test quest', currency: 'EUR' });
    expect(offered.tasks[0]).toMatchObject({ quantity: 20, progress: 0, type: 4 });
    expect(offered.rewards).toEqual([
      { type: 1, amount: 5, attributes: { isoCode: 'EUR', lockBalance: true }, name: rewardBonus },
      { type: 3, amount: 50, attributes: { isoCode: 'points', lockBalance: false } },
    ]);

    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(playerQuestSchema.parse(started.json.data).state).toBe(2);
    const again = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    expect(again.status).toBe(409);

    const active = await call(p, 'GET', '/api/retention/player-quests?state[]=2&currency=EUR');
    expect(active.json.data.map((q: Json) => q.id)).toEqual([started.json.data.id]);
    expect(active.json.meta).toMatchObject({ page: 1, totalRows: 1 });
    const notOffered = await call(p, 'GET', '/api/retention/quests?perPage=100');
    expect((notOffered.json.data as Json[]).some((q) => q.questId === def.id)).toBe(false);

    const canceled = await call(p, 'PUT', `/api/retention/player-quests/${started.json.data.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.json.data.state).toBe(5);
    expect((await call(p, 'PUT', `/api/retention/player-quests/${started.json.data.id}/cancel`)).status).toBe(409);
    const expired = await call(p, 'GET', '/api/retention/player-quests?state[]=5&state[]=6');
    expect(expired.json.data[0].id).toBe(started.json.data.id);
    // Canceled: it may start again.
    expect((await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`)).status).toBe(200);
  });

  it('one quest in progress at a time unless concurrent', async () => {
    const p = await signUp();
    const a = await quest({ concurrent: false });
    const b = await quest({ concurrent: false });
    const c = await quest({ concurrent: true });
    expect((await call(p, 'PUT', `/api/retention/quests/${a.id}/activate`)).status).toBe(200);
    expect((await call(p, 'PUT', `/api/retention/quests/${b.id}/activate`)).status).toBe(409);
    expect((await call(p, 'PUT', `/api/retention/quests/${c.id}/activate`)).status).toBe(200);
  });

  it('racing activations of one quest start it once', async () => {
    const p = await signUp();
    const def = await quest();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(p, 'PUT', `/api/retention/quests/${def.id}/activate`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });

  it("another player's quest ids and bad input answer 4xx", async () => {
    const [p, other] = [await signUp(), await signUp()];
    const def = await quest();
    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    expect((await call(other, 'PUT', `/api/retention/player-quests/${started.json.data.id}/cancel`)).status).toBe(404);
    expect((await call(other, 'PUT', `/api/retention/quests/${started.json.data.id}/activate`)).status).toBe(404);
    expect((await call(p, 'PUT', `/api/retention/quests/${randomUUID()}/activate`)).status).toBe(404);
    expect((await call(p, 'PUT', '/api/retention/quests/not-a-uuid/activate')).status).toBe(404);
    expect((await call(p, 'PUT', `/api/retention/quests/a%00b/activate`)).status).toBeGreaterThanOrEqual(400);
    expect((await call(p, 'PUT', `/api/retention/quests/${'x'.repeat(5000)}/activate`)).status).toBeLessThan(500);
    for (const query of [
      'state[]=9',
      'state=abc',
      'perPage=1000',
      'page=0',
      'currency=%00',
      `currency=${'E'.repeat(9000)}`,
    ])
      expect((await call(p, 'GET', `/api/retention/player-quests?${query}`)).status, query).toBe(422);
    expect((await call(p, 'GET', '/api/retention/quests?currency=XXX')).status).toBe(422);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/retention/player-quests' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an operator issues a quest (1); activating it moves it to 2', async () => {
    const p = await signUp();
    const def = await quest();
    const res = await opsCall(server, 'quest', { action: 'issue', player: p.playerId, identity: def.identity });
    expect(res.statusCode, res.body).toBe(200);
    const issued = (await server.ctx.db.select().from(playerQuests).where(eq(playerQuests.playerId, p.playerId)))[0]!;
    expect(issued.state).toBe(1);
    expect((await tasksOf(issued.id)).every((t) => !t.isActive)).toBe(true);
    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    expect(started.json.data).toMatchObject({ id: issued.id, state: 2 });
    expect(started.json.data.tasks[0].isActive).toBe(true);
    const list = await opsCall(server, 'quest', { action: 'list' });
    expect(list.json().data.message).toContain(def.identity);
  });

  it('expires running quests past their end (6)', async () => {
    const p = await signUp();
    const def = await quest({ durationHours: 1 });
    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    await expireDueQuests(server.ctx, new Date(Date.now() + 2 * 3_600_000));
    expect((await questRow(started.json.data.id)).state).toBe(6);
  });
});

describe('progress', () => {
  it('state tasks already met complete on activation; profile and e-mail events tick the rest', async () => {
    const p = await signUp();
    const def = await quest({
      taskExecutionOrder: 1,
      tasks: [
        { type: 2, name: 'Profile', unit: 'count', quantity: 1, fields: ['city', 'firstName'] },
        { type: 1, name: 'E-mail', unit: 'count', quantity: 1 },
      ],
    });
    await server.ctx.db.update(players).set({ city: 'Berlin' }).where(eq(players.id, p.playerId));
    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    const id = started.json.data.id as string;
    expect(started.json.data.tasks.map((t: Json) => [t.isActive, t.progress, t.quantity])).toEqual([
      [true, 1, 2],
      [false, 0, 1],
    ]);
    const saved = await call(p, 'PUT', '/api/player/profile', { firstName: 'Quentin' });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    await waitFor(async () => (await tasksOf(id))[1]!.isActive);
    await server.ctx.db.update(players).set({ confirmedAt: new Date() }).where(eq(players.id, p.playerId));
    await emit('player.email.confirmed', { playerId: p.playerId, email: 'x@example.com' });
    await waitFor(async () => (await questRow(id)).state === 4, 8_000);
    const pushed = await server.ctx.db.select().from(outbox).where(eq(outbox.event, 'quest.task.updated'));
    expect(pushed.some((row) => (row.payload as Json).task.questId === id)).toBe(true);
  });

  it('bets on eligible games count once per round, replays and reordering move nothing more', async () => {
    const p = await signUp();
    const def = await quest();
    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    const id = started.json.data.id as string;
    const [r1, r2] = [randomUUID(), randomUUID()];
    await emit('game.bet.settled', settled(p.playerId, 500, r1));
    await emit('game.bet.settled', settled(p.playerId, 700, r2));
    await emit('game.bet.settled', settled(p.playerId, 700, r2));
    await emit('game.bet.settled', settled(p.playerId, 500, r1));
    await waitFor(async () => (await tasksOf(id))[0]!.progress === 1200n);
    // Replay the same rows through the handler: nothing moves.
    await withTransaction(server.ctx, (tx) =>
      countBets(tx, DEFAULT_BONUS_RULES, [
        { payload: settled(p.playerId, 500, r1) },
        { payload: settled(p.playerId, 700, r2) },
      ]),
    );
    expect((await tasksOf(id))[0]!.progress).toBe(1200n);
    await emit('game.bet.settled', settled(p.playerId, 5000));
    await waitFor(async () => (await questRow(id)).state === 4, 8_000);
    const task = (await tasksOf(id))[0]!;
    expect([task.progress, task.isCompleted]).toEqual([2000n, true]);
    const bonuses = await server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, p.playerId));
    expect(bonuses).toHaveLength(1);
    const points = await server.ctx.db
      .select()
      .from(loyaltyPointEntries)
      .where(eq(loyaltyPointEntries.sourceKey, `quest:${id}:1`));
    expect(points).toHaveLength(1);
    const pushedStates = (await server.ctx.db.select().from(outbox).where(eq(outbox.event, 'quest.updated')))
      .map((row) => row.payload as Json)
      .filter((payload) => payload.playerQuestId === id)
      .map((payload) => payload.state);
    expect(pushedStates).toEqual([2, 3, 4]);
  });

  it('games and collections limit what counts; deposits count per paid invoice', async () => {
    const p = await signUp();
    const gameId = randomUUID();
    const def = await quest({
      tasks: [
        { type: 4, name: 'Bet', unit: 'count', quantity: 2, games: [gameId] },
        { type: 6, name: 'Deposit', unit: 'count', quantity: 1 },
      ],
    });
    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    const id = started.json.data.id as string;
    await emit('game.bet.settled', settled(p.playerId, 100)); // another game
    await emit('game.bet.settled', { ...settled(p.playerId, 100), gameId });
    const deposit: EventMap['payment.deposit.updated'] = {
      playerId: p.playerId,
      invoiceId: randomUUID(),
      number: 1,
      state: 'awaiting_payment',
      method: 'card',
      currency: 'EUR',
      amountMinor: '2000',
      statusResult: '',
      publicData: null,
      createdAt: new Date().toISOString(),
      updatedAt: null,
      bonusId: null,
    };
    await emit('payment.deposit.updated', deposit);
    await emit('payment.deposit.updated', { ...deposit, state: 'succeeded' });
    await waitFor(async () => (await tasksOf(id))[1]!.isCompleted);
    expect((await tasksOf(id)).map((t) => t.progress)).toEqual([1n, 1n]);
    expect((await questRow(id)).state).toBe(2);
  });

  it('twenty events racing for one task never over-count', async () => {
    const p = await signUp();
    const def = await quest({ tasks: [{ type: 4, name: 'Bets', unit: 'count', quantity: 15 }], rewards: [] });
    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    const [task] = await tasksOf(started.json.data.id);
    const keys = Array.from({ length: 20 }, (_, i) => `round:${i % 17}`); // three repeated
    await Promise.all(keys.map((key) => withTransaction(server.ctx, (tx) => countTask(tx, task!.id, key, 1n))));
    const after = (await tasksOf(started.json.data.id))[0]!;
    expect(after.progress).toBe(15n);
    expect(after.isCompleted).toBe(true);
    const counted = await server.ctx.db.select().from(questTaskEvents).where(eq(questTaskEvents.taskId, task!.id));
    expect(counted.length).toBeLessThanOrEqual(17);
  });

  it('batches of settled rounds racing for one task count each round once, capped at the quantity', async () => {
    const p = await signUp();
    const def = await quest({ tasks: [{ type: 4, name: 'Stake', unit: 'amount', quantity: 2_500 }], rewards: [] });
    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    const rounds = Array.from({ length: 20 }, () => randomUUID());
    // Four batches over overlapping rounds (each round in two of them), at once.
    const batches = [0, 5, 10, 15].map((start) =>
      Array.from({ length: 10 }, (_, i) => ({ payload: settled(p.playerId, 100, rounds[(start + i) % 20]!) })),
    );
    await Promise.all(
      batches.map((rows) => withTransaction(server.ctx, (tx) => countBets(tx, DEFAULT_BONUS_RULES, rows))),
    );
    const [task] = await tasksOf(started.json.data.id);
    expect([task!.progress, task!.isCompleted]).toEqual([2_000n, false]);
    const counted = await server.ctx.db.select().from(questTaskEvents).where(eq(questTaskEvents.taskId, task!.id));
    expect(counted).toHaveLength(20);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        withTransaction(server.ctx, (tx) =>
          countBets(tx, DEFAULT_BONUS_RULES, [
            { payload: settled(p.playerId, 100) },
            { payload: settled(p.playerId, 100) },
          ]),
        ),
      ),
    );
    const after = (await tasksOf(started.json.data.id))[0]!;
    expect([after.progress, after.isCompleted]).toEqual([2_500n, true]);
  });

  it('pushes the quest and its tasks on retention:quests#<player>, amounts in major units', async () => {
    const p = await signUp();
    const def = await quest();
    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    const id = started.json.data.id as string;
    await emit('game.bet.settled', settled(p.playerId, 750));
    const row = await waitFor(async () =>
      (await server.ctx.db.select().from(outbox).where(eq(outbox.event, 'quest.task.updated'))).find(
        (r) => (r.payload as Json).task.questId === id,
      ),
    );
    const [taskPublisher] = server.ctx.outboxConsumers.publishersOf('quest.task.updated');
    const [pushed] = await withTransaction(server.ctx, async (tx) =>
      taskPublisher!(
        {
          id: row.id,
          tx: '0',
          event: 'quest.task.updated',
          v: 1,
          payload: row.payload as never,
          createdAt: new Date(),
        },
        tx,
      ),
    );
    expect(pushed!.channel).toBe(`retention:quests#${p.playerId}`);
    expect(pushed!.payload).toMatchObject({
      event: 'quest.task.updated',
      task: {
        questId: id,
        progress: 7.5,
        quantity: 20,
        type: 4,
        isActive: true,
        isCompleted: false,
        playerId: p.playerId,
      },
    });
    const [questPublisher] = server.ctx.outboxConsumers.publishersOf('quest.updated');
    const [questPush] = await withTransaction(server.ctx, async (tx) =>
      questPublisher!(
        {
          id: 0,
          tx: '0',
          v: 1,
          event: 'quest.updated',
          payload: { playerId: p.playerId, playerQuestId: id, state: 2 } as never,
          createdAt: new Date(),
        },
        tx,
      ),
    );
    expect(playerQuestSchema.parse((questPush!.payload as Json).quest)).toMatchObject({
      id,
      state: 2,
      name: 'Test quest',
    });
    expect((questPush!.payload as Json).event).toBe('quest.updated');
  });

  it('a reward is paid once when completion is raced', async () => {
    const p = await signUp();
    const def = await quest();
    const started = await call(p, 'PUT', `/api/retention/quests/${def.id}/activate`);
    const id = started.json.data.id as string;
    await server.ctx.db
      .update(playerQuestTasks)
      .set({ progress: 2000n, isCompleted: true })
      .where(eq(playerQuestTasks.playerQuestId, id));
    await Promise.all(
      Array.from({ length: 10 }, () => withTransaction(server.ctx, (tx) => advance(tx, DEFAULT_BONUS_RULES, id))),
    );
    expect((await questRow(id)).state).toBe(4);
    const payouts = await server.ctx.db
      .select()
      .from(questRewardPayouts)
      .where(eq(questRewardPayouts.playerQuestId, id));
    expect(payouts.map((row) => row.position).sort()).toEqual([0, 1]);
    expect(payouts.every((row) => !row.result.startsWith('refused'))).toBe(true);
    const bonuses = await server.ctx.db
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.playerId, p.playerId)));
    expect(bonuses).toHaveLength(1);
  });
});
