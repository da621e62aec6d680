import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { formatMinor, type AlertKind, type ExclusionKind } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { withTransaction, type UnitOfWorkContext } from '../../outbox/index.ts';
import { subunitOf } from '../settings/index.ts';
import { alerts } from './tables.ts';

export type NewAlert = {
  kind: AlertKind;
  playerId: string;
  /** The situation within its kind: raising the same (kind, player, key) again inserts nothing. */
  key: string;
  summary: string;
  facts: Record<string, unknown>;
};

/** Raises an alert unless the same one exists; answers whether it is new. */
export async function raiseAlert(db: DbOrTx, alert: NewAlert): Promise<boolean> {
  const inserted = await db.insert(alerts).values(alert).onConflictDoNothing().returning({ id: alerts.id });
  return inserted.length > 0;
}

/** Whether the player had an alert of this kind raised after `since` (a rolling window's alert stands for it). */
export async function raisedSince(db: DbOrTx, kind: AlertKind, playerId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.kind, kind), eq(alerts.playerId, playerId), gt(alerts.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

/** The keys of these that already have an alert of the kind (whichever player it was raised for). */
export async function keysRaised(db: DbOrTx, kind: AlertKind, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: alerts.key })
    .from(alerts)
    .where(and(eq(alerts.kind, kind), inArray(alerts.key, [...new Set(keys)])));
  return new Set(rows.map((r) => r.key));
}

/** An amount as staff read it: `1250.00 EUR`. */
export const money = (minor: bigint, currency: string) => `${formatMinor(minor, subunitOf(currency))} ${currency}`;

/** At most this many addresses are kept on an excluded sign-in alert. */
const MAX_ADDRESSES = 10;

const EXCLUSION_NAMES: Record<ExclusionKind, string> = {
  self_exclusion: 'self-exclusion',
  cooling_off: 'cooling-off',
};

const signInSummary = (reason: ExclusionKind, attempts: number, day: string) =>
  `Tried to sign in during a ${EXCLUSION_NAMES[reason]}: ${attempts} attempt${attempts === 1 ? '' : 's'} on ${day}`;

/**
 * A sign-in refused for an exclusion, as the player module reports it (right after the refusal, so no
 * job needs a record of refusals): one alert per player and UTC day, counting the day's attempts while
 * it is not closed.
 */
export async function raiseExcludedSignIn(
  ctx: UnitOfWorkContext,
  refusal: { playerId: string; reason: ExclusionKind; ip: string },
  now = new Date(),
): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  const at = now.toISOString();
  await withTransaction(ctx, async (tx) => {
    const fresh = await raiseAlert(tx, {
      kind: 'excluded_sign_in',
      playerId: refusal.playerId,
      key: day,
      summary: signInSummary(refusal.reason, 1, day),
      facts: { exclusion: refusal.reason, attempts: 1, firstAt: at, lastAt: at, addresses: [refusal.ip] },
    });
    if (fresh) return;
    const [row] = await tx
      .select()
      .from(alerts)
      .where(and(eq(alerts.kind, 'excluded_sign_in'), eq(alerts.playerId, refusal.playerId), eq(alerts.key, day)))
      .for('update');
    if (!row || row.status === 'closed') return;
    const attempts = Number(row.facts.attempts ?? 0) + 1;
    const seen = Array.isArray(row.facts.addresses) ? (row.facts.addresses as string[]) : [];
    const addresses = seen.includes(refusal.ip) ? seen : [...seen, refusal.ip].slice(-MAX_ADDRESSES);
    await tx
      .update(alerts)
      .set({
        summary: signInSummary(refusal.reason, attempts, day),
        facts: { ...row.facts, exclusion: refusal.reason, attempts, lastAt: at, addresses },
        updatedAt: sql`now()`,
      })
      .where(eq(alerts.id, row.id));
  });
}
