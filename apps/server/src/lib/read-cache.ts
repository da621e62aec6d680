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

export function createReadCache<V>(options: { maxAgeMs: number; maxEntries?: number }): ReadCache<V> {
  const maxEntries = options.maxEntries ?? 100_000;
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, read) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < options.maxAgeMs) return hit.value;
      const value = read();
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
