import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The scale of each currency, copied from the currency list at every start (`syncCurrencyScales`),
 * so the database's money functions (`money_major`) format amounts with the same scale as the code.
 */
export const currencyScales = pgTable(
  'currency_scales',
  {
    code: text('code').primaryKey(),
    subunitToUnit: bigint('subunit_to_unit', { mode: 'number' }).notNull(),
  },
  (t) => [
    check(
      'currency_scales_power_of_ten',
      sql`${t.subunitToUnit} in (1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000)`,
    ),
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
