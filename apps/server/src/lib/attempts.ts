import type { Redis } from 'ioredis';

/**
 * Counts events per key in a fixed window (failed sign-ins of an account, codes sent to a number…).
 * In Redis when REDIS_URL is set, so every node sees the same counts; otherwise in this process.
 */
export type AttemptCounter = {
  /** Adds one and answers the count in the current window. */
  hit(key: string, windowSec: number): Promise<number>;
  /** The count in the current window, without adding. */
  count(key: string): Promise<number>;
  /** Seconds until the window of `key` ends (0 when nothing is counted). */
  ttl(key: string): Promise<number>;
  /** Takes back one `hit` (a try reserved and then not made); the window runs on, and never below 0. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

export function memoryAttempts(now: () => number = () => Date.now()): AttemptCounter {
  const windows = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.until <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowSec) {
      // Old keys go when touched; a sweep on growth keeps a flood of distinct keys bounded.
      if (windows.size > 100_000) for (const k of windows.keys()) live(k);
      const w = live(key) ?? { n: 0, until: now() + windowSec * 1000 };
      w.n += 1;
      windows.set(key, w);
      return w.n;
    },
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async ttl(key) {
      const w = live(key);
      return w ? Math.ceil((w.until - now()) / 1000) : 0;
    },
    async release(key) {
      const w = live(key);
      if (w && w.n > 0) w.n -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

const RELEASE = `if tonumber(redis.call('get', KEYS[1]) or '0') > 0 then redis.call('decr', KEYS[1]) end`;

/**
 * Shared by every node through Redis. While Redis is away each call counts in this process instead
 * (a command fails at once: FAIL_FAST in lib/redis.ts): the limits hold per node rather than not at
 * all, and sign-in keeps working.
 */
export function redisAttempts(redis: Redis, prefix = 'casino-attempts:'): AttemptCounter {
  const shared = sharedAttempts(redis, prefix);
  const local = memoryAttempts();
  const either =
    <A extends unknown[], R>(sharedCall: (...args: A) => Promise<R>, localCall: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      sharedCall(...args).catch(() => localCall(...args));
  return {
    hit: either(shared.hit, local.hit),
    count: either(shared.count, local.count),
    ttl: either(shared.ttl, local.ttl),
    release: either(shared.release, local.release),
    reset: either(shared.reset, local.reset),
  };
}

function sharedAttempts(redis: Redis, prefix: string): AttemptCounter {
  return {
    async hit(key, windowSec) {
      const k = prefix + key;
      // The window starts with the first hit: EXPIRE NX leaves a running window alone.
      const [[, n]] = (await redis.multi().incr(k).expire(k, windowSec, 'NX').exec()) as [[unknown, number], unknown];
      return n;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async ttl(key) {
      return Math.max(0, await redis.ttl(prefix + key));
    },
    async release(key) {
      // Only a live count goes down: a DECR of a gone key would leave -1 behind, with no expiry.
      await redis.eval(RELEASE, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Spends one unit of a budget (`max` per `windowSec` for `key`): answers 0 while within it, else the
 * seconds until the window ends.
 */
export async function overBudget(
  counter: AttemptCounter,
  key: string,
  budget: { max: number; windowSec: number },
): Promise<number> {
  if ((await counter.hit(key, budget.windowSec)) <= budget.max) return 0;
  return Math.max(1, await counter.ttl(key));
}
