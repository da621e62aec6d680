import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionEndReason } from '@casino/contracts';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { SessionStates } from '../../lib/auth-guard.ts';
import type { RedisConnect } from '../../lib/redis.ts';
import { dropStale } from '../../lib/read-cache.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionCloseReason } from './passwords.ts';
import { playerSessions } from './tables.ts';

/**
 * How long a node trusts what it read of a session. Every authenticated request checks its session,
 * and reading the row each time would cost more than the request; a second of memory bounds how late
 * another node sees a logout, and with Redis that node is told at once.
 */
export const SESSION_STATE_FRESH_MS = 1_000;
const MAX_ENTRIES = 100_000;
const FORGET_CHANNEL = 'casino:sessions:forget';

type Row = { playerId: string; tokenId: string } | null;

const openSession = preparedStatement((db: Db) =>
  db
    .select({ playerId: playerSessions.playerId, tokenId: playerSessions.tokenId })
    .from(playerSessions)
    .where(and(eq(playerSessions.id, sql.placeholder('id')), isNull(playerSessions.closedAt)))
    .prepare('player_open_session'),
);

/**
 * What the device that held a closed session is told of why. Its own logout needs no telling, and a
 * replayed token is answered as a plain end (the holder may be the thief).
 */
const END_REASONS: Partial<Record<SessionCloseReason, SessionEndReason>> = {
  closed_by_player: 'closed_by_player',
  password_changed: 'password_changed',
  password_reset: 'password_reset',
  excluded: 'excluded',
  blocked: 'blocked',
  idle: 'expired',
  max_age: 'expired',
};
export const endReasonOf = (closeReason: string | null): SessionEndReason | null =>
  END_REASONS[closeReason as SessionCloseReason] ?? null;

export function createSessionStates(
  db: Db,
  options: { redis: RedisConnect | null; log: FastifyBaseLogger },
): SessionStates {
  const cache = new Map<string, { at: number; row: Promise<Row> }>();
  const listeners: ((sessionId: string) => void)[] = [];
  const forgotten = (sessionId: string) => {
    cache.delete(sessionId);
    for (const listener of listeners) listener(sessionId);
  };
  const publisher = options.redis?.('session revocations', { maxRetriesPerRequest: 1 }) ?? null;
  const subscriber = options.redis?.('session revocation listener') ?? null;
  if (subscriber) {
    subscriber.on('message', (_channel: string, sessionId: string) => forgotten(sessionId));
    subscriber
      .subscribe(FORGET_CHANNEL)
      .catch((err: unknown) => options.log.error({ err }, 'session revocation channel'));
  }

  function read(sessionId: string): Promise<Row> {
    const now = Date.now();
    const hit = cache.get(sessionId);
    if (hit && now - hit.at < SESSION_STATE_FRESH_MS) return hit.row;
    const row = openSession(db)
      .execute({ id: sessionId })
      .then((rows) => rows[0] ?? null);
    cache.delete(sessionId);
    dropStale(cache, SESSION_STATE_FRESH_MS, now);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(sessionId, { at: now, row });
    row.catch(() => cache.delete(sessionId));
    return row;
  }

  return {
    async tokenState(claims) {
      if (!isUuid(claims.sessionId) || !isUuid(claims.playerId)) return 'closed';
      const row = await read(claims.sessionId);
      if (!row || row.playerId !== claims.playerId) return 'closed';
      return row.tokenId === claims.tokenId ? 'current' : 'superseded';
    },
    forget(sessionId) {
      // With Redis every node, this one included, hears it from the channel; without, only this node exists.
      if (!publisher) forgotten(sessionId);
      else cache.delete(sessionId);
      publisher
        ?.publish(FORGET_CHANNEL, sessionId)
        .catch((err: unknown) => options.log.error({ err }, 'session revocation not sent'));
    },
    onForget(listener) {
      listeners.push(listener);
    },
    async endReason(claims) {
      if (!isUuid(claims.sessionId) || !isUuid(claims.playerId)) return null;
      // Read only for a refused request (a closed session), so not worth a cache.
      const [row] = await db
        .select({ closeReason: playerSessions.closeReason })
        .from(playerSessions)
        .where(
          and(
            eq(playerSessions.id, claims.sessionId),
            eq(playerSessions.playerId, claims.playerId),
            // Only the session's last token learns why: an older one was replaced before the end.
            eq(playerSessions.tokenId, claims.tokenId),
            isNotNull(playerSessions.closedAt),
          ),
        );
      return endReasonOf(row?.closeReason ?? null);
    },
    async isOpen(sessionId) {
      return isUuid(sessionId) && (await read(sessionId)) !== null;
    },
    async close() {
      subscriber?.disconnect();
      publisher?.disconnect();
    },
  };
}
