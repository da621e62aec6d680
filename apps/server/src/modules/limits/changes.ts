import { and, eq, isNull, sql } from 'drizzle-orm';
import { MAX_WIRE_MINOR, scaleDigits, toMinor, type EventMap, type EventName } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';
import { enqueue } from '../../outbox/index.ts';
import { accountCurrency } from '../wallet/index.ts';
import { createReadCache, noReadCache, type ReadCache } from '../../lib/read-cache.ts';
import { limitChanges, type PlayerLimitRow } from './tables.ts';

/** What every change of a player's limits shares, the player's own and the operator's alike. */

export const LIMIT_CHANGE_EVENT = 'limits.changed' satisfies EventName;

/**
 * The event a limit change writes: the notification module turns it into a messenger message, the
 * web reloads its limits (the push derived from it).
 */
export type LimitChangedEvent = EventMap['limits.changed'];

export async function announce(tx: DbOrTx, event: LimitChangedEvent): Promise<void> {
  forgetLimitRows(event.playerId);
  await enqueue(tx, LIMIT_CHANGE_EVENT, event);
}

/** One player's limit changes queue behind each other (two tabs, or a tab and an operator, cannot interleave). */
export const lockPlayerLimits = (tx: DbOrTx, playerId: string) => {
  forgetLimitRows(playerId);
  return tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`limits:${playerId}`}))`);
};

/**
 * A player's limit rows (not yet ended), as the limits page lists them. On the embedded database a
 * node remembers them per player: it is the only node, and every change of them takes the player's
 * limits lock or announces itself, both of which forget them, inside the writer's transaction, which
 * a read cannot overtake there (PGlite runs a query only between transactions). On PostgreSQL
 * nothing is remembered: several nodes write, and the read is the database server's work.
 */
const rowCaches = new Set<ReadCache<PlayerLimitRow[]>>();
export function limitRowsCache(kind: 'pglite' | 'postgres'): { cache: ReadCache<PlayerLimitRow[]>; close(): void } {
  const cache =
    kind === 'pglite'
      ? createReadCache<PlayerLimitRow[]>({ maxAgeMs: 60_000, maxEntries: 20_000 })
      : noReadCache<PlayerLimitRow[]>();
  rowCaches.add(cache);
  return { cache, close: () => void rowCaches.delete(cache) };
}
function forgetLimitRows(playerId: string): void {
  for (const cache of rowCaches) cache.forget(playerId);
}

/** A money limit's amount as typed (major units) in minor units of `currency`, or 422 on `amount`. */
export function limitAmount(amount: number | string | undefined, currency: string): bigint {
  if (amount === undefined) throw fieldError('amount', 'Enter the limit amount');
  const { subunitToUnit } = accountCurrency(currency);
  const minor = toMinor(amount, subunitToUnit);
  if (minor === null)
    throw fieldError('amount', `The amount must have at most ${scaleDigits(subunitToUnit)} decimals for ${currency}`);
  if (minor <= 0n) throw fieldError('amount', 'The limit must be more than zero');
  if (minor > MAX_WIRE_MINOR) throw fieldError('amount', 'The limit is too large');
  return minor;
}

/** Drops the waiting raise or removal of one limit. */
export async function cancelOpenChanges(tx: DbOrTx, limitId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(limitChanges)
    .set({ cancelledAt: now })
    .where(and(eq(limitChanges.limitId, limitId), isNull(limitChanges.appliedAt), isNull(limitChanges.cancelledAt)))
    .returning({ id: limitChanges.id });
  return rows.length;
}

/** Drops every waiting raise or removal of the player: money limits cannot be loosened while excluded. */
export async function cancelPlayerChanges(tx: DbOrTx, playerId: string, now: Date): Promise<void> {
  await tx
    .update(limitChanges)
    .set({ cancelledAt: now })
    .where(and(eq(limitChanges.playerId, playerId), isNull(limitChanges.appliedAt), isNull(limitChanges.cancelledAt)));
}
