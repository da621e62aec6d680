import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { sportsbookRestrictions, sportsbookStakeLimits } from './tables.ts';

/**
 * The operator's risk rules on sports bets, kept by the casino and enforced by the wallet under the
 * account's lock (game/sql/sportsbook.sql): the maximum stake per ticket and per event (the player's
 * open tickets on it together) per currency, and the sports or events not taken in a country.
 */

export type StakeLimit = { currency: string; maxBetMinor: bigint | null; maxEventMinor: bigint | null };

export async function listStakeLimits(db: DbOrTx): Promise<StakeLimit[]> {
  return db
    .select({
      currency: sportsbookStakeLimits.currency,
      maxBetMinor: sportsbookStakeLimits.maxBetMinor,
      maxEventMinor: sportsbookStakeLimits.maxEventMinor,
    })
    .from(sportsbookStakeLimits)
    .orderBy(asc(sportsbookStakeLimits.currency));
}

/** Sets a currency's maximums (null: none); both null removes the row. */
export async function setStakeLimit(db: DbOrTx, limit: StakeLimit): Promise<void> {
  if (limit.maxBetMinor === null && limit.maxEventMinor === null) {
    await db.delete(sportsbookStakeLimits).where(eq(sportsbookStakeLimits.currency, limit.currency));
    return;
  }
  await db
    .insert(sportsbookStakeLimits)
    .values({ ...limit, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: sportsbookStakeLimits.currency,
      set: { maxBetMinor: limit.maxBetMinor, maxEventMinor: limit.maxEventMinor, updatedAt: sql`now()` },
    });
}

/** Sets the maximums of a currency that has none yet (the demo seed: an operator's choice is kept). */
export async function seedStakeLimit(db: DbOrTx, limit: StakeLimit): Promise<void> {
  await db.insert(sportsbookStakeLimits).values(limit).onConflictDoNothing();
}

export type Restriction = { country: string; kind: 'sport' | 'event'; ref: string };

/** Whether it was new. */
export async function addRestriction(db: DbOrTx, restriction: Restriction): Promise<boolean> {
  const rows = await db
    .insert(sportsbookRestrictions)
    .values(restriction)
    .onConflictDoNothing()
    .returning({ ref: sportsbookRestrictions.ref });
  return rows.length > 0;
}

/** Whether there was one. */
export async function removeRestriction(db: DbOrTx, restriction: Restriction): Promise<boolean> {
  const rows = await db
    .delete(sportsbookRestrictions)
    .where(
      and(
        eq(sportsbookRestrictions.country, restriction.country),
        eq(sportsbookRestrictions.kind, restriction.kind),
        eq(sportsbookRestrictions.ref, restriction.ref),
      ),
    )
    .returning({ ref: sportsbookRestrictions.ref });
  return rows.length > 0;
}

export async function listRestrictions(db: DbOrTx): Promise<Restriction[]> {
  return db
    .select({
      country: sportsbookRestrictions.country,
      kind: sportsbookRestrictions.kind,
      ref: sportsbookRestrictions.ref,
    })
    .from(sportsbookRestrictions)
    .orderBy(asc(sportsbookRestrictions.country), asc(sportsbookRestrictions.kind), asc(sportsbookRestrictions.ref));
}
