import type { Redis } from 'ioredis';
import { SIGNATURE_MAX_SKEW_MS } from './signing.ts';

/**
 * Remembers the request ids of signed calls for as long as their timestamp is accepted, so a captured
 * call cannot be sent again (for example a bet the casino refused, replayed once the player has money).
 * With Redis every node shares the memory; without it there is one node, and a Map does.
 */
export type ReplayGuard = {
  /** True the first time `requestId` is seen within `scope` (one scope per signing partner). */
  firstSeen(scope: string, requestId: string, timestamp: number): Promise<boolean>;
  close(): void;
};

/** Until the signature's timestamp leaves the accepted window, plus a second for clock rounding. */
const ttlMs = (timestamp: number) => Math.max(1_000, timestamp + SIGNATURE_MAX_SKEW_MS - Date.now() + 1_000);

export function memoryReplayGuard(): ReplayGuard {
  const seen = new Map<string, number>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, expiresAt] of seen) if (expiresAt <= now) seen.delete(key);
  }, 30_000);
  sweep.unref();
  return {
    async firstSeen(scope, requestId, timestamp) {
      const key = `${scope}:${requestId}`;
      const expiresAt = seen.get(key);
      if (expiresAt !== undefined && expiresAt > Date.now()) return false;
      seen.set(key, Date.now() + ttlMs(timestamp));
      return true;
    },
    close: () => clearInterval(sweep),
  };
}

export function redisReplayGuard(redis: Redis): ReplayGuard {
  return {
    async firstSeen(scope, requestId, timestamp) {
      return (await redis.set(`casino-replay:${scope}:${requestId}`, '1', 'PX', ttlMs(timestamp), 'NX')) === 'OK';
    },
    close: () => {},
  };
}
