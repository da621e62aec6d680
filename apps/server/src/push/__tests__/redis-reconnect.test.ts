import { randomUUID } from 'node:crypto';
import type { PublicationContext, SubscribedContext } from 'centrifuge';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Channel } from '@casino/contracts';
import { tcpProxy } from '../../test/tcp-proxy.ts';
import { createRedisBroker } from '../redis-broker.ts';
import { deleteKeys, disconnectClients, newClient, nextEvent, signToken, startHub } from './helpers.ts';

const redisUrl = process.env['REDIS_URL'] ?? '';

/**
 * A hub node loses Redis for a moment while another node goes on publishing (its subscriber away,
 * PUB/SUB keeps nothing for it). Its players must still get every publication made meanwhile — from
 * the channel's stream, once the node is back — whether Redis kept its data or restarted empty.
 */
describe.runIf(redisUrl)('a hub node that loses Redis for a moment', () => {
  const prefix = `test:push-reconnect:${randomUUID()}:`;
  const other = redisUrl ? createRedisBroker(redisUrl, { prefix }) : null;
  afterEach(() => disconnectClients());
  afterAll(async () => {
    await other?.close();
    await deleteKeys(redisUrl, prefix);
  });

  async function scenario(whileAway: (channel: string) => Promise<void>) {
    const target = new URL(redisUrl);
    const hop = await tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const broker = createRedisBroker(hop.url(redisUrl), { prefix });
    const hub = await startHub({ broker });
    const userId = `reconnect-${randomUUID()}`;
    const channel = Channel.walletAccounts(userId);
    const client = newClient(hub.url, { token: await signToken(userId, 600) });
    const sub = client.newSubscription(channel);
    const pubs: PublicationContext[] = [];
    const subscribed: SubscribedContext[] = [];
    sub.on('publication', (ctx) => pubs.push(ctx));
    sub.on('subscribed', (ctx) => subscribed.push(ctx));
    const ready = nextEvent<SubscribedContext>(sub, 'subscribed');
    sub.subscribe();
    client.connect();
    await ready;
    await other!.publish(channel, { n: 1 });
    await expect.poll(() => pubs.length).toBe(1);

    await hop.cut();
    await whileAway(channel);
    await other!.publish(channel, { n: 2 });
    await other!.publish(channel, { n: 3 });
    await hop.restore();
    return {
      pubs,
      subscribed,
      async close() {
        await hub.close();
        await broker.close();
        await hop.close();
      },
    };
  }

  it('Redis kept its data: what was published while the node was away reaches the player, in order', async () => {
    const { pubs, close } = await scenario(async () => {});
    try {
      // Nothing is published after the return: only the node's reading of the stream can bring these.
      await expect.poll(() => pubs.map((p) => p.data), { timeout: 10_000 }).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(pubs.map((p) => p.offset)).toEqual([1, 2, 3]);
    } finally {
      await close();
    }
  }, 30_000);

  it('Redis restarted empty: the player is told the old history is gone, and gets everything published since', async () => {
    const { pubs, subscribed, close } = await scenario((channel) => deleteKeys(redisUrl, `${prefix}{${channel}}`));
    try {
      await expect.poll(() => pubs.map((p) => p.data), { timeout: 10_000 }).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(subscribed.at(-1)).toMatchObject({ wasRecovering: true, recovered: false });
    } finally {
      await close();
    }
  }, 30_000);
});
