import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broker } from '../broker.ts';
import { createMemoryBroker } from '../memory-broker.ts';
import { type TestHub, rawConnect, startHub } from './helpers.ts';

/** Holds every history read until released, once `before` or `after` the real read. */
function gatedBroker(inner: Broker) {
  let mode: 'before' | 'after' | 'open' = 'open';
  let release: () => void = () => {};
  let reading: () => void = () => {};
  const readStarted = (): Promise<void> => new Promise((resolve) => (reading = resolve));
  const broker: Broker = {
    publish: (c, d) => inner.publish(c, d),
    subscribe: (c, h) => inner.subscribe(c, h),
    close: () => inner.close(),
    async history(channel, opts) {
      const gate = new Promise<void>((resolve) => (release = resolve));
      const current = mode;
      if (current === 'before') {
        reading();
        await gate;
      }
      const result = await inner.history(channel, opts);
      if (current === 'after') {
        reading();
        await gate;
      }
      return result;
    },
  };
  return {
    broker,
    hold(next: 'before' | 'after') {
      mode = next;
      return readStarted();
    },
    release: () => {
      mode = 'open';
      release();
    },
  };
}

type Pub = { data: unknown; offset: number };

/** The subscribe reply's stream top, and the publications pushed after it. */
function split(lines: Record<string, unknown>[]): { top: number; pushes: Pub[] } {
  const reply = lines[0]?.['subscribe'] as { offset: number } | undefined;
  if (!reply) throw new Error('first line is not the subscribe reply');
  return { top: reply.offset, pushes: lines.slice(1).map((l) => (l['push'] as { pub: Pub }).pub) };
}

describe('publications racing a subscribe', () => {
  const gated = gatedBroker(createMemoryBroker());
  let t: TestHub;
  beforeAll(async () => {
    t = await startHub({ broker: gated.broker });
  });
  afterAll(async () => {
    await t.close();
    await gated.broker.close();
  });

  async function subscribeWhile(channel: string, when: 'before' | 'after', during: () => Promise<unknown>) {
    const conn = await rawConnect(t.url);
    conn.send({ id: 1, connect: {} });
    await conn.line((l) => l['id'] === 1);
    const reading = gated.hold(when);
    conn.send({ id: 2, subscribe: { channel } });
    await reading;
    await during();
    gated.release();
    await conn.line((l) => l['id'] === 2);
    await t.broker.publish(channel, 'after');
    await conn.line((l) => JSON.stringify(l).includes('"after"'));
    conn.ws.close();
    return conn.lines.slice(1) as Record<string, unknown>[];
  }

  it('holds a publication that lands after the top was read until the reply is out, then sends it', async () => {
    const lines = await subscribeWhile('tournaments', 'after', () => t.broker.publish('tournaments', 'racing'));
    expect(lines[0]).toMatchObject({ id: 2, subscribe: { recoverable: true } });
    const { top, pushes } = split(lines);
    expect(pushes).toEqual([
      { data: 'racing', offset: top + 1 },
      { data: 'after', offset: top + 2 },
    ]);
  });

  it('drops a buffered publication the reply already covers (no duplicate)', async () => {
    const lines = await subscribeWhile('global:online', 'before', () => t.broker.publish('global:online', 'early'));
    const { top, pushes } = split(lines);
    expect(pushes).toEqual([{ data: 'after', offset: top + 1 }]);
  });
});
