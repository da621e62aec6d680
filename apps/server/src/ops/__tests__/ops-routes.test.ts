import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { createPlayer } from '../../modules/wallet/__tests__/factories.ts';
import { listAccounts } from '../../modules/wallet/index.ts';
import { parkRow } from '../../outbox/parked.ts';
import { allCommands } from '../../module-list.ts';

let server: TestServer;
beforeAll(async () => {
  // Behind a trusted proxy request.ip follows X-Forwarded-For: the route must still not be fooled.
  server = await createTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.close();
});

const url = '/api/admin/commands/credit';

describe('POST /api/admin/commands/credit, as the local operator', () => {
  it('is refused without loopback and the secret (or a staff sign-in) before the body is read', async () => {
    const first = await server.app.inject({ method: 'POST', url, payload: {} });
    expect(first.statusCode).toBe(401);
    const body = { email: 'x@example.com', amount: 1, currency: 'EUR' };
    const attempts = [
      { payload: body },
      { payload: { junk: true } },
      { payload: body, headers: { 'x-ops-secret': 'wrong' } },
      { payload: body, headers: { 'x-ops-secret': `${server.ctx.opsSecret}x` } },
      { payload: body, headers: { 'x-ops-secret': server.ctx.opsSecret }, remoteAddress: '203.0.113.9' },
      {
        payload: body,
        headers: { 'x-ops-secret': server.ctx.opsSecret, 'x-forwarded-for': '127.0.0.1' },
        remoteAddress: '203.0.113.9',
      },
    ];
    for (const attempt of attempts) {
      const response = await server.app.inject({ method: 'POST', url, ...attempt });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(first.json());
    }
  });

  it('credits with the secret over loopback, once per reference', async () => {
    const player = await createPlayer(server.ctx.db);
    const headers = { 'x-ops-secret': server.ctx.opsSecret };
    const received: unknown[] = [];
    const unsubscribe = await server.ctx.broker.subscribe(`wallet:accounts#${player.id}`, (pub) =>
      received.push(pub.data),
    );

    const payload = { email: player.email, amount: '12.5', currency: 'EUR', reference: 'ticket-1' };
    const response = await server.app.inject({ method: 'POST', url, headers, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: {
        email: player.email,
        currency: 'EUR',
        amount: '12.50',
        balance: '12.50',
        replayed: false,
        account: { balance: 12.5, status: 1 },
      },
    });
    const again = await server.app.inject({ method: 'POST', url, headers, payload });
    expect(again.json()).toMatchObject({ data: { replayed: true, balance: '12.50' } });
    expect((await listAccounts(server.ctx.db, player.id))[0]!.balance).toBe(12.5);

    await expect.poll(() => received.length).toBe(1);
    await unsubscribe();
  });

  it('answers bad input with 422 once past the guard', async () => {
    const headers = { 'x-ops-secret': server.ctx.opsSecret };
    const noPlayer = await server.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { email: 'none@example.com', amount: 1, currency: 'EUR' },
    });
    expect(noPlayer.statusCode).toBe(404);
    expect(noPlayer.json()).toMatchObject({ error: { message: 'No player with the e-mail none@example.com' } });
    const player = await createPlayer(server.ctx.db);
    const decimals = await server.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { email: player.email, amount: '1.001', currency: 'EUR' },
    });
    expect(decimals.statusCode).toBe(422);
    expect(decimals.json()).toMatchObject({ error: { fields: { amount: [expect.stringContaining('2 decimals')] } } });
  });
});

describe('the other ops routes', () => {
  it('every command’s route hides behind the same guard, and refuses a junk body past it', async () => {
    const routes = [...new Set(allCommands().map((command) => command.route))];
    expect(routes).toEqual(expect.arrayContaining(['credit', 'events', 'bonus', 'invoices', 'sportsbook-provider']));
    for (const route of routes) {
      const outside = await server.app.inject({
        method: 'POST',
        url: `/api/admin/commands/${route}`,
        payload: { action: 'list' },
        remoteAddress: '203.0.113.9',
        headers: { 'x-ops-secret': server.ctx.opsSecret },
      });
      expect(outside.statusCode, route).toBe(401);
      const junk = await server.app.inject({
        method: 'POST',
        url: `/api/admin/commands/${route}`,
        payload: { action: 'drop table', name: 'x\u0000'.repeat(10_000) },
        headers: { 'x-ops-secret': server.ctx.opsSecret },
      });
      expect(junk.statusCode, route).toBe(422);
    }
    const lanes = await server.app.inject({
      method: 'POST',
      url: '/api/admin/commands/events',
      payload: { action: 'list' },
      headers: { 'x-ops-secret': server.ctx.opsSecret },
    });
    expect(lanes.statusCode).toBe(200);
    expect(lanes.json().data.lanes.map((l: { consumer: string }) => l.consumer)).toEqual(
      expect.arrayContaining(['push', 'notifications', 'messages']),
    );
  });

  it('events: a parked row is shown whole, retried or skipped; an unknown or hostile id is refused', async () => {
    const events = (payload: unknown) =>
      server.app.inject({
        method: 'POST',
        url: '/api/admin/commands/events',
        payload: payload as object,
        headers: { 'x-ops-secret': server.ctx.opsSecret },
      });
    const player = await createPlayer(server.ctx.db);
    // Two rows the quests lane gave up on: one to retry (the lane then delivers it), one to skip.
    for (const id of [987_654_321, 987_654_322])
      await parkRow(
        server.ctx.db,
        'quests',
        {
          id,
          tx: '1',
          v: 1,
          event: 'player.profile.updated',
          payload: { playerId: player.id, fields: [] },
          createdAt: new Date(),
        },
        5,
        new TypeError("Cannot read properties of undefined (reading 'tasks')"),
      );
    const listed = await events({ action: 'list' });
    const byOutboxId = (id: number) =>
      listed.json().data.parked.find((row: { outboxId: number }) => row.outboxId === id);
    const parked = byOutboxId(987_654_321);
    expect(parked).toMatchObject({ consumer: 'quests', state: 'parked', failures: 5 });
    expect(parked.payload).toBeUndefined();
    const shown = await events({ action: 'show', id: parked.id });
    expect(shown.json().data.parked[0].payload).toEqual({ playerId: player.id, fields: [] });

    const retried = await events({ action: 'retry', id: parked.id });
    expect(retried.json().data).toMatchObject({
      parked: [{ state: 'retry' }],
      message: expect.stringContaining('quests lane again'),
    });
    const skipped = await events({ action: 'skip', id: byOutboxId(987_654_322).id });
    expect(skipped.json().data.parked[0].state).toBe('skipped');
    // The retried row goes once the lane has delivered it, whenever its next round comes.
    await expect
      .poll(async () => (await events({ action: 'show', id: parked.id })).json().data.parked[0].state)
      .toBe('delivered');
    expect((await events({ action: 'list' })).json().data.parked).toEqual([]);

    const unknown = await events({ action: 'retry', id: parked.id + 1_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/No parked event/);
    for (const id of [-1, 0, 1.5, '1', 2 ** 60, '1; delete from outbox_parked'])
      expect((await events({ action: 'skip', id })).statusCode).toBe(422);
    expect((await events({ action: 'show' })).statusCode).toBe(422);
  });
});
