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

export function memoryReplayGuard(): ReplayGuard & { holds(scope: string, requestId: string): boolean } {
  const seen = new Map<string, number>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, expiresAt] of seen) if (expiresAt <= now) seen.delete(key);
  }, 30_000);
  sweep.unref();
  const holds = (scope: string, requestId: string) => (seen.get(`${scope}:${requestId}`) ?? 0) > Date.now();
  return {
    holds,
    async firstSeen(scope, requestId, timestamp) {
      if (holds(scope, requestId)) return false;
      seen.set(`${scope}:${requestId}`, Date.now() + ttlMs(timestamp));
      return true;
    },
    close: () => clearInterval(sweep),
  };
}

/**
 * Shared by every node through Redis. While Redis is away (a command fails at once: FAIL_FAST) this
 * process remembers for itself, so money keeps moving: the window shrinks to one node, and what a
 * replay could repeat is already refused by the database (a transaction id is unique there). Ids
 * remembered here stay refused once Redis is back.
 */
export function redisReplayGuard(redis: Redis): ReplayGuard {
  const local = memoryReplayGuard();
  return {
    async firstSeen(scope, requestId, timestamp) {
      let shared: boolean;
      try {
        shared = (await redis.set(`casino-replay:${scope}:${requestId}`, '1', 'PX', ttlMs(timestamp), 'NX')) === 'OK';
      } catch {
        return local.firstSeen(scope, requestId, timestamp);
      }
      return shared && !local.holds(scope, requestId);
    },
    close: local.close,
  };
}
