import { randomUUID } from 'node:crypto';
import type { PublicationContext, SubscribedContext } from 'centrifuge';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Channel } from '@casino/contracts';
import type { Broker } from '../broker.ts';
import { createMemoryBroker } from '../memory-broker.ts';
import { createRedisBroker } from '../redis-broker.ts';
import { deleteKeys, disconnectClients, newClient, nextEvent, signToken, startHub } from './helpers.ts';

const redisUrl = process.env['REDIS_URL'] ?? '';

/**
 * The hub process restarts (a deploy, a crash) while a player's page stays open. Its client
 * reconnects to the new process by itself; what it missed meanwhile either comes back with the
 * subscription (Redis keeps the history) or the subscription says it was not recovered, and the page
 * then reads the state again (the web app's channel handlers do that on `recovered: false`).
 */
async function restartScenario(makeBroker: () => Broker, publishWhileDown: Broker | null) {
  const first = await startHub({ broker: makeBroker() });
  const userId = `restart-${randomUUID()}`;
  const channel = Channel.walletAccounts(userId);
  const client = newClient(first.url, { token: await signToken(userId, 600), minReconnectDelay: 300 });
  const sub = client.newSubscription(channel);
  const pubs: PublicationContext[] = [];
  sub.on('publication', (ctx) => pubs.push(ctx));
  const ready = nextEvent<SubscribedContext>(sub, 'subscribed');
  sub.subscribe();
  client.connect();
  await ready;
  await first.broker.publish(channel, { n: 1 });
  await expect.poll(() => pubs.length).toBe(1);

  // The process goes away: its clients are told to come back later (3001) and try to reconnect.
  const away = nextEvent<{ code: number }>(client, 'connecting', (ctx) => ctx.code === 3001);
  await first.app.close();
  await first.broker.close();
  await away;
  // Another node goes on publishing meanwhile.
  await publishWhileDown?.publish(channel, { n: 2 });
  await publishWhileDown?.publish(channel, { n: 3 });

  const resubscribed = nextEvent<SubscribedContext>(sub, 'subscribed', () => true, 10_000);
  const second = await startHub({ broker: makeBroker() }, first.port);
  try {
    return { ctx: await resubscribed, pubs, second };
  } finally {
    client.disconnect();
    await second.app.close();
    await second.broker.close();
  }
}

describe('a hub restart', () => {
  afterEach(() => disconnectClients());

  it('embedded (memory broker): the client reconnects and is told it missed what the old process held', async () => {
    const { ctx, pubs } = await restartScenario(() => createMemoryBroker(), null);
    // A new process has a new stream epoch: no silent gap — "not recovered", so the page refetches.
    expect(ctx).toMatchObject({ wasRecovering: true, recovered: false });
    expect(pubs.map((p) => p.data)).toEqual([{ n: 1 }]);
  });

  describe.runIf(redisUrl)('on Redis', () => {
    const prefix = `test:push-restart:${randomUUID()}:`;
    const other = redisUrl ? createRedisBroker(redisUrl, { prefix }) : null;
    afterAll(async () => {
      await other?.close();
      await deleteKeys(redisUrl, prefix);
    });

    it('the client reconnects to the new process and gets what was published while it was down', async () => {
      const { ctx, pubs } = await restartScenario(() => createRedisBroker(redisUrl, { prefix }), other);
      expect(ctx).toMatchObject({ wasRecovering: true, recovered: true });
      await expect.poll(() => pubs.map((p) => p.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(pubs.map((p) => p.offset)).toEqual([1, 2, 3]);
    });
  });
});
