import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { LimitDefinition, messengerListSchema } from '@casino/contracts';
import { rowsOf } from '../../db/rows.ts';
import { lockPlayerLimits } from '../../modules/limits/changes.ts';
import { limitChanges, playerLimits, type PlayerLimitRow } from '../../modules/limits/tables.ts';
import { bearer, expectErrorEnvelope, register } from '../../modules/player/__tests__/helpers.ts';
import { createTestServer, opsCall, type TestServer } from '../../test/server.ts';
import { sleep, waitFor } from '../../test/wait.ts';

/**
 * An operator's limit or exclusion is a change of the player's limits like the player's own: taken
 * under the player's limits lock, validated by the same rule, and told to the player by the same
 * `limits.changed` event (delivered at once: the dispatcher is woken at commit).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ops = (path: string, payload: Record<string, unknown>) => opsCall(server, path, payload);
const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const newPlayer = async () => {
  const { auth, body } = await register(server.app, { locale: 'en' });
  return { id: auth.profile.id, token: auth.accessToken, email: body.email as string };
};
const limitEvents = (playerId: string) =>
  rowsOf<{ payload: Record<string, unknown> }>(
    server.ctx.db,
    sql`select payload from outbox where event = 'limits.changed' and payload->>'playerId' = ${playerId} order by id`,
  );
const inEffect = (playerId: string, type: PlayerLimitRow['type']) =>
  server.ctx.db
    .select()
    .from(playerLimits)
    .where(
      and(
        eq(playerLimits.playerId, playerId),
        eq(playerLimits.type, type),
        or(isNull(playerLimits.expiresAt), gt(playerLimits.expiresAt, new Date())),
      ),
    );

describe("the operator's limit", () => {
  it('writes the limits event the player hears of, and wakes the dispatcher at commit', async () => {
    const player = await newPlayer();
    const wake = vi.spyOn(server.ctx, 'notifyOutbox');
    try {
      const set = await ops('limit', {
        email: player.email,
        type: 'bet',
        amount: '25',
        currency: 'EUR',
        period: 'daily',
      });
      expect(set.statusCode).toBe(200);
      expect(wake).toHaveBeenCalled();
    } finally {
      wake.mockRestore();
    }
    expect((await limitEvents(player.id)).map((r) => r.payload)).toEqual([
      expect.objectContaining({
        playerId: player.id,
        kind: 'added',
        definition: LimitDefinition.bet,
        period: 'daily',
        currency: 'EUR',
        amount: '25.00',
      }),
    ]);
    // Raised by the operator: it applies at once all the same, and the player is told it changed.
    await ops('limit', { email: player.email, type: 'bet', amount: '40', currency: 'EUR', period: 'daily' });
    expect((await limitEvents(player.id)).at(-1)?.payload).toMatchObject({ kind: 'applied', amount: '40.00' });
    expect((await inEffect(player.id, LimitDefinition.bet)).map((l) => l.amountMinor)).toEqual([4_000n]);
    await waitFor(async () => {
      const list = messengerListSchema.parse(
        (await call(player.token, 'GET', '/api/notification/messenger/messages?perPage=50')).json(),
      );
      return (
        list.data.some((m) => m.content.title === 'Limit set') &&
        list.data.some((m) => m.content.title === 'Limit changed')
      );
    });
  });

  it("is validated as the player's own limit", async () => {
    const player = await newPlayer();
    const zero = await ops('limit', {
      email: player.email,
      type: 'loss',
      amount: '0',
      currency: 'EUR',
      period: 'weekly',
    });
    expect(expectErrorEnvelope(zero, 422).fields?.amount).toEqual(['The limit must be more than zero']);
    expect(await limitEvents(player.id)).toEqual([]);
  });

  it("waits for a change of the player's limits in flight (the player's lock), then applies", async () => {
    const player = await newPlayer();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // What a player's change holds while it runs (on the embedded database every query waits anyway).
    const change = server.ctx.db.transaction(async (tx) => {
      await lockPlayerLimits(tx, player.id);
      locked();
      await held;
    });
    await holding;
    let answered = false;
    const set = ops('limit', { email: player.email, type: 'bet', amount: '30', currency: 'EUR', period: 'daily' }).then(
      (res) => {
        answered = true;
        return res;
      },
    );
    await sleep(300);
    expect(answered).toBe(false);
    release();
    await change;
    expect((await set).statusCode).toBe(200);
    expect((await inEffect(player.id, LimitDefinition.bet)).map((l) => l.amountMinor)).toEqual([3_000n]);
  });

  it("is serialised with the player's own change: one limit of a kind in effect, whatever the order", async () => {
    const players = await Promise.all(Array.from({ length: 8 }, newPlayer));
    await Promise.all(
      players.flatMap((player) => [
        call(player.token, 'POST', '/api/player/limits', {
          definition: LimitDefinition.bet,
          period: 'daily',
          currency: 'EUR',
          amount: 10,
        }),
        ops('limit', { email: player.email, type: 'bet', amount: '50', currency: 'EUR', period: 'daily' }),
      ]),
    );
    for (const player of players) {
      expect(await inEffect(player.id, LimitDefinition.bet)).toHaveLength(1);
      // Each change that happened was announced.
      expect((await limitEvents(player.id)).length).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("the operator's exclusion", () => {
  it('drops a raise the player is waiting for and announces the exclusion, as the player’s own does', async () => {
    const player = await newPlayer();
    const added = await call(player.token, 'POST', '/api/player/limits', {
      definition: LimitDefinition.bet,
      period: 'daily',
      currency: 'EUR',
      amount: 10,
    });
    const raise = await call(player.token, 'PUT', `/api/player/limits/${added.json().data.id as string}`, {
      period: 'daily',
      amount: 100,
    });
    expect(raise.statusCode).toBe(200);

    const wake = vi.spyOn(server.ctx, 'notifyOutbox');
    try {
      expect((await ops('exclude', { email: player.email, type: 'cooling-off', days: 7 })).statusCode).toBe(200);
      expect(wake).toHaveBeenCalled();
    } finally {
      wake.mockRestore();
    }
    const waiting = await server.ctx.db
      .select()
      .from(limitChanges)
      .where(and(eq(limitChanges.playerId, player.id), isNull(limitChanges.cancelledAt)));
    expect(waiting).toEqual([]);
    expect((await limitEvents(player.id)).at(-1)?.payload).toMatchObject({
      kind: 'excluded',
      definition: LimitDefinition.coolingOff,
      until: expect.any(String),
    });
  });
});
