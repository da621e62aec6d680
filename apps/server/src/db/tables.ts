import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which version (hash) of each SQL source file (modules/<module>/sql/*.sql) the database runs. */
export const sqlSources = pgTable('sql_sources', {
  file: text('file').primaryKey(),
  hash: text('hash').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
