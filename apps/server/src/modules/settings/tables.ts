import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The scale and the rate of each currency, copied from the currency list at every start
 * (`syncCurrencyScales`), so the database's money functions format amounts with the same scale as the
 * code (`money_major`) and convert to and from the base currency at the same rate (`settings_to_base_minor`,
 * `settings_from_base_minor`: the sportsbook's maximums, set once in the base currency).
 */
export const currencyScales = pgTable(
  'currency_scales',
  {
    code: text('code').primaryKey(),
    subunitToUnit: bigint('subunit_to_unit', { mode: 'number' }).notNull(),
    /** One unit in the base currency, as an integer of 1e-8 (conversion.ts's exact rate); null: no rate. */
    rateE8: bigint('rate_e8', { mode: 'bigint' }),
    isBase: boolean('is_base').notNull().default(false),
  },
  (t) => [
    check(
      'currency_scales_power_of_ten',
      sql`${t.subunitToUnit} in (1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000)`,
    ),
    check('currency_scales_rate_positive', sql`${t.rateE8} > 0`),
  ],
);

/**
 * Secrets this deployment made for itself (outside production, when the operator gave none): kept in
 * the database so every node and the ops CLI share them, and a restart keeps sessions valid.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
