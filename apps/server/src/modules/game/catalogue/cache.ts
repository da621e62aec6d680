import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Collection, Game, GameLabel, PageMeta, Provider } from '@casino/contracts';
import type { Db } from '../../../db/client.ts';
import { providerImages } from './artwork.ts';
import { searchName } from './search-name.ts';
import { gameCollections, gameLabels, gameProviders, games } from './tables.ts';

export type CachedProvider = { wire: Provider; position: number; isEnabled: boolean; searchName: string };
export type CachedCollection = { wire: Collection; position: number };

export type CatalogueCache = {
  /** In the operator's order, disabled ones included (a disabled studio's game still answers by id). */
  providers: CachedProvider[];
  providerById: Map<string, CachedProvider>;
  providerByIdentity: Map<string, CachedProvider>;
  disabledProviderIds: string[];
  collections: CachedCollection[];
  collectionById: Map<string, CachedCollection>;
  collectionByIdentity: Map<string, CachedCollection>;
  labels: Map<string, GameLabel>;
  /** Totals of game listings by filter: they change only with the rows above, so they share their life. */
  counts: Map<string, number>;
  /** Whole guest pages of game listings by query, for the same reason: a lobby asks the same few pages all day. */
  pages: Map<string, { data: Game[]; meta: PageMeta }>;
  /** Single games as a guest sees them, by the id or identity asked (a game page asks on every open). */
  games: Map<string, Game>;
  /** Whole studio lists by query (the home page's strip asks on every load); frozen, as the pages. */
  providerLists: Map<string, { data: Provider[] }>;
};

const COUNTS_MAX = 2000;
export function rememberCount(cache: CatalogueCache, key: string, total: number): void {
  if (cache.counts.size >= COUNTS_MAX) cache.counts.delete(cache.counts.keys().next().value!);
  cache.counts.set(key, total);
}

const GAMES_MAX = 2000;
export function rememberGame(cache: CatalogueCache, key: string, game: Game): void {
  if (cache.games.size >= GAMES_MAX) cache.games.delete(cache.games.keys().next().value!);
  cache.games.set(key, game);
}

const PAGES_MAX = 300;
export function rememberPage(cache: CatalogueCache, key: string, page: { data: Game[]; meta: PageMeta }): void {
  if (cache.pages.size >= PAGES_MAX) cache.pages.delete(cache.pages.keys().next().value!);
  // Frozen: handed out unchanged to every guest, so its JSON is written once (see createSerializerCompiler).
  cache.pages.set(key, Object.freeze(page));
}

/**
 * Providers, collections and labels are a few dozen rows that change only on a seed or an
 * operator's switch, yet every game on every page embeds them: each node keeps them in memory.
 * Writers call `invalidateCatalogueCache`; the TTL bounds how long another node may lag behind.
 */
const TTL_MS = 60_000;
const caches = new WeakMap<Db, { at: number; value: Promise<CatalogueCache> }>();

export function invalidateCatalogueCache(db: Db): void {
  caches.delete(db);
}

export function catalogueCache(db: Db): Promise<CatalogueCache> {
  const cached = caches.get(db);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
  const value = loadCache(db);
  caches.set(db, { at: Date.now(), value });
  // A failed load must not be served until the TTL runs out.
  value.catch(() => {
    if (caches.get(db)?.value === value) caches.delete(db);
  });
  return value;
}

async function loadCache(db: Db): Promise<CatalogueCache> {
  const [providerRows, counts, collectionRows, labelRows] = await Promise.all([
    db.select().from(gameProviders).orderBy(asc(gameProviders.position), asc(gameProviders.name)),
    db
      .select({ providerId: games.providerId, n: count() })
      .from(games)
      // The sportsbook's pseudo-game is no studio's game to list.
      .where(and(eq(games.isEnabled, true), ne(games.engine, 'sportsbook')))
      .groupBy(games.providerId),
    db.select().from(gameCollections).orderBy(asc(gameCollections.position), asc(gameCollections.identity)),
    db.select().from(gameLabels),
  ]);
  const enabledCount = new Map(counts.map((c) => [c.providerId, Number(c.n)]));
  const providers: CachedProvider[] = providerRows.map((p) => ({
    wire: {
      id: p.id,
      identity: p.identity,
      name: p.name,
      gameEnabledCount: p.isEnabled ? (enabledCount.get(p.id) ?? 0) : 0,
      images: providerImages(p.identity),
      customImages: {},
    },
    position: p.position,
    isEnabled: p.isEnabled,
    searchName: searchName(p.name),
  }));
  const collections: CachedCollection[] = collectionRows.map((c) => ({
    wire: { id: c.id, identity: c.identity, name: c.name, countries: c.countries, isHidden: c.isHidden },
    position: c.position,
  }));
  return {
    providers,
    providerById: new Map(providers.map((p) => [p.wire.id, p])),
    providerByIdentity: new Map(providers.map((p) => [p.wire.identity, p])),
    disabledProviderIds: providers.filter((p) => !p.isEnabled).map((p) => p.wire.id),
    collections,
    collectionById: new Map(collections.map((c) => [c.wire.id, c])),
    collectionByIdentity: new Map(collections.map((c) => [c.wire.identity, c])),
    labels: new Map(
      labelRows.map((l) => [
        l.id,
        { id: l.id, name: l.name, createdAt: l.createdAt.toISOString(), updatedAt: l.updatedAt?.toISOString() ?? null },
      ]),
    ),
    counts: new Map(),
    pages: new Map(),
    games: new Map(),
    providerLists: new Map(),
  };
}
