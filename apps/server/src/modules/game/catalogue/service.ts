import { noteChange } from '../../../lib/audit-scope.ts';
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gt,
  inArray,
  like,
  ne,
  not,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { pageMeta, type Collection, type Game, type GamesQuery, type PageMeta, type Provider } from '@casino/contracts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { notFound, unprocessable } from '../../../lib/errors.ts';
import type { ReadCache } from '../../../lib/read-cache.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { gameImages } from './artwork.ts';
import {
  catalogueCache,
  invalidateCatalogueCache,
  rememberCount,
  rememberGame,
  rememberPage,
  type CatalogueCache,
} from './cache.ts';
import {
  gameCollectionGames,
  gameCollections,
  gameFavorites,
  gamePlays,
  gameProviders,
  games,
  type GameRow,
} from './tables.ts';
import { searchName } from './search-name.ts';
import { SPORTSBOOK_PROVIDER } from './seed/sportsbook-game.ts';

/** Favourites are returned whole after every change, so their number is bounded. */
export const FAVORITES_MAX = 500;
/** How far back a launch still lifts a game in the player's `score` order. */
const RECENT_PLAY_DAYS = 30;

const gameColumns = getTableColumns(games);

/**
 * A listing's columns: the game, its collection ids and the player's favourite flag, so one query
 * gives everything a page needs (each round trip counts, above all on the embedded database).
 */
function wireColumns(playerId: string | null) {
  return {
    ...gameColumns,
    collectionIds: sql<
      string[]
    >`array(select ${gameCollectionGames.collectionId}::text from ${gameCollectionGames} where ${gameCollectionGames.gameId} = ${games.id})`,
    isFavorite: playerId
      ? sql<boolean>`exists(select 1 from ${gameFavorites} where ${gameFavorites.playerId} = ${playerId} and ${gameFavorites.gameId} = ${games.id})`
      : sql<boolean>`false`,
  };
}
type WireRow = GameRow & { collectionIds: string[]; isFavorite: boolean };
const wireRows = (cache: CatalogueCache, rows: WireRow[]) =>
  rows.map((row) => toWireGame(row, cache, row.collectionIds, row.isFavorite));

const totalRows = sql<number>`count(*) over()`.mapWith(Number);

/** The wire Game of a row; `cache` supplies its studio, collections and labels. */
function toWireGame(row: GameRow, cache: CatalogueCache, collectionIds: readonly string[], isFavorite: boolean): Game {
  const collections = collectionIds
    .map((id) => cache.collectionById.get(id))
    .filter((c) => c !== undefined)
    .sort((a, b) => a.position - b.position)
    .map((c) => c.wire);
  const provider = cache.providerById.get(row.providerId);
  return {
    id: row.id,
    identity: row.identity,
    name: row.name,
    type: row.type,
    volatility: row.volatility,
    paylines: row.paylines,
    isDemoMode: row.isDemoMode,
    platforms: row.platforms,
    screenWidthRatio: row.screenWidthRatio,
    screenHeightRatio: row.screenHeightRatio,
    images: gameImages(row.identity),
    customImages: {},
    provider: provider?.wire ?? {
      id: row.providerId,
      identity: '',
      name: '',
      gameEnabledCount: 0,
      images: {},
      customImages: {},
    },
    collections,
    labels: row.labels.map((id) => cache.labels.get(id)).filter((l) => l !== undefined),
    // The sandbox slots count towards bonus wagering; table and instant games do not.
    isBonusWagering: row.engine === 'slot',
    minimumBonusWagerMultiplier: 0,
    isFavorite,
  };
}

/** A value that is not a uuid never reaches the uuid column. */
const byIdOrIdentity = (value: string) =>
  isUuid(value) ? or(eq(games.id, value), eq(games.identity, value)) : eq(games.identity, value);

/** A game with its studio's switch: a disabled studio disables its games. */
export type PlayableGame = GameRow & { providerEnabled: boolean };

/** A game by uuid id or by identity, enabled or not (open sessions and histories may point at a disabled one). */
export async function findGame(db: DbOrTx, idOrIdentity: string): Promise<PlayableGame | null> {
  const [row] = await db
    .select({ game: games, providerEnabled: gameProviders.isEnabled })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(byIdOrIdentity(idOrIdentity))
    .limit(1);
  return row ? { ...row.game, providerEnabled: row.providerEnabled } : null;
}

/** Names and identities of games by id (a bonus's excluded games, its free-spins game), for the terms players read. */
export async function gameLabels(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, { identity: string; name: string }>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: games.id, identity: games.identity, name: games.name })
    .from(games)
    .where(inArray(games.id, wanted));
  return new Map(rows.map((r) => [r.id, { identity: r.identity, name: r.name }]));
}

/** `GET /games/:idOrIdentity`: any game, enabled or not; 404 otherwise. The guest's game plus the player's heart. */
export async function getGame(
  db: Db,
  idOrIdentity: string,
  playerId: string | null,
  favorites: FavoriteIds,
): Promise<Game> {
  const cache = await catalogueCache(db);
  let game = cache.games.get(idOrIdentity);
  if (!game) {
    const rows = await db.select(wireColumns(null)).from(games).where(byIdOrIdentity(idOrIdentity)).limit(1);
    if (!rows.length) throw notFound('Game not found');
    game = wireRows(cache, rows)[0]!;
    rememberGame(cache, idOrIdentity, game);
  }
  if (!playerId || !(await favoriteIdsOf(db, favorites, playerId)).has(game.id)) return game;
  return { ...game, isFavorite: true };
}

/** Ids of the values that name a known entry by id or identity; unknown values are dropped. */
function resolve(
  values: string[],
  byId: Map<string, unknown>,
  byIdentity: Map<string, { wire: { id: string } }>,
): string[] {
  return [...new Set(values.map((v) => (byId.has(v) ? v : byIdentity.get(v)?.wire.id)).filter((v) => v !== undefined))];
}

const upperCountries = (values: string[] | undefined) => [...new Set((values ?? []).map((c) => c.toUpperCase()))];

/**
 * Conditions every listing shares: enabled game of an enabled studio, platform, not blocked in the
 * countries; never the sportsbook's pseudo-game (it opens as the sportsbook, not as a game).
 */
function listedWhere(cache: CatalogueCache, platform: number | undefined, countries: string[]): SQL[] {
  const where: SQL[] = [eq(games.isEnabled, true), ne(games.engine, 'sportsbook')];
  if (cache.disabledProviderIds.length) where.push(notInArray(games.providerId, cache.disabledProviderIds));
  if (platform) where.push(arrayContains(games.platforms, [platform]));
  if (countries.length) where.push(not(arrayOverlaps(games.blockedCountries, countries)));
  return where;
}

async function personalGameIds(db: DbOrTx, playerId: string): Promise<string[]> {
  const since = sql`now() - make_interval(days => ${RECENT_PLAY_DAYS})`;
  const [favorites, played] = await Promise.all([
    db
      .select({ gameId: gameFavorites.gameId })
      .from(gameFavorites)
      .where(eq(gameFavorites.playerId, playerId))
      .orderBy(desc(gameFavorites.createdAt))
      .limit(100),
    db
      .select({ gameId: gamePlays.gameId })
      .from(gamePlays)
      .where(and(eq(gamePlays.playerId, playerId), gt(gamePlays.lastPlayedAt, since)))
      .orderBy(desc(gamePlays.lastPlayedAt))
      .limit(100),
  ]);
  return [...new Set([...favorites, ...played].map((r) => r.gameId))];
}

/**
 * `GET /games`. Sorts: `default` is the operator's order (the collection's order when filtered by
 * one collection), `name`, `createdAt` as given; `popularity` and `score` are ranks, so `asc` (the
 * default) lists the most popular first; `score` also puts the player's favourites and recent
 * games first. A name search ranks exact name, name prefix, word prefix, then substring matches
 * before the requested order. Unknown collection or studio values match nothing.
 *
 * Cost per request: one query for the page (index-ordered where possible, with each game's
 * collections and favourite flag). Totals are cached with the catalogue cache, since they change
 * only when games or studios are switched; studios, collections and labels come from that cache.
 */
export async function listGames(
  db: Db,
  query: GamesQuery,
  playerId: string | null,
  favorites: FavoriteIds,
): Promise<{ data: Game[]; meta: PageMeta }> {
  // Only the score order differs per player; any other page is the guests' page plus the player's hearts.
  if (query.sortBy === 'score' && playerId) return queryGames(db, query, playerId);
  const cache = await catalogueCache(db);
  const key = JSON.stringify(query);
  let page = cache.pages.get(key);
  if (!page) {
    page = await queryGames(db, query, null);
    rememberPage(cache, key, page);
  }
  if (!playerId || !page.data.length) return page;
  const favourite = await favoriteIdsOf(db, favorites, playerId);
  if (!page.data.some((g) => favourite.has(g.id))) return page;
  return { data: page.data.map((g) => (favourite.has(g.id) ? { ...g, isFavorite: true } : g)), meta: page.meta };
}

/**
 * The ids of a player's favourite games (at most FAVORITES_MAX), remembered per player: every
 * catalogue page a player opens marks its hearts from them. Adding or removing one forgets them on
 * every node (see createSharedReadCache).
 */
export type FavoriteIds = ReadCache<ReadonlySet<string>>;

const favoriteIdsOf = (db: Db, favorites: FavoriteIds, playerId: string) =>
  favorites.get(playerId, async () => {
    const rows = await db
      .select({ gameId: gameFavorites.gameId })
      .from(gameFavorites)
      .where(eq(gameFavorites.playerId, playerId));
    return new Set(rows.map((r) => r.gameId));
  });

async function queryGames(
  db: Db,
  query: GamesQuery,
  playerId: string | null,
): Promise<{ data: Game[]; meta: PageMeta }> {
  const { page, perPage } = query;
  const offset = (page - 1) * perPage;
  const empty = { data: [], meta: pageMeta(page, perPage, 0) };
  const cache = await catalogueCache(db);
  const filters = await gameFilters(db, query, cache);
  if (!filters) return empty;
  const { where, key, collectionIds, inCollections, q } = filters;

  const filtered = inCollections ? [...where, inCollections] : where;
  const countKey = JSON.stringify(key);
  const countTotal = async () => {
    const [counted] = await db
      .select({ n: count() })
      .from(games)
      .where(and(...filtered));
    const n = Number(counted?.n ?? 0);
    rememberCount(cache, countKey, n);
    return n;
  };
  let total = cache.counts.get(countKey);
  // A name search reads every match anyway to rank them, so the page query counts them as well
  // (one scan instead of two); other listings walk an index and count apart.
  const countInPage = total === undefined && q !== '' && query.sortBy !== 'score';
  if (total === undefined && !countInPage) total = await countTotal();
  if (total !== undefined && offset >= total) return { data: [], meta: pageMeta(page, perPage, total) };

  const { order, byCollectionPosition } = gameOrder(query, q, collectionIds);
  const columns = countInPage ? { ...wireColumns(playerId), totalRows } : wireColumns(playerId);
  // `extra` narrows the page further (the score order's blocks).
  const pageRows = (extra: SQL[], limit: number, skip: number) => {
    const from = db.select(columns).from(games).$dynamic();
    // The join already keeps the collection's games.
    const selected = byCollectionPosition
      ? from
          .innerJoin(
            gameCollectionGames,
            and(eq(gameCollectionGames.gameId, games.id), eq(gameCollectionGames.collectionId, collectionIds![0]!)),
          )
          .where(and(...where, ...extra))
      : from.where(and(...filtered, ...extra));
    return selected
      .orderBy(...order)
      .limit(limit)
      .offset(skip);
  };
  let rows: WireRow[];
  const personal = query.sortBy === 'score' && playerId ? await personalGameIds(db, playerId) : [];
  if (!personal.length) rows = await pageRows([], perPage, offset);
  else {
    // The player's own games (at most a few hundred) form one block, the rest of the catalogue the
    // other; each block keeps the popularity order, so the large one can still use its index.
    const own = await db
      .select(columns)
      .from(games)
      .where(and(...filtered, inArray(games.id, personal)))
      .orderBy(...order);
    const rest = [notInArray(games.id, personal)];
    rows = await ownBlockFirst(own, (limit, skip) => pageRows(rest, limit, skip), query.sortOrder, {
      offset,
      perPage,
      total,
    });
  }
  if (total === undefined) {
    const first = rows[0] as { totalRows?: number } | undefined;
    total = first?.totalRows ?? (await countTotal());
    rememberCount(cache, countKey, total);
  }
  return { data: wireRows(cache, rows), meta: pageMeta(page, perPage, total) };
}

/**
 * A listing's filters: its conditions (the collection one apart, since one collection's order joins
 * it instead), the key its total is remembered under, the collections asked for and the search text.
 * Null when nothing can match.
 */
async function gameFilters(
  db: Db,
  query: GamesQuery,
  cache: CatalogueCache,
): Promise<{
  where: SQL[];
  key: Record<string, unknown>;
  collectionIds: string[] | null;
  inCollections: SQL | null;
  q: string;
} | null> {
  const countries = upperCountries(query['countries[]']);
  const where = listedWhere(cache, query.platform, countries);
  const key: Record<string, unknown> = { platform: query.platform, countries };

  let collectionIds: string[] | null = null;
  let inCollections: SQL | null = null;
  if (query['collectionId[]']) {
    collectionIds = key.collections = resolve(
      query['collectionId[]'],
      cache.collectionById,
      cache.collectionByIdentity,
    ).sort();
    if (!collectionIds.length) return null;
    inCollections = exists(
      db
        .select({ one: sql`1` })
        .from(gameCollectionGames)
        .where(and(eq(gameCollectionGames.gameId, games.id), inArray(gameCollectionGames.collectionId, collectionIds))),
    );
  }
  if (query['providerId[]']) {
    const ids = (key.providers = resolve(query['providerId[]'], cache.providerById, cache.providerByIdentity).sort());
    if (!ids.length) return null;
    where.push(inArray(games.providerId, ids));
  }
  if (query['gameId[]']) {
    const ids = (key.games = query['gameId[]'].filter(isUuid).sort());
    if (!ids.length) return null;
    where.push(inArray(games.id, ids));
  }
  if (query['identity[]']) where.push(inArray(games.identity, (key.identities = [...query['identity[]']].sort())));
  const q = (key.name = query.name ? searchName(query.name) : '');
  // A query of punctuation only names no game; the whole catalogue would be a surprising answer.
  if (query.name && !q) return null;
  // Every word must match, in any order, in the game's name or its studio's ("lemon fresh" finds
  // "Fresh Lemon"; "morkeskog" finds that studio's games). searchName leaves no LIKE wildcards in q.
  if (q) {
    const { providers } = await catalogueCache(db);
    for (const word of q.split(' ')) {
      const studios = providers.filter((p) => p.searchName.includes(word)).map((p) => p.wire.id);
      const inName = like(games.searchName, `%${word}%`);
      where.push(studios.length ? or(inName, inArray(games.providerId, studios))! : inName);
    }
  }
  return { where, key, collectionIds, inCollections, q };
}

/**
 * A listing's ORDER BY: name-search matches first, then the requested sort, then position and id.
 * `byCollectionPosition`: one collection in its own order, read through the collection's index.
 */
function gameOrder(
  query: GamesQuery,
  q: string,
  collectionIds: string[] | null,
): { order: SQL[]; byCollectionPosition: boolean } {
  const literal = query.sortOrder === 'desc' ? desc : asc;
  const rank = query.sortOrder === 'desc' ? asc : desc;
  const order: SQL[] = [];
  if (q) {
    order.push(
      sql`case when ${games.searchName} = ${q} then 0 when ${games.searchName} like ${`${q}%`} then 1 when ${games.searchName} like ${`% ${q}%`} then 2 else 3 end`,
    );
  }
  // One collection in its own order: walk the collection's (collection_id, position) index.
  const byCollectionPosition = query.sortBy === 'default' && collectionIds?.length === 1;
  if (byCollectionPosition) order.push(literal(gameCollectionGames.position));
  else if (query.sortBy === 'default' && collectionIds) {
    order.push(
      literal(
        sql`(select min(${gameCollectionGames.position}) from ${gameCollectionGames} where ${gameCollectionGames.gameId} = ${games.id} and ${inArray(gameCollectionGames.collectionId, collectionIds)})`,
      ),
    );
  } else if (query.sortBy === 'default') order.push(literal(games.position));
  else if (query.sortBy === 'name') order.push(literal(games.searchName), literal(games.name));
  else if (query.sortBy === 'createdAt') order.push(literal(games.createdAt));
  else order.push(rank(games.popularity));
  order.push(asc(games.position), asc(games.id));
  return { order, byCollectionPosition };
}

/**
 * The score order's page over two blocks: the player's own games (`own`, read whole) and the rest
 * of the catalogue (`restRows`, paged). Ascending lists the own block first, descending last.
 */
async function ownBlockFirst(
  own: WireRow[],
  restRows: (limit: number, skip: number) => PromiseLike<WireRow[]>,
  sortOrder: GamesQuery['sortOrder'],
  { offset, perPage, total }: { offset: number; perPage: number; total: number | undefined },
): Promise<WireRow[]> {
  if (sortOrder === 'asc') {
    const head = own.slice(offset, offset + perPage);
    const need = perPage - head.length;
    return [...head, ...(need > 0 ? await restRows(need, Math.max(0, offset - own.length)) : [])];
  }
  const restTotal = total! - own.length;
  const head = offset < restTotal ? await restRows(Math.min(perPage, restTotal - offset), offset) : [];
  const from = Math.max(0, offset - restTotal);
  return [...head, ...own.slice(from, from + perPage - head.length)];
}

/** Collections in menu order; with countries, only those shown everywhere or in one of them. Hidden ones are included, flagged. */
export async function listCollections(db: Db, countries?: string[]): Promise<Collection[]> {
  const wanted = upperCountries(countries);
  const { collections } = await catalogueCache(db);
  return collections
    .filter((c) => !wanted.length || !c.wire.countries.length || c.wire.countries.some((x) => wanted.includes(x)))
    .map((c) => c.wire);
}

/** `GET /providers`: listProviders in an envelope, remembered per query with the catalogue (a few dozen queries at most). */
export async function providersPage(
  db: Db,
  query: { name?: string; sortBy: 'name' | 'gameCount' | 'default'; sortOrder: 'asc' | 'desc' },
): Promise<{ data: Provider[] }> {
  const cache = await catalogueCache(db);
  const key = JSON.stringify([query.name ?? '', query.sortBy, query.sortOrder]);
  let page = cache.providerLists.get(key);
  if (!page) {
    page = Object.freeze({ data: await listProviders(db, query) });
    if (cache.providerLists.size < 200) cache.providerLists.set(key, page);
  }
  return page;
}

/** Enabled studios with at least one enabled game. */
export async function listProviders(
  db: Db,
  query: { name?: string; sortBy: 'name' | 'gameCount' | 'default'; sortOrder: 'asc' | 'desc' },
): Promise<Provider[]> {
  const { providers } = await catalogueCache(db);
  const q = query.name ? searchName(query.name) : '';
  const list = providers.filter((p) => p.isEnabled && p.wire.gameEnabledCount > 0 && (!q || p.searchName.includes(q)));
  const sign = query.sortOrder === 'desc' ? -1 : 1;
  list.sort((a, b) => {
    const primary =
      query.sortBy === 'name'
        ? a.searchName.localeCompare(b.searchName)
        : query.sortBy === 'gameCount'
          ? a.wire.gameEnabledCount - b.wire.gameEnabledCount
          : a.position - b.position;
    return sign * primary || a.position - b.position;
  });
  return list.map((p) => p.wire);
}

export async function getProvider(db: Db, idOrIdentity: string): Promise<Provider> {
  const cache = await catalogueCache(db);
  const provider = cache.providerById.get(idOrIdentity) ?? cache.providerByIdentity.get(idOrIdentity);
  // The sportsbook's own studio is no studio of the lobby.
  if (!provider?.isEnabled || provider.wire.id === SPORTSBOOK_PROVIDER.id) throw notFound('Provider not found');
  return provider.wire;
}

// ---- the player's own lists ----

async function gameOrThrow(db: Db, idOrIdentity: string): Promise<PlayableGame> {
  const row = await findGame(db, idOrIdentity);
  if (!row) throw notFound('Game not found');
  return row;
}

async function favoriteRows(db: Db, cache: CatalogueCache, playerId: string, page?: { limit: number; offset: number }) {
  const query = db
    .select({ ...wireColumns(playerId), totalRows })
    .from(gameFavorites)
    .innerJoin(games, eq(games.id, gameFavorites.gameId))
    .where(and(eq(gameFavorites.playerId, playerId), ...listedWhere(cache, undefined, [])))
    .orderBy(desc(gameFavorites.createdAt), asc(games.position))
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

async function favoriteGames(db: Db, playerId: string): Promise<Game[]> {
  const cache = await catalogueCache(db);
  return wireRows(cache, await favoriteRows(db, cache, playerId));
}

/** `GET /games/favorites`: newest first. */
export async function listFavorites(
  db: Db,
  playerId: string,
  page: number,
  perPage: number,
): Promise<{ data: Game[]; meta: PageMeta }> {
  const cache = await catalogueCache(db);
  const rows = await favoriteRows(db, cache, playerId, { limit: perPage, offset: (page - 1) * perPage });
  let total = rows[0]?.totalRows ?? 0;
  if (!rows.length && page > 1) {
    const [counted] = await db.select({ n: count() }).from(gameFavorites).where(eq(gameFavorites.playerId, playerId));
    total = Number(counted?.n ?? 0);
  }
  return { data: wireRows(cache, rows), meta: pageMeta(page, perPage, total) };
}

/** Adds a listed game to the favourites (again: no change) and answers with the whole list. */
export async function addFavorite(
  db: Db,
  favorites: FavoriteIds,
  playerId: string,
  idOrIdentity: string,
): Promise<Game[]> {
  const row = await gameOrThrow(db, idOrIdentity);
  if (!row.isEnabled || !row.providerEnabled) throw notFound('Game not found');
  const [counted] = await db.select({ n: count() }).from(gameFavorites).where(eq(gameFavorites.playerId, playerId));
  if (Number(counted?.n ?? 0) >= FAVORITES_MAX) {
    const [already] = await db
      .select({ gameId: gameFavorites.gameId })
      .from(gameFavorites)
      .where(and(eq(gameFavorites.playerId, playerId), eq(gameFavorites.gameId, row.id)));
    if (!already) throw unprocessable(`At most ${FAVORITES_MAX} favourite games`);
  }
  await db.insert(gameFavorites).values({ playerId, gameId: row.id }).onConflictDoNothing();
  favorites.forget(playerId);
  return favoriteGames(db, playerId);
}

/** Removes a game from the favourites (not there: no change) and answers with the whole list. */
export async function removeFavorite(
  db: Db,
  favorites: FavoriteIds,
  playerId: string,
  idOrIdentity: string,
): Promise<Game[]> {
  const row = await gameOrThrow(db, idOrIdentity);
  await db.delete(gameFavorites).where(and(eq(gameFavorites.playerId, playerId), eq(gameFavorites.gameId, row.id)));
  favorites.forget(playerId);
  return favoriteGames(db, playerId);
}

/** Stamps a launch for "recently played" and the `score` order; the launch code calls it (not for the sportsbook). */
export async function recordPlayed(db: DbOrTx, playerId: string, gameId: string): Promise<void> {
  await db
    .insert(gamePlays)
    .values({ playerId, gameId })
    .onConflictDoUpdate({ target: [gamePlays.playerId, gamePlays.gameId], set: { lastPlayedAt: sql`now()` } });
}

/** `GET /games/played`: last launched first, only games the player could still open here. */
export async function listPlayed(
  db: Db,
  playerId: string,
  query: { page: number; perPage: number; platform?: number; countryCode?: string },
): Promise<{ data: Game[]; meta: PageMeta }> {
  const { page, perPage } = query;
  const cache = await catalogueCache(db);
  const where = and(
    eq(gamePlays.playerId, playerId),
    ...listedWhere(cache, query.platform, upperCountries(query.countryCode ? [query.countryCode] : [])),
  );
  const rows = await db
    .select({ ...wireColumns(playerId), totalRows })
    .from(gamePlays)
    .innerJoin(games, eq(games.id, gamePlays.gameId))
    .where(where)
    .orderBy(desc(gamePlays.lastPlayedAt), asc(games.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  let total = rows[0]?.totalRows ?? 0;
  if (!rows.length && page > 1) {
    const [counted] = await db
      .select({ n: count() })
      .from(gamePlays)
      .innerJoin(games, eq(games.id, gamePlays.gameId))
      .where(where);
    total = Number(counted?.n ?? 0);
  }
  return { data: wireRows(cache, rows), meta: pageMeta(page, perPage, total) };
}

// ---- operator switches ----

/**
 * Shows or hides a game in listings (it still answers by id); refreshes this node's cached counts.
 * Answers the game's name, or null when no game has that id or identity.
 */
export async function setGameEnabled(
  db: Db,
  idOrIdentity: string,
  isEnabled: boolean,
): Promise<{ name: string } | null> {
  const [before] = await db.select({ isEnabled: games.isEnabled }).from(games).where(byIdOrIdentity(idOrIdentity));
  const [game] = await db
    .update(games)
    .set({ isEnabled })
    .where(byIdOrIdentity(idOrIdentity))
    .returning({ name: games.name });
  invalidateCatalogueCache(db);
  if (game)
    noteChange({
      targetType: 'game',
      targetId: idOrIdentity,
      before: { enabled: before?.isEnabled },
      after: { enabled: isEnabled },
    });
  return game ?? null;
}

/** Shows or hides a studio and all its games in listings. */
export async function setProviderEnabled(db: Db, providerId: string, isEnabled: boolean): Promise<void> {
  await db.update(gameProviders).set({ isEnabled }).where(eq(gameProviders.id, providerId));
  invalidateCatalogueCache(db);
}

/** What search engines may list: visible collections and enabled games, by identity. */
export async function publicCatalogueIdentities(db: DbOrTx): Promise<{ collections: string[]; games: string[] }> {
  const [collections, gameRows] = await Promise.all([
    db.select({ identity: gameCollections.identity }).from(gameCollections).where(eq(gameCollections.isHidden, false)),
    db
      .select({ identity: games.identity })
      .from(games)
      .where(and(eq(games.isEnabled, true), ne(games.engine, 'sportsbook')))
      .orderBy(games.identity),
  ]);
  return { collections: collections.map((c) => c.identity), games: gameRows.map((g) => g.identity) };
}

/** The ids of the games in any of these collections (by identity), for rules that name collections (quests, tournaments). */
export async function gameIdsInCollections(db: DbOrTx, identities: readonly string[]): Promise<string[]> {
  if (identities.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: gameCollectionGames.gameId })
    .from(gameCollectionGames)
    .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
    .where(inArray(gameCollections.identity, [...identities]));
  return rows.map((row) => row.id).sort();
}
