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
import { registerQuestConsumers } from './consumers.ts';
import { activateQuest, cancelQuest, expireDueQuests, listAvailableQuests, listPlayerQuests } from './service.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';

const bearer = [{ bearer: [] }];
const changeRate = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * `/api/retention/quests` and `/api/retention/player-quests`. Registers the `quests` outbox lane and
 * the quest pushes, and starts this node's expiry job (a lease keeps two nodes from the same batch).
 */
export const questRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const stopConsumers = registerQuestConsumers(ctx.outboxConsumers, ctx.config.bonus);
    startPeriodicJob(app, ctx, 'quest-expiry', ctx.config.bonus.jobMs, () => expireDueQuests(ctx));
    app.addHook('onClose', async () => {
      stopConsumers();
    });

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
