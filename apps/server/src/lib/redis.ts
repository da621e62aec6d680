import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** Opens one connection to the deployment's Redis (`name` says what for, in the log). */
export type RedisConnect = (name: string, options?: RedisOptions) => Redis;

/**
 * Reconnect attempts every 100 ms at first, then every half second (ioredis waits up to 2 s between
 * them by default): pushes and shared counters come back within half a second of Redis.
 */
const RECONNECT: RedisOptions = { retryStrategy: (times: number) => Math.min(100 * times, 500) };

export type RedisWatch = {
  connect: RedisConnect;
  /** Whether every connection opened here is connected (false from the first error until all are back). */
  up(): boolean;
};

/**
 * Every Redis connection of a process, watched together: an outage is one line when Redis goes away
 * and one when it is back, never a line per reconnect attempt of each connection (ioredis prints every
 * error of a client without an error listener, on every retry).
 */
export function redisWatch(url: string, log: Pick<FastifyBaseLogger, 'error' | 'info'>): RedisWatch {
  const down = new Set<string>();
  let awaySince = 0;
  return {
    connect(name, options) {
      const client = new Redis(url, { ...RECONNECT, ...options });
      const key = `${name}#${Math.random().toString(36).slice(2)}`;
      client.on('error', (error: Error) => {
        if (down.has(key)) return;
        if (down.size === 0) {
          awaySince = Date.now();
          log.error(
            { reason: error.message },
            'Redis is away: shared counters fall back to this process, pushes to other nodes wait',
          );
        }
        down.add(key);
      });
      client.on('ready', () => {
        if (!down.delete(key) || down.size > 0) return;
        log.info({ awayMs: Date.now() - awaySince }, 'Redis is back');
      });
      client.on('end', () => down.delete(key));
      return client;
    },
    up: () => down.size === 0,
  };
}

/** A connect function without a watch (tests, benches): errors are the callers' rejections, never a log flood. */
export function quietRedis(url: string): RedisConnect {
  return (_name, options) => {
    const client = new Redis(url, { ...RECONNECT, ...options });
    client.on('error', () => {});
    return client;
  };
}

/**
 * For connections whose callers have a fallback: a command while Redis is away fails at once instead
 * of queueing for a reconnect, and one on a frozen server gives up after a quarter of a second.
 */
export const FAIL_FAST: RedisOptions = { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 250 };

/** Waits until `client` is connected, or `ms` passed (the caller then starts degraded, and says so). */
export function connected(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    timer.unref();
    client.on('ready', onReady);
  });
}
