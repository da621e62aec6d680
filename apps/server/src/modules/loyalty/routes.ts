import {
  dataEnvelope,
  loyaltyAccountSchema,
  loyaltyLevelSchema,
  loyaltyLevelsQuerySchema,
  loyaltyRateSchema,
  pageEnvelope,
} from '@casino/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authOf, optionalPlayer, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { listLevels, listRates, loyaltyAccountCache, rememberedAccountOf } from './service.ts';

const bearer = [{ bearer: [] }];

/**
 * `/api/retention` (loyalty): the levels and rates (guests too) and the player's account.
 */
export const loyaltyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const accounts = loyaltyAccountCache(ctx.database.kind);
    app.addHook('onClose', async () => accounts.close());

    app.get(
      '/levels',
      {
        onRequest: optionalPlayer(ctx),
        schema: {
          tags: ['loyalty'],
          summary: 'The loyalty levels: name, order and the points that reach each',
          querystring: loyaltyLevelsQuerySchema,
          response: { 200: pageEnvelope(loyaltyLevelSchema), ...errorResponses(401, 422) },
        },
      },
      async (request) => listLevels(ctx.db, request.query),
    );

    app.get(
      '/rates',
      {
        onRequest: optionalPlayer(ctx),
        schema: {
          tags: ['loyalty'],
          summary: 'How points are earned: points per amount of the base currency staked in real money, per game type',
          response: { 200: dataEnvelope(z.array(loyaltyRateSchema)), ...errorResponses(401) },
        },
      },
      async () => ({ data: await listRates(ctx.db) }),
    );

    app.get(
      '/account',
      {
        onRequest: requirePlayer(ctx),
        schema: {
          tags: ['loyalty'],
          summary: "The player's loyalty account: points, the level reached and the next one",
          security: bearer,
          response: { 200: dataEnvelope(loyaltyAccountSchema), ...errorResponses(401, 404) },
        },
      },
      async (request) => ({ data: await rememberedAccountOf(ctx.db, accounts.cache, authOf(request).playerId) }),
    );
  };
