import { randomUUID } from 'node:crypto';
import type { PublicationContext } from 'centrifuge';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Channel } from '@casino/contracts';
import { createRedisBroker } from '../redis-broker.ts';
import { deleteKeys, disconnectClients, newClient, nextEvent, signToken, startHub } from './helpers.ts';
import { describeDelivery } from './delivery-suite.ts';

const redisUrl = process.env['REDIS_URL'] ?? '';

describe.runIf(redisUrl)('push hub on Redis', () => {
  const prefix = `test:push:${randomUUID()}:`;
  afterEach(() => disconnectClients());
  afterAll(async () => {
    await deleteKeys(redisUrl, prefix);
  });

  describeDelivery('redis', (opts) => createRedisBroker(redisUrl, { ...opts, prefix }));

  it('carries a publish on node A to a client connected to node B', async () => {
    const brokerA = createRedisBroker(redisUrl, { prefix });
    const brokerB = createRedisBroker(redisUrl, { prefix });
    const nodeA = await startHub({ broker: brokerA });
    const nodeB = await startHub({ broker: brokerB });
    try {
      const id = `cross-${randomUUID()}`;
      const client = newClient(nodeB.url, { token: await signToken(id, 600) });
      const sub = client.newSubscription(Channel.walletAccounts(id));
      const subscribed = nextEvent(sub, 'subscribed');
      sub.subscribe();
      client.connect();
      await subscribed;

      const received = nextEvent<PublicationContext>(sub, 'publication');
      const { offset } = await nodeA.broker.publish(Channel.walletAccounts(id), { balance: '7.00' });
      const pub = await received;
      expect(pub.data).toEqual({ balance: '7.00' });
      expect(pub.offset).toBe(offset);
    } finally {
      await nodeA.close();
      await nodeB.close();
      await brokerA.close();
      await brokerB.close();
    }
  });
});
