import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collectionSchema,
  collectionsQuerySchema,
  dataEnvelope,
  gameIdOrIdentityParamsSchema,
  gameSchema,
  gamesQuerySchema,
  pageEnvelope,
  pageQuerySchema,
  playedQuerySchema,
  providerSchema,
  providersQuerySchema,
} from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { authOf, optionalPlayer, requirePlayer } from '../../../lib/auth-guard.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { createSharedReadCache } from '../../../lib/read-cache.ts';
import {
  addFavorite,
  getGame,
  type FavoriteIds,
  getProvider,
  listCollections,
  listFavorites,
  listGames,
  listPlayed,
  providersPage,
  removeFavorite,
} from './service.ts';

const tags = ['game'];
const bearer = [{ bearer: [] }];
/** Guests too; a token, when sent, makes the answer the player's (favourites, say). */
const guestOrBearer = [...bearer, {}];
const idOrIdentityParams = gameIdOrIdentityParamsSchema;
const gamePage = pageEnvelope(gameSchema);
const gameList = dataEnvelope(z.array(gameSchema));

/** Query keys that are arrays on the wire; `key=a` is accepted as well as `key[]=a`. */
const ARRAY_KEYS = ['collectionId', 'providerId', 'gameId', 'identity', 'countries'];
const asArray = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The game catalogue: collections, studios, games, and the player's favourites and recently played. */
export const catalogueRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', arrayKeysAsArrays);
    const favorites: FavoriteIds = createSharedReadCache(ctx.broker, 'game-favorites', {
      maxAgeMs: 60_000,
      maxEntries: 20_000,
      log: ctx.log,
    });
    const shared: Shared = { favorites, optional: optionalPlayer(ctx), player: requirePlayer(ctx) };
    studioRoutes(app, ctx);
    gameRoutes(app, ctx, shared);
    favoriteRoutes(app, ctx, shared);
  };

/** The plugin's zod-typed instance: the route groups below register on it, in its scope. */
type App = Parameters<FastifyPluginAsyncZod>[0];
/** What the route groups share: the favourites cache and one instance of each player guard. */
type Shared = {
  favorites: FavoriteIds;
  optional: ReturnType<typeof optionalPlayer>;
  player: ReturnType<typeof requirePlayer>;
};

/** Moves each of ARRAY_KEYS' plain `key` values into its `key[]` array, so either form validates. */
async function arrayKeysAsArrays(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return;
  for (const key of ARRAY_KEYS) {
    if (!(key in query)) continue;
    query[`${key}[]`] = [...asArray(query[`${key}[]`]), ...asArray(query[key])];
    delete query[key];
  }
}

const playerOf = (request: FastifyRequest) => request.auth?.playerId ?? null;

/** Collections and game studios: open to guests. */
function studioRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/collections',
    {
      schema: {
        tags,
        summary: 'Game collections in menu order (hidden ones flagged); `countries[]` keeps those shown there',
        querystring: collectionsQuerySchema,
        response: { 200: dataEnvelope(z.array(collectionSchema)), ...errorResponses(422) },
      },
    },
    async (request) => ({ data: await listCollections(ctx.db, request.query['countries[]']) }),
  );

  app.get(
    '/providers',
    {
      schema: {
        tags,
        summary: 'Game studios with enabled games; `name` matches any part, ignoring case and accents',
        querystring: providersQuerySchema,
        response: { 200: dataEnvelope(z.array(providerSchema)), ...errorResponses(422) },
      },
    },
    async (request) => providersPage(ctx.db, request.query),
  );

  app.get(
    '/providers/:idOrIdentity',
    {
      schema: {
        tags,
        summary: 'One game studio by id or identity',
        params: idOrIdentityParams,
        response: { 200: dataEnvelope(providerSchema), ...errorResponses(404, 422) },
      },
    },
    async (request) => ({ data: await getProvider(ctx.db, request.params.idOrIdentity) }),
  );
}

/** Games: the filtered catalogue, the player's favourites and recently played, and one game. */
function gameRoutes(app: App, ctx: AppContext, { favorites, optional, player }: Shared): void {
  app.get(
    '/games',
    {
      onRequest: optional,
      schema: {
        tags,
        summary: 'Enabled games, filtered, searched, sorted and paged',
        description:
          'Arrays accept `key[]=a&key[]=b` and `key=a`. `collectionId[]`/`providerId[]` take ids or identities. ' +
          '`name` matches prefix or substring ignoring case, accents and punctuation; exact and prefix matches come first. ' +
          '`sortBy=default` is the operator order (the collection order with one `collectionId[]`); `popularity` and `score` ' +
          "are ranks: `sortOrder=asc` (the default) lists the most popular first, and `score` puts a player's favourites and recent games first.",
        security: guestOrBearer,
        querystring: gamesQuerySchema,
        response: { 200: gamePage, ...errorResponses(401, 422) },
      },
    },
    async (request) => listGames(ctx.db, request.query, playerOf(request), favorites),
  );

  app.get(
    '/games/favorites',
    {
      onRequest: player,
      schema: {
        tags,
        summary: "The player's favourite games, newest first",
        security: bearer,
        querystring: pageQuerySchema,
        response: { 200: gamePage, ...errorResponses(401, 422) },
      },
    },
    async (request) => listFavorites(ctx.db, authOf(request).playerId, request.query.page, request.query.perPage),
  );

  app.get(
    '/games/played',
    {
      onRequest: player,
      schema: {
        tags,
        summary: "The player's recently played games, last played first",
        security: bearer,
        querystring: playedQuerySchema,
        response: { 200: gamePage, ...errorResponses(401, 422) },
      },
    },
    async (request) => listPlayed(ctx.db, authOf(request).playerId, request.query),
  );

  app.get(
    '/games/:idOrIdentity',
    {
      onRequest: optional,
      schema: {
        tags,
        summary: 'One game by id or identity (also a disabled one, for open sessions and histories)',
        security: guestOrBearer,
        params: idOrIdentityParams,
        response: { 200: dataEnvelope(gameSchema), ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => ({
      data: await getGame(ctx.db, request.params.idOrIdentity, playerOf(request), favorites),
    }),
  );
}

/** Adding and removing a favourite game; each answers with the whole list. */
function favoriteRoutes(app: App, ctx: AppContext, { favorites, player }: Shared): void {
  app.post(
    '/games/:idOrIdentity/favorite',
    {
      onRequest: player,
      schema: {
        tags,
        summary: 'Add a game to the favourites; answers with the whole list',
        security: bearer,
        params: idOrIdentityParams,
        response: { 200: gameList, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => ({
      data: await addFavorite(ctx.db, favorites, authOf(request).playerId, request.params.idOrIdentity),
    }),
  );

  app.delete(
    '/games/:idOrIdentity/favorite',
    {
      onRequest: player,
      schema: {
        tags,
        summary: 'Remove a game from the favourites; answers with the whole list',
        security: bearer,
        params: idOrIdentityParams,
        response: { 200: gameList, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => ({
      data: await removeFavorite(ctx.db, favorites, authOf(request).playerId, request.params.idOrIdentity),
    }),
  );
}
