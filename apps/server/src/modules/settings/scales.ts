import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rateOf } from './conversion.ts';
import { SUPPORTED_CURRENCIES } from './currencies.ts';
import { currencyScales } from './tables.ts';

/**
 * Copies each currency's scale and rate into the database, where `money_major` formats balances for
 * pushes and `settings_to_base_minor` / `settings_from_base_minor` convert the sportsbook's maximums. Run after the
 * migrations at every start, so the table always follows the currency list (the rate as conversion.ts
 * reads it, so the database and the code convert alike).
 */
export async function syncCurrencyScales(db: DbOrTx): Promise<void> {
  await db
    .insert(currencyScales)
    .values(
      SUPPORTED_CURRENCIES.map((c) => ({
        code: c.code,
        subunitToUnit: c.subunitToUnit,
        rateE8: rateOf(c.code),
        isBase: c.isBase,
      })),
    )
    .onConflictDoUpdate({
      target: currencyScales.code,
      set: {
        subunitToUnit: sql`excluded.subunit_to_unit`,
        rateE8: sql`excluded.rate_e8`,
        isBase: sql`excluded.is_base`,
      },
    });
}
