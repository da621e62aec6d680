import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  betSchema,
  betsQuerySchema,
  dataEnvelope,
  pageEnvelope,
  pageQuerySchema,
  spinSchema,
  winnerSchema,
  winnersQuerySchema,
} from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { authOf, requirePlayer } from '../../../lib/auth-guard.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { listBets, listSpins } from './service.ts';
import type { Winners } from './winners.ts';

const bearer = [{ bearer: [] }];

/** Round histories of the player and the public latest-winners feed (under `/api/game`). */
export const historyRoutes =
  (ctx: AppContext, winners: Winners): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/spins',
      {
        onRequest: requirePlayer(ctx),
        schema: {
          tags: ['game'],
          summary: "The player's casino rounds, newest first",
          security: bearer,
          querystring: pageQuerySchema,
          response: { 200: pageEnvelope(spinSchema), ...errorResponses(401, 422) },
        },
      },
      async (request) => listSpins(ctx.db, authOf(request).playerId, request.query),
    );

    app.get(
      '/bets',
      {
        onRequest: requirePlayer(ctx),
        schema: {
          tags: ['game'],
          summary: "The player's rounds as bets; isSettled=true closed, false open",
          security: bearer,
          querystring: betsQuerySchema,
          response: { 200: pageEnvelope(betSchema), ...errorResponses(401, 422) },
        },
      },
      async (request) => listBets(ctx.db, authOf(request).playerId, request.query),
    );

    app.get(
      '/spins/winners',
      {
        schema: {
          tags: ['game'],
          summary: 'Latest real-money wins (public)',
          querystring: winnersQuerySchema,
          response: { 200: dataEnvelope(z.array(winnerSchema)), ...errorResponses(422) },
        },
      },
      async (request) => ({ data: await winners.latest(ctx.db, request.query) }),
    );
  };
