import { and, eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { atomic } from '../../../../db/atomic.ts';
import type { Db, Tx } from '../../../../db/client.ts';
import {
  gameCatalogueSeeds,
  gameCollectionGames,
  gameCollections,
  gameLabels,
  gameProviders,
  games,
} from '../tables.ts';
import { invalidateCatalogueCache } from '../cache.ts';
import { CATALOGUE_SEED_VERSION, generateCatalogue } from './catalogue-data.ts';
import { seedSportsbookGame } from './sportsbook-game.ts';

const CHUNK = 2000;
const SEED_LOCK_KEY = 727_003;

/**
 * Inserts rows (keys as in the drizzle table) in chunks, each chunk as ONE json parameter expanded
 * by json_populate_recordset: binding thousands of separate parameters is what makes plain multi-row
 * inserts slow, above all on PGlite. On a primary key conflict every column is updated except
 * `keep`; `keep: null` is a plain insert.
 * Columns missing from the rows take their defaults.
 */
async function bulkUpsert(tx: Tx, table: PgTable, rows: Record<string, unknown>[], keep: string[] | null) {
  if (!rows.length) return;
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([key]) => key in rows[0]!);
  const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
  const tableName = `"${getTableName(table)}"`;
  const primary = columns.filter(([, c]) => c.primary).map(([, c]) => `"${c.name}"`);
  const conflict =
    keep === null
      ? ''
      : ` on conflict (${primary.join(', ')}) do update set ${columns
          .filter(([key, c]) => !c.primary && !keep.includes(key))
          .map(([, c]) => `"${c.name}" = excluded."${c.name}"`)
          .join(', ')}`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows
      .slice(i, i + CHUNK)
      .map((row) => Object.fromEntries(columns.map(([key, c]) => [c.name, row[key]])));
    await tx.execute(
      sql`insert into ${sql.raw(tableName)} (${sql.raw(names)}) select ${sql.raw(names)} from json_populate_recordset(null::${sql.raw(tableName)}, ${JSON.stringify(chunk)}::json)${sql.raw(conflict)}`,
    );
  }
}

/**
 * Writes the built-in sandbox catalogue unless this database already holds its current version.
 * Rows are upserted by their name-based ids, so re-seeding after a version bump keeps every id
 * (favourites, plays and histories still point at the same games) and keeps an operator's
 * enable/disable choices; games the new version no longer has are disabled, not deleted.
 * Several nodes starting together on one PostgreSQL serialise on an advisory lock.
 */
export async function seedCatalogue(db: Db): Promise<'seeded' | 'current'> {
  // The sportsbook's pseudo-game is not part of the generated catalogue (nor of its version): added when missing.
  await seedSportsbookGame(db);
  const current = await db
    .select()
    .from(gameCatalogueSeeds)
    .where(eq(gameCatalogueSeeds.version, CATALOGUE_SEED_VERSION));
  if (current.length) return 'current';
  const catalogue = generateCatalogue();
  const result = await atomic(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [again] = await tx
      .select()
      .from(gameCatalogueSeeds)
      .where(eq(gameCatalogueSeeds.version, CATALOGUE_SEED_VERSION));
    if (again) return 'current' as const;

    // isEnabled is left out of the rows: new entries get the default, existing ones keep the operator's choice.
    await bulkUpsert(tx, gameProviders, catalogue.providers, []);
    await bulkUpsert(tx, gameCollections, catalogue.collections, []);
    await bulkUpsert(tx, gameLabels, catalogue.labels, ['createdAt']);
    await bulkUpsert(tx, games, catalogue.games, []);

    // Memberships are replaced as a whole; games an older sandbox catalogue had and this one dropped
    // are hidden, not deleted (histories keep their names). Both are no-ops on a fresh database.
    await tx.delete(gameCollectionGames).where(
      inArray(
        gameCollectionGames.collectionId,
        catalogue.collections.map((c) => c.id),
      ),
    );
    await tx
      .update(games)
      .set({ isEnabled: false })
      .where(
        and(
          inArray(
            games.providerId,
            catalogue.providers.map((p) => p.id),
          ),
          sql`${games.id} not in (select value::uuid from json_array_elements_text(${JSON.stringify(catalogue.games.map((g) => g.id))}::json))`,
        ),
      );
    await bulkUpsert(tx, gameCollectionGames, catalogue.memberships, null);
    await tx.insert(gameCatalogueSeeds).values({ version: CATALOGUE_SEED_VERSION });
    return 'seeded' as const;
  });
  // Fresh statistics, or the planner guesses collection sizes and picks slow plans (PGlite has no autovacuum).
  if (result === 'seeded')
    await db.execute(sql`analyze game_providers, game_collections, games, game_collection_games`);
  invalidateCatalogueCache(db);
  return result;
}
