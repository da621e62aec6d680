import { cashbackQuerySchema, cashbackResponseSchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { playerCashback } from './cashback.ts';

/**
 * `/api/game/bonuses/cashback`: the player's cashback (paid, and the period under way). The job that
 * pays each ended period is the module's (manifest.ts).
 */
export const cashbackRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requirePlayer(ctx));
    app.get(
      '/',
      {
        schema: {
          tags: ['bonus'],
          summary:
            "The player's cashback: paid (data, newest first) and each programme's running figure and next payout (current)",
          security: [{ bearer: [] }],
          querystring: cashbackQuerySchema,
          response: { 200: cashbackResponseSchema, ...errorResponses(401, 422) },
        },
      },
      async (request) =>
        playerCashback(ctx.db, authOf(request).playerId, request.query.currency, ctx.config.bonus.maxWagerMultiplier),
    );
  };
