import {
  dataEnvelope,
  idParamSchema,
  pageEnvelope,
  playerQuestSchema,
  playerQuestsQuerySchema,
  questsQuerySchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { listAvailableQuests, listPlayerQuests } from './listing.ts';
import { activateQuest, cancelQuest } from './player-quests.ts';
import { perPlayer } from '../../lib/rate-limits.ts';

const bearer = [{ bearer: [] }];
const changeRate = perPlayer('quests', 30);

/**
 * `/api/retention/quests` and `/api/retention/player-quests` (the lane, pushes and expiry job are the
 * module's: manifest.ts).
 */
export const questRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requirePlayer(ctx));
    const one = { 200: dataEnvelope(playerQuestSchema), ...errorResponses(401, 404, 409, 422, 429) };

    app.get(
      '/quests',
      {
        schema: {
          tags: ['quests'],
          summary: 'Quests on offer the player has not started, their tasks and rewards in the currency',
          security: bearer,
          querystring: questsQuerySchema,
          response: { 200: pageEnvelope(playerQuestSchema), ...errorResponses(401, 422) },
        },
      },
      async (request) => listAvailableQuests(ctx.db, authOf(request).playerId, request.query),
    );

    app.get(
      '/player-quests',
      {
        schema: {
          tags: ['quests'],
          summary:
            "The player's quests (state 1 issued, 2 in progress, 3 completed, 4 rewarded, 5 canceled, 6 expired)",
          security: bearer,
          querystring: playerQuestsQuerySchema,
          response: { 200: pageEnvelope(playerQuestSchema), ...errorResponses(401, 422) },
        },
      },
      async (request) => listPlayerQuests(ctx.db, authOf(request).playerId, request.query),
    );

    app.put(
      '/quests/:id/activate',
      {
        schema: {
          tags: ['quests'],
          summary: 'Start a quest (a definition on offer, or one issued to the player)',
          security: bearer,
          params: idParamSchema,
          response: one,
        },
        config: changeRate,
      },
      async (request) => ({
        data: await activateQuest(ctx, ctx.config.bonus, authOf(request).playerId, request.params.id),
      }),
    );

    app.put(
      '/player-quests/:id/cancel',
      {
        schema: {
          tags: ['quests'],
          summary: 'Cancel an issued or running quest',
          security: bearer,
          params: idParamSchema,
          response: one,
        },
        config: changeRate,
      },
      async (request) => ({ data: await cancelQuest(ctx, authOf(request).playerId, request.params.id) }),
    );
  };
