import type { PublicationContext, SubscribedContext } from 'centrifuge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Channel } from '@casino/contracts';
import type { Broker, BrokerOptions } from '../broker.ts';
import { type TestHub, disconnectClients, newClient, nextEvent, signToken, startHub } from './helpers.ts';

type StateCtx = { code: number; reason: string };

/** Drops chosen live publications on their way to the hub, as a lost PUB/SUB message would. */
function lossy(inner: Broker): { broker: Broker; dropNext(): void } {
  let toDrop = 0;
  return {
    dropNext: () => {
      toDrop += 1;
    },
    broker: {
      publish: (channel, data) => inner.publish(channel, data),
      history: (channel, opts) => inner.history(channel, opts),
      subscribe: (channel, handler) =>
        inner.subscribe(channel, (pub) => {
          if (toDrop > 0) {
            toDrop -= 1;
            return;
          }
          handler(pub);
        }),
      close: () => inner.close(),
    },
  };
}

/** Publication delivery and recovery through the real client, for any broker. */
export function describeDelivery(name: string, makeBroker: (opts?: BrokerOptions) => Broker): void {
  describe(`delivery and recovery (${name} broker)`, () => {
    let t: TestHub;
    let inner: Broker;
    let loss: ReturnType<typeof lossy>;
    let user = 0;
    const nextUser = (): string => `${name}-user-${++user}-${Date.now()}`;

    beforeAll(async () => {
      inner = makeBroker();
      loss = lossy(inner);
      t = await startHub({ broker: loss.broker });
    });
    afterEach(() => disconnectClients());
    afterAll(async () => {
      await t.close();
      await inner.close();
    });

    async function subscribed(userId: string, options: { minReconnectDelay?: number } = {}) {
      const client = newClient(t.url, { token: await signToken(userId, 600), ...options });
      const sub = client.newSubscription(Channel.walletAccounts(userId));
      const pubs: PublicationContext[] = [];
      sub.on('publication', (ctx) => pubs.push(ctx));
      const ready = nextEvent<SubscribedContext>(sub, 'subscribed');
      sub.subscribe();
      client.connect();
      await ready;
      return { client, sub, pubs };
    }

    const waitForPubs = async (pubs: PublicationContext[], count: number): Promise<void> => {
      const deadline = Date.now() + 3000;
      while (pubs.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} publications, got ${pubs.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };

    it('delivers a broker publication to the subscribed client', async () => {
      const id = nextUser();
      const { pubs } = await subscribed(id);
      await t.broker.publish(Channel.walletAccounts(id), { balance: '5.00' });
      await waitForPubs(pubs, 1);
      expect(pubs[0]?.data).toEqual({ balance: '5.00' });
    });

    it('recovers what was published while the client was disconnected', async () => {
      const id = nextUser();
      const ch = Channel.walletAccounts(id);
      const { client, sub, pubs } = await subscribed(id);
      await t.broker.publish(ch, { n: 1 });
      await waitForPubs(pubs, 1);

      const down = nextEvent(client, 'disconnected');
      client.disconnect();
      await down;
      await t.broker.publish(ch, { n: 2 });
      await t.broker.publish(ch, { n: 3 });

      const again = nextEvent<SubscribedContext>(sub, 'subscribed');
      client.connect();
      const ctx = await again;
      expect(ctx).toMatchObject({ wasRecovering: true, recovered: true, hasRecoveredPublications: true });
      await waitForPubs(pubs, 3);
      expect(pubs.map((p) => p.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(pubs.map((p) => p.offset)).toEqual([1, 2, 3]);
    });

    it('recovers after the server drops the connection', async () => {
      const id = nextUser();
      const ch = Channel.walletAccounts(id);
      // The backoff leaves time to publish before the client is back.
      const { client, sub, pubs } = await subscribed(id, { minReconnectDelay: 400 });
      await t.broker.publish(ch, { n: 1 });
      await waitForPubs(pubs, 1);

      const dropped = nextEvent<StateCtx>(client, 'connecting', (c) => c.code === 3011);
      t.hub.disconnectUser(id, 3011, 'force reconnect');
      await dropped;
      await t.broker.publish(ch, { n: 2 });
      await t.broker.publish(ch, { n: 3 });

      const ctx = await nextEvent<SubscribedContext>(sub, 'subscribed');
      expect(ctx).toMatchObject({ wasRecovering: true, recovered: true });
      await waitForPubs(pubs, 3);
      expect(pubs.map((p) => p.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    });

    it('detects a gap in live offsets and makes the client recover it (positioning)', async () => {
      const id = nextUser();
      const ch = Channel.walletAccounts(id);
      const { client, sub, pubs } = await subscribed(id);
      await t.broker.publish(ch, { n: 1 });
      await waitForPubs(pubs, 1);

      const resubscribing = nextEvent<StateCtx>(sub, 'subscribing', (c) => c.code === 2500);
      const recovered = nextEvent<SubscribedContext>(sub, 'subscribed');
      loss.dropNext();
      await t.broker.publish(ch, { n: 2 }); // lost on its way to this node
      await t.broker.publish(ch, { n: 3 });
      await resubscribing;
      expect(await recovered).toMatchObject({ wasRecovering: true, recovered: true });
      await waitForPubs(pubs, 3);
      expect(pubs.map((p) => p.offset)).toEqual([1, 2, 3]);
      expect(client.state).toBe('connected');
    });

    it('says recovered: false (and replays nothing) when the history window no longer covers the gap', async () => {
      const small = makeBroker({ historySize: 2 });
      const hub = await startHub({ broker: small });
      try {
        const id = nextUser();
        const ch = Channel.walletAccounts(id);
        const client = newClient(hub.url, { token: await signToken(id, 600) });
        const sub = client.newSubscription(ch);
        const pubs: PublicationContext[] = [];
        sub.on('publication', (ctx) => pubs.push(ctx));
        const first = nextEvent(sub, 'subscribed');
        sub.subscribe();
        client.connect();
        await first;
        const down = nextEvent(client, 'disconnected');
        client.disconnect();
        await down;
        for (let n = 1; n <= 3; n++) await small.publish(ch, { n });
        const again = nextEvent<SubscribedContext>(sub, 'subscribed');
        client.connect();
        const ctx = await again;
        expect(ctx).toMatchObject({ wasRecovering: true, recovered: false, hasRecoveredPublications: false });
        expect(ctx.streamPosition?.offset).toBe(3);
        expect(pubs).toEqual([]);
        await small.publish(ch, { n: 4 });
        await waitForPubs(pubs, 1);
        expect(pubs[0]?.offset).toBe(4);
      } finally {
        await hub.close();
        await small.close();
      }
    });
  });
}
