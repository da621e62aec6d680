import { syncCurrencyScales } from '../modules/settings/index.ts';
import { migrateDatabase, type Database } from './client.ts';

/**
 * Makes a database ready for this version of the code: the committed migrations, then the reference
 * data the database's own functions read (each currency's scale). Every start, the ops CLI and the
 * test templates run it.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await migrateDatabase(database);
  await syncCurrencyScales(database.db);
}
