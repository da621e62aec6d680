import {
  dataEnvelope,
  idParamSchema,
  pageEnvelope,
  playerFreespinSchema,
  playerFreespinsQuerySchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { activateFreespins, cancelFreespins, listPlayerFreespins } from './freespins.ts';
import { perPlayer } from '../../lib/rate-limits.ts';

const bearer = [{ bearer: [] }];
const changeRate = perPlayer('freespins', 30);

/**
 * `/api/game/player-freespins`: the player's free spins, to activate and cancel (the winnings lane
 * and their expiry are the module's: manifest.ts).
 */
export const freespinRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requirePlayer(ctx));
    const one = { 200: dataEnvelope(playerFreespinSchema), ...errorResponses(401, 404, 409, 429, 502) };

    app.get(
      '/',
      {
        schema: {
          tags: ['bonus'],
          summary: "The player's free spins (status 1 issued, 2 active, 3 finished), active first, newest first",
          security: bearer,
          querystring: playerFreespinsQuerySchema,
          response: { 200: pageEnvelope(playerFreespinSchema), ...errorResponses(401, 422) },
        },
      },
      async (request) => listPlayerFreespins(ctx.db, authOf(request).playerId, request.query),
    );

    app.put(
      '/:id/activate',
      {
        schema: {
          tags: ['bonus'],
          summary: 'Activate issued free spins: they are granted to the game and can be played',
          security: bearer,
          params: idParamSchema,
          response: one,
        },
        config: changeRate,
      },
      async (request) => ({ data: await activateFreespins(ctx, authOf(request).playerId, request.params.id) }),
    );

    app.put(
      '/:id/cancel',
      {
        schema: {
          tags: ['bonus'],
          summary: 'Cancel free spins: the spins left and the winnings so far are forfeited',
          security: bearer,
          params: idParamSchema,
          response: one,
        },
        config: changeRate,
      },
      async (request) => ({ data: await cancelFreespins(ctx, authOf(request).playerId, request.params.id) }),
    );
  };
