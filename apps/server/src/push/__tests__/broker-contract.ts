import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Broker, BrokerOptions, BrokerPublication } from '../broker.ts';

/** The behaviour the hub relies on, checked the same way for every broker. */
export function describeBrokerContract(name: string, create: (opts: BrokerOptions) => Broker): void {
  describe(`${name} broker contract`, () => {
    const open: Broker[] = [];
    const make = (opts: BrokerOptions = {}): Broker => {
      const broker = create(opts);
      open.push(broker);
      return broker;
    };
    const channel = (): string => `wallet:accounts#${randomUUID()}`;
    afterEach(async () => {
      await Promise.all(open.splice(0).map((b) => b.close()));
    });

    it('numbers publications 1, 2, 3 in one epoch and reports the top', async () => {
      const broker = make();
      const ch = channel();
      const a = await broker.publish(ch, { n: 1 });
      const b = await broker.publish(ch, { n: 2 });
      const c = await broker.publish(ch, { n: 3 });
      expect([a.offset, b.offset, c.offset]).toEqual([1, 2, 3]);
      expect(new Set([a.epoch, b.epoch, c.epoch]).size).toBe(1);
      expect(await broker.history(ch, {})).toEqual({ publications: [], offset: 3, epoch: a.epoch, recovered: false });
      const latest = await broker.history(ch, { limit: 2 });
      expect(latest.publications).toEqual([
        { data: { n: 2 }, offset: 2 },
        { data: { n: 3 }, offset: 3 },
      ]);
    });

    it('recovers everything after a position, oldest first, or nothing at all', async () => {
      const broker = make({ historySize: 3 });
      const ch = channel();
      let epoch = '';
      for (let n = 1; n <= 5; n++) epoch = (await broker.publish(ch, { n })).epoch;

      const ok = await broker.history(ch, { since: { offset: 2, epoch } });
      expect(ok.recovered).toBe(true);
      expect(ok.publications.map((p) => p.offset)).toEqual([3, 4, 5]);
      expect(ok.publications[0]?.data).toEqual({ n: 3 });

      const atTop = await broker.history(ch, { since: { offset: 5, epoch } });
      expect(atTop).toMatchObject({ recovered: true, publications: [], offset: 5 });

      // Offset 2 was evicted by size: a partial replay would hide the gap.
      expect(await broker.history(ch, { since: { offset: 1, epoch } })).toMatchObject({
        recovered: false,
        publications: [],
      });
      expect(await broker.history(ch, { since: { offset: 2, epoch: 'other' } })).toMatchObject({
        recovered: false,
        publications: [],
        epoch,
      });
      expect(await broker.history(ch, { since: { offset: 9, epoch } })).toMatchObject({ recovered: false });
      expect(await broker.history(ch, { since: { offset: 2, epoch }, limit: 2 })).toMatchObject({
        recovered: false,
        publications: [],
      });
    });

    it('keeps the epoch created by a read, so a subscriber at offset 0 can recover the first publication', async () => {
      const broker = make();
      const ch = channel();
      const before = await broker.history(ch, {});
      expect(before.offset).toBe(0);
      const pub = await broker.publish(ch, 'first');
      expect(pub.epoch).toBe(before.epoch);
      const after = await broker.history(ch, { since: { offset: 0, epoch: before.epoch } });
      expect(after).toEqual({
        publications: [{ data: 'first', offset: 1 }],
        offset: 1,
        epoch: before.epoch,
        recovered: true,
      });
    });

    it('expires the history window after historyTtlMs but keeps epoch and top', async () => {
      const broker = make({ historyTtlMs: 80 });
      const ch = channel();
      const { epoch } = await broker.publish(ch, 1);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const res = await broker.history(ch, { since: { offset: 0, epoch } });
      expect(res).toMatchObject({ recovered: false, offset: 1, epoch });
      const next = await broker.publish(ch, 2);
      expect(next).toEqual({ offset: 2, epoch });
      expect((await broker.history(ch, { since: { offset: 1, epoch } })).publications).toEqual([
        { data: 2, offset: 2 },
      ]);
    });

    it('delivers publications to node-level subscribers in order until they unsubscribe', async () => {
      const broker = make();
      const ch = channel();
      const seen: BrokerPublication[] = [];
      let wake: () => void = () => {};
      const unsubscribe = await broker.subscribe(ch, (pub) => {
        seen.push(pub);
        wake();
      });
      const third = new Promise<void>((resolve) => {
        wake = () => seen.length >= 3 && resolve();
      });
      const { epoch } = await broker.publish(ch, { n: 1 });
      await broker.publish(ch, { n: 2 });
      await broker.publish(ch, { n: 3 });
      await third;
      expect(seen).toEqual([1, 2, 3].map((n) => ({ data: { n }, offset: n, epoch })));
      await unsubscribe();
      await broker.publish(ch, { n: 4 });
      // A round trip through the broker after the publish: anything still in flight would have arrived.
      await broker.history(ch, {});
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(seen).toHaveLength(3);
    });

    it('stores a copy of the data and refuses what JSON cannot carry', async () => {
      const broker = make();
      const ch = channel();
      const data = { balance: '1.00' };
      const { epoch } = await broker.publish(ch, data);
      data.balance = '999.00';
      expect((await broker.history(ch, { since: { offset: 0, epoch } })).publications[0]?.data).toEqual({
        balance: '1.00',
      });
      await expect(broker.publish(ch, undefined)).rejects.toThrow(TypeError);
      await expect(broker.publish(ch, { n: 1n })).rejects.toThrow(TypeError);
    });
  });
}
