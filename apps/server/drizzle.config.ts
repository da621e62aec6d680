import { defineConfig } from 'drizzle-kit';

/**
 * Every table is in a `tables.ts` of its owner (a module, a sandbox party, the outbox, the database's
 * own); found by folder, so a new module's tables are in without a list to edit.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/tables.ts', './src/outbox/tables.ts', './src/modules/*/tables.ts', './src/sandbox/*/tables.ts'],
  out: './drizzle',
});
