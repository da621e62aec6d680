import {
  dataEnvelope,
  idParamSchema,
  pageEnvelope,
  playerBonusesQuerySchema,
  playerBonusSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { activateBonus, cancelBonus, listPlayerBonuses } from './service.ts';
import { perPlayer } from '../../lib/rate-limits.ts';

const bearer = [{ bearer: [] }];
const changeRate = perPlayer('bonuses', 30);

/**
 * `/api/game/player-bonuses`: the player's bonuses, to activate and cancel.
 */
export const bonusRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requirePlayer(ctx));
    const one = { 200: dataEnvelope(playerBonusSchema), ...errorResponses(401, 404, 409, 429) };

    app.get(
      '/',
      {
        schema: {
          tags: ['bonus'],
          summary: "The player's bonuses (status 1 issued, 2 active, 3 finished), active first, newest first",
          security: bearer,
          querystring: playerBonusesQuerySchema,
          response: { 200: pageEnvelope(playerBonusSchema), ...errorResponses(401, 422) },
        },
      },
      async (request) => listPlayerBonuses(ctx.db, authOf(request).playerId, request.query),
    );

    app.put(
      '/:id/activate',
      {
        schema: {
          tags: ['bonus'],
          summary:
            'Activate an issued bonus: its money becomes bonus money and wagering begins (an active one is cancelled)',
          security: bearer,
          params: idParamSchema,
          response: one,
        },
        config: changeRate,
      },
      async (request) => ({ data: await activateBonus(ctx, authOf(request).playerId, request.params.id) }),
    );

    app.put(
      '/:id/cancel',
      {
        schema: {
          tags: ['bonus'],
          summary: 'Cancel a bonus: an active one forfeits its bonus money',
          security: bearer,
          params: idParamSchema,
          response: one,
        },
        config: changeRate,
      },
      async (request) => ({ data: await cancelBonus(ctx, authOf(request).playerId, request.params.id) }),
    );
  };
