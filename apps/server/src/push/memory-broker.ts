import {
  type Broker,
  type BrokerOptions,
  type BrokerPublication,
  type HistoryOptions,
  type HistoryResult,
  type PublicationHandler,
  historyLimits,
  randomEpoch,
  toJson,
} from './broker.ts';

type Ring = {
  epoch: string;
  top: number;
  /** Contiguous offsets, oldest first; stored as JSON so later mutation by the publisher cannot rewrite history. */
  items: { offset: number; json: string }[];
  /** Like a Redis stream's EXPIRE: the whole window goes when no publish came for historyTtlMs. */
  itemsExpireAt: number;
  metaExpireAt: number;
};

/** Single-node broker: per-channel history ring with a random epoch, size and TTL eviction. */
export function createMemoryBroker(opts: BrokerOptions = {}): Broker {
  const { historySize, historyTtlMs, metaTtlMs } = historyLimits(opts);
  const rings = new Map<string, Ring>();
  const handlers = new Map<string, Set<PublicationHandler>>();
  let closed = false;

  function ringFor(channel: string, now: number): Ring {
    let ring = rings.get(channel);
    if (ring && ring.metaExpireAt <= now && !handlers.has(channel)) {
      rings.delete(channel);
      ring = undefined;
    }
    if (!ring) {
      ring = { epoch: randomEpoch(), top: 0, items: [], itemsExpireAt: 0, metaExpireAt: now + metaTtlMs };
      rings.set(channel, ring);
    }
    if (ring.itemsExpireAt <= now) ring.items = [];
    return ring;
  }

  // Timers only reclaim memory; reads already ignore expired data, so a coarse period is fine.
  const sweep = setInterval(() => sweepRings(rings, handlers), Math.min(historyTtlMs, 60_000));
  sweep.unref();

  function assertOpen(): void {
    if (closed) throw new Error('broker closed');
  }

  return {
    async publish(channel, data) {
      assertOpen();
      const json = toJson(data);
      const now = Date.now();
      const ring = ringFor(channel, now);
      ring.top += 1;
      ring.metaExpireAt = now + metaTtlMs;
      if (historySize > 0) {
        ring.items.push({ offset: ring.top, json });
        if (ring.items.length > historySize) ring.items.splice(0, ring.items.length - historySize);
        ring.itemsExpireAt = now + historyTtlMs;
      }
      const pub = { data: JSON.parse(json) as unknown, offset: ring.top, epoch: ring.epoch };
      fanOut(handlers.get(channel), pub);
      return { offset: pub.offset, epoch: pub.epoch };
    },

    async history(channel, { since, limit }: HistoryOptions): Promise<HistoryResult> {
      assertOpen();
      const now = Date.now();
      const ring = ringFor(channel, now);
      // A reader (a subscriber) keeps the epoch alive, as the Redis history script does.
      ring.metaExpireAt = now + metaTtlMs;
      return readRing(ring, since, limit);
    },

    async subscribe(channel, handler) {
      assertOpen();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(channel);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) handlers.delete(channel);
      };
    },

    async close() {
      closed = true;
      clearInterval(sweep);
      handlers.clear();
      rings.clear();
    },
  };
}

/** Drops expired history, and the epoch of a channel nobody listens to once it has expired. */
function sweepRings(rings: Map<string, Ring>, handlers: Map<string, Set<PublicationHandler>>): void {
  const now = Date.now();
  for (const [channel, ring] of rings) {
    if (ring.itemsExpireAt <= now) ring.items = [];
    // A channel someone listens to keeps its epoch, else live clients would see a needless epoch change.
    if (ring.metaExpireAt <= now && !handlers.has(channel)) rings.delete(channel);
  }
}

/** Hands a publication to the channel's handlers on this node. */
function fanOut(set: Set<PublicationHandler> | undefined, pub: BrokerPublication): void {
  if (set) {
    for (const handler of [...set]) {
      try {
        handler(pub);
      } catch {
        // One faulty listener must not stop the fan-out or fail the publisher.
      }
    }
  }
}

/** A ring's history as the broker answers it: the latest `limit`, or everything after `since` if none is missing. */
function readRing(ring: Ring, since: HistoryOptions['since'], limit: HistoryOptions['limit']): HistoryResult {
  const top = { offset: ring.top, epoch: ring.epoch };
  const notRecovered: HistoryResult = { publications: [], ...top, recovered: false };
  if (!since) {
    const n = Math.min(Math.max(0, limit ?? 0), ring.items.length);
    const latest = n > 0 ? ring.items.slice(ring.items.length - n) : [];
    return { ...notRecovered, publications: latest.map(decode) };
  }
  if (since.epoch !== ring.epoch || since.offset > ring.top || since.offset < 0) return notRecovered;
  const missing = ring.top - since.offset;
  if (missing === 0) return { ...notRecovered, recovered: true };
  if (limit !== undefined && missing > limit) return notRecovered;
  const first = ring.items[0]?.offset;
  if (first === undefined || first > since.offset + 1) return notRecovered;
  const publications = ring.items.slice(since.offset + 1 - first).map(decode);
  return { publications, ...top, recovered: true };
}

function decode(item: { offset: number; json: string }): { data: unknown; offset: number } {
  return { data: JSON.parse(item.json) as unknown, offset: item.offset };
}
