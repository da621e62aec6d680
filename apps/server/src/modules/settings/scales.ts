import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { SUPPORTED_CURRENCIES } from './currencies.ts';
import { currencyScales } from './tables.ts';

/**
 * Copies each currency's scale into the database, where `money_major` formats balances for pushes.
 * Run after the migrations at every start, so the table always follows the currency list.
 */
export async function syncCurrencyScales(db: DbOrTx): Promise<void> {
  await db
    .insert(currencyScales)
    .values(SUPPORTED_CURRENCIES.map((c) => ({ code: c.code, subunitToUnit: c.subunitToUnit })))
    .onConflictDoUpdate({ target: currencyScales.code, set: { subunitToUnit: sql`excluded.subunit_to_unit` } });
}
