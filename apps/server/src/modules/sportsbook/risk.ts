import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { SUPPORTED_CURRENCIES } from '../settings/index.ts';
import { sportsbookRestrictions, sportsbookStakeRule } from './tables.ts';

/**
 * The operator's risk rules on sports bets, kept by the casino and enforced by the wallet under the
 * player's lock (sportsbook/sql/sportsbook.sql): the maximum stake per ticket and per event (the player's
 * open tickets on it together, in every currency), set once in the base currency, and the sports or
 * events not taken in a country.
 */

/** The maximums in the base currency's minor units, or null: no rule yet (every ticket is refused). */
export type StakeRule = { maxBetMinor: bigint; maxEventMinor: bigint };

export async function readStakeRule(db: DbOrTx): Promise<StakeRule | null> {
  const [row] = await db
    .select({ maxBetMinor: sportsbookStakeRule.maxBetMinor, maxEventMinor: sportsbookStakeRule.maxEventMinor })
    .from(sportsbookStakeRule);
  return row ?? null;
}

/** Sets the maximums (base currency, minor units, both positive: the caller checked). */
export async function setStakeRule(db: DbOrTx, rule: StakeRule): Promise<void> {
  await db
    .insert(sportsbookStakeRule)
    .values({ id: true, ...rule, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: sportsbookStakeRule.id,
      set: { maxBetMinor: rule.maxBetMinor, maxEventMinor: rule.maxEventMinor, updatedAt: sql`now()` },
    });
}

/** Sets the maximums when there are none yet (the demo seed: an operator's choice is kept). */
export async function seedStakeRule(db: DbOrTx, rule: StakeRule): Promise<void> {
  await db
    .insert(sportsbookStakeRule)
    .values({ id: true, ...rule })
    .onConflictDoNothing();
}

/** The maximums in a currency's minor units (rounded down), or nulls: no rule, or no rate for it. */
export type StakeLimitsIn = { maxBetMinor: bigint | null; maxEventMinor: bigint | null };

/**
 * The maximums in each of these currencies (by default every currency the casino supports, in its
 * order), converted by the database's own function, the one the wallet's refusal checks with: what a
 * launch tells the sportsbook is what the wallet then enforces.
 */
export async function stakeLimitsIn(
  db: DbOrTx,
  currencies: readonly string[] = SUPPORTED_CURRENCIES.map((c) => c.code),
): Promise<Map<string, StakeLimitsIn>> {
  const rows = await rowsOf<{ currency: string; max_bet: string | null; max_event: string | null }>(
    db,
    sql`select c.currency, l.max_bet::text as max_bet, l.max_event::text as max_event
          from unnest(array[${sql.join(
            currencies.map((c) => sql`${c}`),
            sql`, `,
          )}]::text[]) as c(currency)
          cross join lateral sportsbook_limits_in(c.currency) l`,
  );
  return new Map(
    rows.map((r) => [
      r.currency,
      {
        maxBetMinor: r.max_bet === null ? null : BigInt(r.max_bet),
        maxEventMinor: r.max_event === null ? null : BigInt(r.max_event),
      },
    ]),
  );
}

/** The sports and events not taken from a country (its own restrictions and every country's). */
export async function restrictionsFor(db: DbOrTx, country: string): Promise<{ sports: string[]; events: string[] }> {
  const rows = await db
    .select({ kind: sportsbookRestrictions.kind, ref: sportsbookRestrictions.ref })
    .from(sportsbookRestrictions)
    .where(inArray(sportsbookRestrictions.country, [country.toUpperCase(), '*']))
    .orderBy(asc(sportsbookRestrictions.kind), asc(sportsbookRestrictions.ref));
  const of = (kind: 'sport' | 'event') => [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.ref))];
  return { sports: of('sport'), events: of('event') };
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
