import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, gameIdOrIdentityParamsSchema, playBodySchema, playResultSchema } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { optionalPlayer } from '../../../lib/auth-guard.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { countryOf } from '../../../lib/geo.ts';
import { playGame } from './service.ts';

/** Game start (`/api/game/games/{idOrIdentity}/play`). */
export const playRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/games/:idOrIdentity/play',
      {
        onRequest: optionalPlayer(ctx),
        schema: {
          tags: ['game'],
          summary:
            'Start a game: demo (anyone, games with a demo mode) or real money (players); answers the iframe URL',
          security: [{ bearer: [] }, {}],
          params: gameIdOrIdentityParamsSchema,
          body: playBodySchema,
          response: { 200: dataEnvelope(playResultSchema), ...errorResponses(401, 403, 404, 422, 502) },
        },
      },
      async (request) => {
        const auth = request.auth ? { playerId: request.auth.playerId, sessionId: request.auth.sessionId } : null;
        const result = await playGame(
          ctx,
          {
            idOrIdentity: request.params.idOrIdentity,
            auth,
            country: countryOf(request, ctx.config),
            body: request.body,
          },
          request.log,
        );
        request.log.info(
          { playerId: auth?.playerId ?? null, game: request.params.idOrIdentity, demo: request.body.demoMode },
          'game launched',
        );
        return { data: result };
      },
    );
  };
