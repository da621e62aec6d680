import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import type { EventMap, EventName } from '@casino/contracts';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { createMemoryBroker, type Broker } from '../../push/index.ts';
import { createTestDatabase, createTestServer, type TestServer } from '../../test/server.ts';
import { sleep, waitFor } from '../../test/wait.ts';
import { credit, openAccount } from '../../modules/wallet/index.ts';
import { createPlayer } from '../../modules/wallet/__tests__/factories.ts';
import { pruneOutbox, startOutboxDispatcher, type Dispatcher, type DispatcherOptions } from '../dispatcher.ts';
import { createOutboxConsumers, enqueue, type OutboxConsumers, type OutboxLane } from '../outbox.ts';
import { laneStates } from '../status.ts';
import { decideParked, parkedRow, parkedRows } from '../parked.ts';
import { outbox, outboxCursors, outboxParked } from '../tables.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

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
    await expect.poll(async () => (await laneStates(ctx.db)).find((l) => l.consumer === 'push')?.behind).toBe(0);
  });
});

describe('dispatcher', () => {
  let database: Database;
  const running: Dispatcher[] = [];
  const cleanups: (() => unknown)[] = [];
  const logs: { consumer?: string; outboxId?: number; msg: string }[] = [];
  const log = pino({ level: 'error' }, { write: (line: string) => void logs.push(JSON.parse(line)) });

  beforeAll(async () => {
    database = await createTestDatabase();
    // What the consumers of these tests did, written in their lane's transaction.
    await database.db.execute(sql`create table test_effects (lane text not null, outbox_id bigint not null)`);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((d) => d.stop()));
    for (const cleanup of cleanups.splice(0)) await cleanup();
    await database.db.execute(sql`delete from outbox`);
    await database.db.execute(sql`delete from outbox_cursors`);
    await database.db.execute(sql`delete from outbox_parked`);
    await database.db.execute(sql`delete from test_effects`);
    logs.length = 0;
  });
  afterAll(async () => {
    await database?.close();
  });

  function start(broker: Broker, options: DispatcherOptions = {}, consumers = createOutboxConsumers()) {
    // The test rows of `pushRow` name their channel; the push lane derives their publication.
    cleanups.push(
      consumers.registerPublisher('player.profile.updated', (row) => {
        const { playerId, fields: _fields, ...payload } = row.payload as Record<string, unknown>;
        return typeof playerId === 'string' && playerId.startsWith('test:') ? [{ channel: playerId, payload }] : [];
      }),
    );
    const dispatcher = startOutboxDispatcher({ db: database.db, broker, outboxConsumers: consumers }, log, options);
    running.push(dispatcher);
    return { dispatcher, consumers };
  }

  /** A lane whose handler records each row it handles (and writes its effect through the lane's transaction). */
  function lane(
    consumers: OutboxConsumers,
    name: string,
    options: Partial<OutboxLane> & { fail?: () => boolean } = {},
  ) {
    const handled: number[] = [];
    const unregister = consumers.register({
      name,
      startFrom: options.startFrom ?? 'beginning',
      handlers: options.handlers ?? {
        'player.profile.updated': async (row, tx) => {
          await tx.execute(sql`insert into test_effects (lane, outbox_id) values (${name}, ${row.id})`);
          if (options.fail?.()) throw new Error(`${name} is down`);
          handled.push(row.id);
        },
      },
    });
    cleanups.push(unregister);
    return handled;
  }

  function channelLog(broker: Broker, channel: string) {
    const seen: unknown[] = [];
    cleanups.push(() => broker.close());
    return { seen, ready: broker.subscribe(channel, (pub) => seen.push(pub.data)) };
  }

  /** An event whose push (derived by the publisher `start` registers) goes to `channel` with `payload`. */
  const pushRow = async (channel: string, payload: Record<string, unknown>) =>
    (
      await database.db
        .insert(outbox)
        .values({ event: 'player.profile.updated', payload: { playerId: channel, fields: [], ...payload } })
        .returning({ id: outbox.id })
    )[0]!.id;
  const event = (n: number) => enqueue(database.db, 'player.profile.updated', { playerId: `p${n}`, fields: [] });

  const cursorOf = async (consumer: string) =>
    (await database.db.select().from(outboxCursors).where(eq(outboxCursors.consumer, consumer)))[0];
  const behind = async (consumer: string) =>
    (await laneStates(database.db)).find((l) => l.consumer === consumer)?.behind;
  const effects = async (name: string) =>
    (
      await rowsOf<{ id: string }>(
        database.db,
        sql`select outbox_id::text as id from test_effects where lane = ${name} order by outbox_id`,
      )
    ).map((r) => Number(r.id));

  it('delivers rows a crash left behind as soon as a dispatcher starts, in order', async () => {
    for (let n = 1; n <= 5; n++) await pushRow('test:crash', { n });
    const broker = createMemoryBroker();
    const channel = channelLog(broker, 'test:crash');
    await channel.ready;
    start(broker, { pollMs: 10_000 }); // no poll needed: the start itself delivers
    await waitFor(() => channel.seen.length === 5);
    expect(channel.seen).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    await expect.poll(() => behind('push'), { timeout: 5_000 }).toBe(0); // the cursor commits a moment after the publication
  });

  it('picks up rows another process wrote by polling, and at once when woken', async () => {
    const broker = createMemoryBroker();
    const channel = channelLog(broker, 'test:poll');
    await channel.ready;
    const { dispatcher } = start(broker, { pollMs: 100 });
    await pushRow('test:poll', { n: 1 });
    await waitFor(() => channel.seen.length === 1, 2_000);

    const slow = start(broker, { pollMs: 60_000 }).dispatcher;
    await dispatcher.stop();
    await sleep(50);
    await pushRow('test:poll', { n: 2 });
    slow.wake();
    await waitFor(() => channel.seen.length === 2, 2_000);
  });

  it('keeps a row whose publication failed, records the failure and retries it before any later row', async () => {
    const inner = createMemoryBroker();
    let down = true;
    const flaky: Broker = {
      ...inner,
      publish: async (channel, data) => {
        if (down) throw new Error('broker down');
        return inner.publish(channel, data);
      },
    };
    const channel = channelLog(inner, 'test:flaky');
    await channel.ready;
    const first = await pushRow('test:flaky', { n: 1 });
    await pushRow('test:flaky', { n: 2 });
    // However long the broker is away, no row is parked for it: the lane waits and goes on from there.
    start(flaky, { pollMs: 20, maxBackoffMs: 50, parkAfter: 1, parkAfterMs: 0 });
    await waitFor(async () => ((await cursorOf('push'))?.failures ?? 0) >= 3);
    expect(await cursorOf('push')).toMatchObject({ lastError: 'broker down', position: 0 });
    expect(await parkedRows(database.db)).toEqual([]);
    expect(logs).toContainEqual(expect.objectContaining({ consumer: 'push', outboxId: first }));
    down = false;
    await waitFor(() => channel.seen.length === 2);
    expect(channel.seen).toEqual([{ n: 1 }, { n: 2 }]);
    await expect.poll(async () => (await cursorOf('push'))?.failures).toBe(0);
  });

  it("runs a consumer's handler once, its writes committed together with its cursor", async () => {
    const consumers = createOutboxConsumers();
    let failOnce = true;
    const seen: string[] = [];
    cleanups.push(
      consumers.register({
        name: 'followups',
        startFrom: 'beginning',
        handlers: {
          'player.profile.updated': async (row, tx) => {
            await enqueue(tx, 'player.email.confirmed', { playerId: row.payload.playerId, email: `${row.id}@x.test` });
            if (failOnce) {
              failOnce = false;
              throw new Error('consumer failed');
            }
            seen.push(row.payload.playerId);
          },
        },
      }),
    );
    cleanups.push(
      consumers.registerPublisher('player.email.confirmed', (row) => [
        { channel: 'test:followups', payload: row.payload },
      ]),
    );
    const broker = createMemoryBroker();
    const channel = channelLog(broker, 'test:followups');
    await channel.ready;
    const id = await event(7);
    // No poll: the start runs each lane once, and the events a lane writes wake the others at its commit.
    start(broker, { pollMs: 60_000, maxBackoffMs: 50 }, consumers);
    await waitFor(() => seen.length === 1);
    await waitFor(() => channel.seen.length === 1);
    await expect.poll(() => behind('followups'), { timeout: 5_000 }).toBe(0); // the follow-up it wrote too: it has no handler for it
    expect(seen).toEqual(['p7']);
    // The failed attempt's write was rolled back: exactly one follow-up row exists, pushed once.
    const followups = await database.db.select().from(outbox).where(eq(outbox.event, 'player.email.confirmed'));
    expect(followups.map((r) => r.payload)).toEqual([{ playerId: 'p7', email: `${id}@x.test` }]);
    await sleep(100);
    expect(channel.seen).toEqual([{ playerId: 'p7', email: `${id}@x.test` }]);
  });

  it('hands a batch handler runs of consecutive rows of its event, each row once; a failed run again, its first row alone', async () => {
    const consumers = createOutboxConsumers();
    const runs: number[][] = [];
    const single: number[] = [];
    let failOnce = true;
    cleanups.push(
      consumers.register({
        name: 'batched',
        startFrom: 'beginning',
        handlers: { 'player.email.confirmed': async (row) => void single.push(row.id) },
        batches: {
          'player.profile.updated': async (rows, tx) => {
            for (const row of rows)
              await tx.execute(sql`insert into test_effects (lane, outbox_id) values ('batched', ${row.id})`);
            if (failOnce) {
              failOnce = false;
              throw new Error('batch failed');
            }
            runs.push(rows.map((row) => row.id));
          },
        },
      }),
    );
    const first = [await event(1), await event(2), await event(3)];
    const between = await enqueue(database.db, 'player.email.confirmed', { playerId: 'p9', email: 'p9@x.test' });
    const second = [await event(4), await event(5)];
    start(createMemoryBroker(), { pollMs: 20, maxBackoffMs: 20 }, consumers);
    await expect.poll(() => behind('batched'), { timeout: 5_000 }).toBe(0);
    // After the failure the run's first row goes alone (were it the bad one, it could be parked alone).
    expect(runs).toEqual([first.slice(0, 1), first.slice(1), second]);
    expect(single).toEqual([between]);
    // The failed run's writes were rolled back: each row's effect exactly once.
    expect(await effects('batched')).toEqual([...first, ...second]);
  });

  it('a consumer that keeps failing does not delay the push, and succeeds on its own once fixed', async () => {
    const inner = createMemoryBroker();
    const channel = channelLog(inner, 'test:fast');
    await channel.ready;
    let broken = true;
    const { dispatcher, consumers } = start(inner, { maxBackoffMs: 100 }); // the usual 250 ms poll
    const faulty = lane(consumers, 'faulty', { fail: () => broken });
    const ids: number[] = [];
    const latencies: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const startedAt = performance.now();
      ids.push(await pushRow('test:fast', { n }));
      dispatcher.wake(); // as withTransaction does after the commit
      await waitFor(() => channel.seen.length === n, 2_000);
      latencies.push(performance.now() - startedAt);
      await sleep(150); // the faulty lane retries meanwhile
    }
    expect(Math.max(...latencies)).toBeLessThan(1_000);
    expect(faulty).toEqual([]);
    const failing = await cursorOf('faulty');
    expect(failing).toMatchObject({ position: 0, lastError: 'faulty is down' });
    expect(failing!.failures).toBeGreaterThan(1);
    expect(failing!.retryAt).not.toBeNull();
    expect(logs).toContainEqual(
      expect.objectContaining({
        consumer: 'faulty',
        outboxId: ids[0],
        msg: 'outbox consumer failed; its lane retries',
      }),
    );

    broken = false;
    await waitFor(() => faulty.length === 5, 5_000);
    expect(faulty).toEqual(ids);
    await expect.poll(async () => (await cursorOf('faulty'))?.failures).toBe(0);
    // Each row's effect once: the failed attempts' writes were rolled back with their savepoints.
    expect(await effects('faulty')).toEqual(ids);
  });

  // Parking: quick settings, so a row that keeps failing is parked within a test.
  const parking = { pollMs: 20, maxBackoffMs: 40, parkAfter: 3, parkAfterMs: 150 };

  it('a consumer that throws on one row parks it and goes on; retried once fixed, it is delivered once; pushes never stopped', async () => {
    const inner = createMemoryBroker();
    const channel = channelLog(inner, 'test:during');
    await channel.ready;
    let broken = true;
    const { dispatcher, consumers } = start(inner, parking);
    const handled = lane(consumers, 'picky', {
      handlers: {
        'player.profile.updated': async (row, tx) => {
          if (row.payload.playerId.startsWith('test:')) return; // the pushes' rows
          await tx.execute(sql`insert into test_effects (lane, outbox_id) values ('picky', ${row.id})`);
          if (broken && row.payload.playerId === 'p2') throw new Error('p2 has no shape I know');
          handled.push(row.id);
        },
      },
    });
    const ids = [await event(1), await event(2), await event(3)];
    // Pushes of other rows go out the whole time the consumer fails.
    for (let n = 1; n <= 4; n++) {
      await pushRow('test:during', { n });
      dispatcher.wake();
      await waitFor(() => channel.seen.length === n, 2_000);
    }
    await waitFor(() => handled.length === 2, 10_000);
    expect(handled).toEqual([ids[0], ids[2]]);
    const [parked] = await parkedRows(database.db);
    expect(parked).toMatchObject({
      consumer: 'picky',
      outboxId: ids[1],
      event: 'player.profile.updated',
      state: 'parked',
      lastError: 'p2 has no shape I know',
    });
    expect(parked!.failures).toBeGreaterThanOrEqual(3);
    expect((await parkedRow(database.db, parked!.id))?.payload).toEqual({ playerId: 'p2', fields: [] });
    expect(await cursorOf('picky')).toMatchObject({ failures: 0, failingSince: null });
    expect(logs).toContainEqual(
      expect.objectContaining({
        consumer: 'picky',
        outboxId: ids[1],
        msg: 'outbox consumer failed on a row again and again; the row is parked, the lane goes on',
      }),
    );

    // Retried while still broken: parked again with the new failure, not delivered.
    expect((await decideParked(database.db, parked!.id, 'retry'))?.state).toBe('retry');
    await waitFor(async () => (await parkedRow(database.db, parked!.id))?.state === 'parked', 5_000);
    expect(handled).toHaveLength(2);

    broken = false;
    await decideParked(database.db, parked!.id, 'retry');
    await waitFor(() => handled.length === 3, 5_000);
    expect(handled[2]).toBe(ids[1]);
    await waitFor(async () => (await parkedRow(database.db, parked!.id))?.state === 'delivered', 5_000);
    expect(await parkedRows(database.db)).toEqual([]);
    // A delivered row cannot be retried again, and each row's effect happened once.
    expect((await decideParked(database.db, parked!.id, 'retry'))?.state).toBe('delivered');
    await sleep(200);
    expect(handled).toHaveLength(3);
    expect((await effects('picky')).sort((a, b) => a - b)).toEqual(ids);
  });

  it('a batch run with one bad row: the failed run narrows to its first row until the bad one is alone; only it is parked, the others handled once', async () => {
    const consumers = createOutboxConsumers();
    const done: number[] = [];
    cleanups.push(
      consumers.register({
        name: 'batched-picky',
        startFrom: 'beginning',
        handlers: {},
        batches: {
          'player.profile.updated': async (rows, tx) => {
            for (const row of rows) {
              await tx.execute(sql`insert into test_effects (lane, outbox_id) values ('batched-picky', ${row.id})`);
              if (row.payload.playerId === 'p3') throw new Error('p3 is bad');
            }
            done.push(...rows.map((row) => row.id));
          },
        },
      }),
    );
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++) ids.push(await event(n));
    start(createMemoryBroker(), parking, consumers);
    await waitFor(async () => (await parkedRows(database.db)).length === 1, 10_000);
    await expect.poll(() => behind('batched-picky'), { timeout: 5_000 }).toBe(0);
    expect((await parkedRows(database.db))[0]).toMatchObject({ consumer: 'batched-picky', outboxId: ids[2] });
    expect(done).toEqual([ids[0], ids[1], ids[3], ids[4]]);
    expect(await effects('batched-picky')).toEqual([ids[0], ids[1], ids[3], ids[4]]);
  });

  it('a push publisher that throws parks its row at once; the other publishers and the later rows still go out', async () => {
    const consumers = createOutboxConsumers();
    let broken = true;
    cleanups.push(
      consumers.registerPublisher('player.profile.updated', (row) => {
        if (broken && row.payload.playerId === 'test:mixed' && (row.payload as { n?: number }).n === 2)
          throw new TypeError("Cannot read properties of undefined (reading 'amount')");
        return [];
      }),
    );
    const broker = createMemoryBroker();
    const channel = channelLog(broker, 'test:mixed');
    await channel.ready;
    const ids = [await pushRow('test:mixed', { n: 1 }), await pushRow('test:mixed', { n: 2 })];
    ids.push(await pushRow('test:mixed', { n: 3 }));
    start(broker, { pollMs: 20 }, consumers);
    // The publisher `start` registers published all three, the faulty one's row 2 included.
    await waitFor(() => channel.seen.length === 3, 5_000);
    expect(channel.seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const [parked] = await parkedRows(database.db);
    expect(parked).toMatchObject({ consumer: 'push', outboxId: ids[1], failures: 1, state: 'parked' });
    expect(parked!.lastError).toContain('reading');
    await expect.poll(() => behind('push'), { timeout: 5_000 }).toBe(0);

    broken = false;
    await decideParked(database.db, parked!.id, 'retry');
    // Retried, the row's publications go out again (all of them: a push is a state, sent again harmlessly).
    await waitFor(() => channel.seen.length === 4, 5_000);
    await waitFor(async () => (await parkedRow(database.db, parked!.id))?.state === 'delivered', 5_000);
  });

  it('a publisher query the database refuses: the round is undone, its failure recorded apart, the row parked in the end', async () => {
    const consumers = createOutboxConsumers();
    cleanups.push(
      consumers.registerPublisher('player.profile.updated', async (row, tx) => {
        if ((row.payload as { n?: number }).n === 2) await tx.execute(sql`select 1 / 0`);
        return [];
      }),
    );
    const broker = createMemoryBroker();
    const channel = channelLog(broker, 'test:db');
    await channel.ready;
    const ids: number[] = [];
    for (let n = 1; n <= 3; n++) ids.push(await pushRow('test:db', { n }));
    start(broker, parking, consumers);
    await waitFor(async () => (await parkedRows(database.db)).length === 1, 10_000);
    expect((await parkedRows(database.db))[0]).toMatchObject({ consumer: 'push', outboxId: ids[1] });
    expect((await parkedRows(database.db))[0]!.lastError).toMatch(/division by zero/);
    await waitFor(() => channel.seen.some((m) => (m as { n: number }).n === 3), 5_000);
    await expect.poll(() => behind('push'), { timeout: 5_000 }).toBe(0);
    const skipped = await decideParked(database.db, (await parkedRows(database.db))[0]!.id, 'skip');
    expect(skipped?.state).toBe('skipped');
    expect(await parkedRows(database.db)).toEqual([]);
    // Settled rows are pruned with the retention.
    await database.db.update(outboxParked).set({ updatedAt: new Date(Date.now() - 100 * 3_600_000) });
    await pruneOutbox(database.db, 72);
    expect(await database.db.select().from(outboxParked)).toEqual([]);
  });

  it('a consumer added after 1,000 events catches up, handling each exactly once, with two nodes at once', async () => {
    // Ten transactions of a hundred events each.
    for (let t = 0; t < 10; t++)
      await database.db.execute(
        sql`insert into outbox (event, payload)
            select 'player.profile.updated', jsonb_build_object('playerId', 'p' || n, 'fields', '[]'::jsonb)
              from generate_series(${t * 100 + 1}::int, ${t * 100 + 100}::int) n`,
      );
    const all = (await database.db.select({ id: outbox.id }).from(outbox).orderBy(outbox.tx, outbox.id)).map(
      (r) => r.id,
    );
    expect(all).toHaveLength(1_000);
    const options = { pollMs: 20, batchSize: 50 };
    const nodes = [start(createMemoryBroker(), options), start(createMemoryBroker(), options)];
    await waitFor(async () => (await behind('push')) === 0, 20_000);

    const handled = nodes.map(({ consumers }) => lane(consumers, 'late'));
    await waitFor(async () => (await behind('late')) === 0, 60_000);
    await sleep(100);
    expect(await effects('late')).toEqual([...all].sort((a, b) => a - b));
    // Both nodes took turns, never two at once: together they handled each row once, in order.
    expect(handled.flat().sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
  }, 90_000);

  it("a consumer starting from 'now' skips the history", async () => {
    await event(1);
    await event(2);
    const { consumers } = start(createMemoryBroker(), { pollMs: 20 });
    const handled = lane(consumers, 'fresh', { startFrom: 'now' });
    await waitFor(() => cursorOf('fresh'));
    const next = await event(3);
    await waitFor(() => handled.length === 1);
    await sleep(100);
    expect(handled).toEqual([next]);
  });

  it('prunes only rows every lane seen within the retention has passed, and only once older than it', async () => {
    const ids: number[] = [];
    for (let n = 1; n <= 6; n++) ids.push(await event(n));
    const rows = await rowsOf<{ id: string; tx: string }>(
      database.db,
      sql`select id::text, tx::text from outbox order by tx, id`,
    );
    const at = (id: number) => rows.find((r) => Number(r.id) === id)!.tx;
    await database.db.execute(sql`update outbox set created_at = now() - interval '100 hours' where id <= ${ids[3]!}`);
    const cursor = (consumer: string, id: number, seenHoursAgo = 0) =>
      database.db.insert(outboxCursors).values({
        consumer,
        tx: id ? at(id) : '0',
        position: id,
        seenAt: new Date(Date.now() - seenHoursAgo * 3_600_000),
      });
    await cursor('ahead', ids[5]!);
    await cursor('behind', ids[2]!);
    await cursor('gone', 0, 200); // no node has run it for longer than the retention: it holds nothing back
    const left = async () =>
      (await database.db.select({ id: outbox.id }).from(outbox).orderBy(outbox.id)).map((r) => r.id);

    expect(await pruneOutbox(database.db, 72)).toBe(3);
    expect(await left()).toEqual(ids.slice(3));
    await database.db
      .update(outboxCursors)
      .set({ tx: at(ids[5]!), position: ids[5]! })
      .where(eq(outboxCursors.consumer, 'behind'));
    expect(await pruneOutbox(database.db, 72)).toBe(1); // the newer rows stay for the retention
    expect(await left()).toEqual(ids.slice(4));
    expect(await pruneOutbox(database.db, 72)).toBe(0);

    await database.db.delete(outboxCursors);
    await database.db.execute(sql`update outbox set created_at = now() - interval '100 hours'`);
    expect(await pruneOutbox(database.db, 72)).toBe(0); // no lane seen: nothing is known to be passed
  });

  it.skipIf(!onPostgres)(
    'a row committed late with a lower id is still delivered by a lane that already passed a higher id',
    async () => {
      const { consumers } = start(createMemoryBroker(), { pollMs: 20 });
      const handled = lane(consumers, 'ordered');
      await waitFor(() => cursorOf('ordered'));
      const [early, late] = [await database.pool!.connect(), await database.pool!.connect()];
      try {
        const insert = (client: typeof early, n: string) =>
          client
            .query(`insert into outbox (event, payload) values ('player.profile.updated', $1) returning id`, [
              JSON.stringify({ playerId: n, fields: [] }),
            ])
            .then((r) => Number(r.rows[0].id));
        // `early` takes its transaction id first; `late` writes the lower id and commits last.
        await early.query('begin');
        await early.query('select pg_current_xact_id()');
        await late.query('begin');
        const low = await insert(late, 'low');
        const high = await insert(early, 'high');
        await early.query('commit');
        expect(low).toBeLessThan(high);

        await waitFor(() => handled.length === 1);
        await sleep(200);
        expect(handled).toEqual([high]);
        await late.query('commit');
        await waitFor(() => handled.length === 2);
        expect(handled).toEqual([high, low]);

        // A transaction that began first and commits last: the rows after it wait for it (the horizon),
        // so the cursor never moves past it.
        await late.query('begin');
        const first = await insert(late, 'first');
        const after = await insert(early, 'after'); // committed at once
        await sleep(300);
        expect(handled).toEqual([high, low]);
        await late.query('commit');
        await waitFor(() => handled.length === 4);
        expect(handled).toEqual([high, low, first, after]);
      } finally {
        await early.query('rollback').catch(() => {});
        await late.query('rollback').catch(() => {});
        early.release();
        late.release();
      }
    },
  );

  it.skipIf(!onPostgres)('a long transaction in another database of the server holds no lane back', async () => {
    const broker = createMemoryBroker();
    const channel = channelLog(broker, 'test:elsewhere');
    await channel.ready;
    const { dispatcher } = start(broker);
    const elsewhere = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await pushRow('test:elsewhere', { n: 1 });
      dispatcher.wake();
      await waitFor(() => channel.seen.length === 1, 1_000);
    } finally {
      await elsewhere.query('rollback');
      await elsewhere.end();
    }
  });

  it('stop() lets the batches in flight finish', async () => {
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
    await pushRow('test:stop', {});
    const { dispatcher } = start(slow);
    await started;
    await dispatcher.stop();
    expect(await behind('push')).toBe(0);
  });

  it("derives each service event's push, byte for byte the push the row itself used to be", async () => {
    const published: { channel: string; json: string }[] = [];
    const inner = createMemoryBroker();
    cleanups.push(() => inner.close());
    const broker: Broker = {
      ...inner,
      publish: async (channel, data) => {
        published.push({ channel, json: JSON.stringify(data) });
        return inner.publish(channel, data);
      },
    };
    const message = {
      id: 'm-1',
      state: 1,
      readAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      type: 'default',
      topic: 'payment',
      content: { title: 'T', body: 'B', link: null },
    } as const;
    const document = {
      id: 'd-1',
      type: 'passport',
      status: 2,
      fileName: 'a.png',
      mimeType: 'image/png',
      size: 3,
      reason: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      reviewedAt: null,
    };
    const limit = {
      playerId: 'p-1',
      kind: 'added',
      definition: 3,
      period: 'daily',
      currency: 'EUR',
      amount: '50',
      until: null,
    } as const;
    const support = { id: '1', author: 'operator', text: 'Hi', createdAt: '2026-01-01T00:00:00.000Z' } as const;
    // What each enqueue site wrote before: its channel and the wire payload itself.
    const cases: { [E in EventName]?: [EventMap[E], string, Record<string, unknown>] } = {
      'documents.updated': [
        { playerId: 'p-1', document },
        'player:documents#p-1',
        { event: 'document.updated', document },
      ],
      'kyc.verification.updated': [
        { playerId: 'p-1', state: { status: 'rejected', reason: 'Blurred', reviewedAt: null } },
        'player:verification#p-1',
        { event: 'verification.updated', state: { status: 'rejected', reason: 'Blurred', reviewedAt: null } },
      ],
      'limits.changed': [limit, 'messenger:notifications#p-1', { event: 'limits.updated', ...limit }],
      'messenger.message.created': [
        { playerId: 'p-1', message, totalUnread: 3 },
        'messenger:notifications#p-1',
        { event: 'messenger.message.created', message, totalUnread: 3 },
      ],
      'messenger.unread.updated': [
        { playerId: 'p-1', totalUnread: 0 },
        'messenger:notifications#p-1',
        { event: 'messenger.unread.updated', totalUnread: 0 },
      ],
      'support.message': [
        { playerId: 'p-1', message: support },
        'messenger:support#p-1',
        { event: 'support.message', message: support },
      ],
    };
    const expected: { channel: string; json: string }[] = [];
    for (const [name, [payload, channel, wire]] of Object.entries(cases) as [
      EventName,
      [never, string, Record<string, unknown>],
    ][]) {
      await enqueue(database.db, name, payload);
      // The old row's payload came back from jsonb, in jsonb's key order.
      const [stored] = await rowsOf<{ p: unknown }>(database.db, sql`select ${JSON.stringify(wire)}::jsonb as p`);
      expected.push({ channel, json: JSON.stringify(stored!.p) });
    }
    start(broker, { pollMs: 20 });
    await waitFor(() => published.length === expected.length);
    expect(published).toEqual(expected);
  });
});
