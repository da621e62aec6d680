import type { FastifyBaseLogger } from 'fastify';
import type { Broker } from '../push/index.ts';

/**
 * A node's memory of reads that are asked for far more often than they change, kept exact by its
 * owner calling `forget` on every change (and bounded in age, as a safety net). `get` shares one
 * read among concurrent callers.
 */
export type ReadCache<V> = {
  get(key: string, read: () => Promise<V>): Promise<V>;
  forget(key: string): void;
};

/**
 * Drops the entries older than `maxAgeMs` from the front of `entries`, a map written in time order (a
 * key written again is deleted first, so the oldest entry is always the first): a cache keyed by
 * sessions or players then holds what is fresh, not everything since it last filled up.
 */
export function dropStale<K>(entries: Map<K, { at: number }>, maxAgeMs: number, now = Date.now()): void {
  for (const [key, entry] of entries) {
    if (now - entry.at < maxAgeMs) return;
    entries.delete(key);
  }
}

export function createReadCache<V>(options: {
  maxAgeMs: number;
  maxEntries?: number;
}): ReadCache<V> & { size(): number } {
  const maxEntries = options.maxEntries ?? 100_000;
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    size: () => entries.size,
    get(key, read) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < options.maxAgeMs) return hit.value;
      const value = read();
      entries.delete(key);
      dropStale(entries, options.maxAgeMs, now);
      if (entries.size >= maxEntries) entries.clear();
      const entry = { at: now, value };
      entries.set(key, entry);
      // A failed read is not remembered; neither is one that a change overtook.
      value.catch(() => entries.get(key) === entry && entries.delete(key));
      return value;
    },
    forget: (key) => void entries.delete(key),
  };
}

/** A cache that remembers nothing: where reads are cheap for this process, or changes could come from elsewhere. */
export function noReadCache<V>(): ReadCache<V> {
  return { get: (_key, read) => read(), forget: () => {} };
}

/**
 * A ReadCache that every node keeps exact: `forget` drops the key here at once and, through the push
 * broker (memory on one node, Redis on many), on every other node a moment later. The age bound only
 * covers a forget lost while Redis was unreachable.
 */
export function createSharedReadCache<V>(
  broker: Broker,
  name: string,
  options: { maxAgeMs: number; maxEntries?: number; log: FastifyBaseLogger },
): ReadCache<V> {
  const local = createReadCache<V>(options);
  // No client may subscribe to this namespace (see channel-policy): it is the nodes' own.
  const channel = `node:forget-${name}`;
  broker
    .subscribe(channel, (publication) => local.forget(String(publication.data)))
    .catch((err: unknown) => options.log.error({ err, cache: name }, 'cache invalidation channel'));
  return {
    get: local.get,
    forget(key) {
      local.forget(key);
      broker.publish(channel, key).catch((err: unknown) => options.log.error({ err, cache: name }, 'forget not sent'));
    },
  };
}
