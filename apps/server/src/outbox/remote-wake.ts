import type { FastifyBaseLogger } from 'fastify';
import type { RedisConnect } from '../lib/redis.ts';

/** How long an api node gathers commits into one wake-up (the push lane's own coalescing is 20 ms). */
const GATHER_MS = 10;

/**
 * Between `ROLE=api` and `ROLE=worker` processes: an api node runs no lanes, so after a commit that
 * enqueued it tells the workers through Redis, and their lanes look at once instead of at their next
 * poll (a player's push in milliseconds rather than a quarter of a second). One message per burst of
 * commits; a lost one only costs the wait for the poll.
 */
export function remoteWake(options: { redis: RedisConnect; channel: string; log: FastifyBaseLogger }) {
  const client = options.redis('outbox wake', { maxRetriesPerRequest: 1 });
  let pending: NodeJS.Timeout | null = null;
  return {
    /** api: tell the workers (coalesced). */
    wake() {
      pending ??= setTimeout(() => {
        pending = null;
        client.publish(options.channel, '').catch((err: unknown) => options.log.warn({ err }, 'outbox wake not sent'));
      }, GATHER_MS);
    },
    /** worker: call `onWake` whenever an api node commits events. */
    async listen(onWake: () => void) {
      client.on('message', () => onWake());
      await client.subscribe(options.channel);
    },
    close() {
      if (pending) clearTimeout(pending);
      client.disconnect();
    },
  };
}
