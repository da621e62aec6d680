import { dataEnvelope, promotionSchema, promotionsQuerySchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../lib/errors.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import { listPromotions } from './promotions.ts';

/** How long a node answers the promotions from memory: an operator's enable or disable shows within it. */
export const PROMOTIONS_FRESH_MS = 5_000;

/**
 * `/api/game/promotions` (guests too): the offers and their full terms, the same for every visitor — so
 * a guest can read the welcome package before signing up. Kept per currency for a few seconds, as the
 * tournament list is: a crawler or a flood reads memory, not the database.
 */
export const promotionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const lists = createReadCache<Awaited<ReturnType<typeof listPromotions>>>({
      maxAgeMs: PROMOTIONS_FRESH_MS,
      maxEntries: 100,
    });
    app.get(
      '/',
      {
        schema: {
          tags: ['bonus'],
          summary:
            'Promotions anyone may read: deposit bonuses (the welcome package, reloads) and cashback, with their full terms, in a currency (default EUR)',
          querystring: promotionsQuerySchema,
          response: { 200: dataEnvelope(z.array(promotionSchema)), ...errorResponses(422) },
        },
      },
      async (request) => {
        const currency = request.query.currency ?? 'EUR';
        return { data: await lists.get(currency, () => listPromotions(ctx.db, ctx.config.bonus, currency)) };
      },
    );
  };
