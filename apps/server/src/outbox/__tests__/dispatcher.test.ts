import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { Database } from '../../db/client.ts';
import { createMemoryBroker, type Broker } from '../../push/index.ts';
import { createTestDatabase, createTestServer, type TestServer } from '../../test/server.ts';
import { sleep, waitFor } from '../../test/wait.ts';
import { credit, openAccount } from '../../modules/wallet/index.ts';
import { createPlayer } from '../../modules/wallet/__tests__/factories.ts';
import { startOutboxDispatcher, type Dispatcher } from '../dispatcher.ts';
import { createOutboxConsumers, enqueue } from '../outbox.ts';
import { outbox } from '../tables.ts';

describe('balance events through a whole server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a credit publishes exactly one account.balance.updated with the full account', async () => {
    const { ctx } = server;
    const player = await createPlayer(ctx.db);
    const account = await openAccount(ctx.db, player.id, 'EUR');
    const received: unknown[] = [];
    const unsubscribe = await ctx.broker.subscribe(`wallet:accounts#${player.id}`, (pub) => received.push(pub.data));

    await credit(ctx.db, {
      playerId: player.id,
      amount: '25.50',
      currency: 'EUR',
      idempotencyKey: `c:${player.id}`,
      reason: 'test',
    });
    ctx.notifyOutbox();
    await waitFor(() => received.length > 0);
    await sleep(600); // more than two poll periods: nothing else may follow
    await unsubscribe();

    expect(received).toEqual([
      {
        event: 'account.balance.updated',
        account: {
          id: account.id,
          currency: 'EUR',
          status: 1,
          balance: 25.5,
          realBalance: 25.5,
          bonusBalance: 0,
          lockedBalance: 0,
          withdrawalBalance: 25.5,
        },
      },
    ]);
    const pending = await ctx.db.select().from(outbox).where(isNull(outbox.dispatchedAt));
    expect(pending).toEqual([]);
  });
});

describe('dispatcher', () => {
  let database: Database;
  const running: Dispatcher[] = [];
  const cleanups: (() => unknown)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((d) => d.stop()));
    for (const cleanup of cleanups.splice(0)) await cleanup();
    await database.db.update(outbox).set({ dispatchedAt: new Date() }).where(isNull(outbox.dispatchedAt));
  });
  afterAll(async () => {
    await database?.close();
  });

  const consumers = createOutboxConsumers();

  function start(broker: Broker, options: Parameters<typeof startOutboxDispatcher>[2] = {}) {
    const ctx = { db: database.db, database, broker, outboxConsumers: consumers };
    const dispatcher = startOutboxDispatcher(ctx, pino({ level: 'silent' }), options);
    running.push(dispatcher);
    return dispatcher;
  }

  function channelLog(broker: Broker, channel: string) {
    const seen: unknown[] = [];
    cleanups.push(() => broker.close());
    return { seen, ready: broker.subscribe(channel, (pub) => seen.push(pub.data)) };
  }

  const pendingCount = async () =>
    (
      await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(isNull(outbox.dispatchedAt))
    )[0]!.n;

  it('delivers rows a crash left behind as soon as a dispatcher starts, in id order', async () => {
    for (let n = 1; n <= 5; n++)
      await enqueue(database.db, { event: 'test.ordered', channel: 'test:crash', payload: { n } });
    const broker = createMemoryBroker();
    const log = channelLog(broker, 'test:crash');
    await log.ready;
    start(broker, { pollMs: 10_000 }); // no poll needed: the start itself delivers
    await waitFor(() => log.seen.length === 5);
    expect(log.seen).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    await expect.poll(pendingCount).toBe(0); // marked at commit, a moment after the publication
  });

  it('picks up rows another process wrote by polling, and at once when woken', async () => {
    const broker = createMemoryBroker();
    const log = channelLog(broker, 'test:poll');
    await log.ready;
    const dispatcher = start(broker, { pollMs: 100 });
    await enqueue(database.db, { event: 'test.poll', channel: 'test:poll', payload: { n: 1 } });
    await waitFor(() => log.seen.length === 1, 2_000);

    const slow = start(createMemoryBroker(), { pollMs: 60_000 });
    await dispatcher.stop();
    await sleep(50);
    await enqueue(database.db, { event: 'test.poll', channel: 'test:poll', payload: { n: 2 } });
    slow.wake();
    await waitFor(async () => (await pendingCount()) === 0, 2_000);
  });

  it('keeps a row whose publication failed and retries it before any later row', async () => {
    const inner = createMemoryBroker();
    let failuresLeft = 2;
    const flaky: Broker = {
      ...inner,
      publish: async (channel, data) => {
        if (failuresLeft > 0) {
          failuresLeft--;
          throw new Error('broker down');
        }
        return inner.publish(channel, data);
      },
    };
    const log = channelLog(inner, 'test:flaky');
    await log.ready;
    await enqueue(database.db, { event: 'test.flaky', channel: 'test:flaky', payload: { n: 1 } });
    await enqueue(database.db, { event: 'test.flaky', channel: 'test:flaky', payload: { n: 2 } });
    start(flaky, { pollMs: 20, maxBackoffMs: 50 });
    await waitFor(() => log.seen.length === 2);
    expect(failuresLeft).toBe(0);
    expect(log.seen).toEqual([{ n: 1 }, { n: 2 }]);
    await expect.poll(pendingCount).toBe(0); // marked at commit, a moment after the publication
  });

  it('runs in-process consumers once, with their writes committed together with the delivery', async () => {
    const seen: number[] = [];
    let failOnce = true;
    const unregister = consumers.register('test.consumed', async (row, tx) => {
      await enqueue(tx, { event: 'test.followup', channel: null, payload: { from: row.id } });
      if (failOnce) {
        failOnce = false;
        throw new Error('consumer failed');
      }
      seen.push(row.payload.n as number);
    });
    cleanups.push(unregister);
    const id = await enqueue(database.db, { event: 'test.consumed', channel: null, payload: { n: 7 } });
    start(createMemoryBroker(), { pollMs: 20, maxBackoffMs: 50 });
    await waitFor(async () => (await pendingCount()) === 0);
    expect(seen).toEqual([7]);
    // The failed attempt's write was rolled back: exactly one follow-up row exists.
    const followups = await database.db.select().from(outbox).where(eq(outbox.event, 'test.followup'));
    expect(followups.map((r) => r.payload)).toEqual([{ from: id }]);
  });

  it('delivers each row once when two dispatchers share the database', async () => {
    const broker = createMemoryBroker();
    const log = channelLog(broker, 'test:two');
    await log.ready;
    for (let n = 1; n <= 30; n++)
      await enqueue(database.db, { event: 'test.two', channel: 'test:two', payload: { n } });
    start(broker, { pollMs: 10, batchSize: 3 });
    start(broker, { pollMs: 10, batchSize: 3 });
    await waitFor(async () => (await pendingCount()) === 0);
    await sleep(100);
    expect(log.seen).toEqual(Array.from({ length: 30 }, (_, i) => ({ n: i + 1 })));
  });

  it('stop() lets the batch in flight finish', async () => {
    const inner = createMemoryBroker();
    cleanups.push(() => inner.close());
    let publishing!: () => void;
    const started = new Promise<void>((resolve) => (publishing = resolve));
    const slow: Broker = {
      ...inner,
      publish: async (channel, data) => {
        publishing();
        await sleep(200);
        return inner.publish(channel, data);
      },
    };
    await enqueue(database.db, { event: 'test.stop', channel: 'test:stop', payload: {} });
    const dispatcher = start(slow);
    await started;
    await dispatcher.stop();
    expect(await pendingCount()).toBe(0);
  });
});
