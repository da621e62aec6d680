import { dataEnvelope, idParamSchema, pageEnvelope, tournamentSchema, tournamentsQuerySchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { optionalPlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { listTournaments, tournamentDetail } from './service.ts';
import { createReadCache } from '../../lib/read-cache.ts';

/** How long a node answers the tournament list from memory. */
export const LIST_FRESH_MS = 5_000;

/** `/api/retention/tournaments`: the list and a tournament (guests too). */
export const tournamentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The home page's section asks the same list on every load, the same for every visitor. A node
    // keeps each list LIST_FRESH_MS: tournaments start and end by a job that runs every JOB_MS, and
    // the page itself keeps the list 30 s, so a few seconds more change nothing anyone sees.
    const lists = createReadCache<Awaited<ReturnType<typeof listTournaments>>>({
      maxAgeMs: LIST_FRESH_MS,
      maxEntries: 500,
    });
    app.get(
      '/',
      {
        schema: {
          tags: ['retention'],
          summary: 'Tournaments (state 2 upcoming, 3 running, 4 finished, 5 cancelled): running first',
          querystring: tournamentsQuerySchema,
          response: { 200: pageEnvelope(tournamentSchema), ...errorResponses(422) },
        },
      },
      async (request) => lists.get(JSON.stringify(request.query), () => listTournaments(ctx.db, request.query)),
    );

    app.get(
      '/:id',
      {
        onRequest: optionalPlayer(ctx),
        schema: {
          tags: ['retention'],
          summary: 'A tournament by id or identity; to a player also their standing, the prizes and the top 10',
          security: [{ bearer: [] }, {}],
          params: idParamSchema,
          response: { 200: dataEnvelope(tournamentSchema), ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => ({
        data: await tournamentDetail(ctx.db, request.params.id, request.auth?.playerId ?? null),
      }),
    );
  };
