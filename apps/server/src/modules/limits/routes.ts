import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  idParamSchema,
  limitConfirmBodySchema,
  limitCreateBodySchema,
  limitsSummaryQuerySchema,
  limitsSummarySchema,
  limitUpdateBodySchema,
  playerLimitSchema,
  playSummaryQuerySchema,
  playSummarySchema,
  realityCheckBodySchema,
  realityCheckSchema,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { playSince, realityCheckOf, setRealityCheck } from './play-settings.ts';
import {
  addPlayerLimit,
  confirmLimitChange,
  deletePlayerLimit,
  limitsSummary,
  listPlayerLimits,
  updatePlayerLimit,
  type LimitsPorts,
} from './player-limits.ts';
import { limitRowsCache } from './changes.ts';
import { perPlayer } from '../../lib/rate-limits.ts';

const bearer = [{ bearer: [] }];
const changeRate = perPlayer('limits', 30);
/** One limit's answer, with every refusal a change can meet. */
const one = { 200: dataEnvelope(playerLimitSchema), ...errorResponses(401, 404, 409, 422, 429) };

/** The plugin's zod-typed instance: the route groups below register on it, in its scope. */
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `/api/player/limits`: the player's own responsible-gaming limits, exclusions and reality check.
 */
export const limitsRoutes =
  (ctx: AppContext, ports: LimitsPorts): FastifyPluginAsyncZod =>
  async (app) => {
    const rows = limitRowsCache(ctx.database.kind);
    app.addHook('onClose', async () => rows.close());
    app.addHook('onRequest', requirePlayer(ctx));
    limitListRoutes(app, ctx, ports, rows.cache);
    summaryRoutes(app, ctx, ports);
    limitChangeRoutes(app, ctx, ports);
  };

/** The limits in effect, adding one, and confirming an e-mailed raise or removal. */
function limitListRoutes(
  app: App,
  ctx: AppContext,
  ports: LimitsPorts,
  cache: ReturnType<typeof limitRowsCache>['cache'],
): void {
  app.get(
    '/',
    {
      schema: {
        tags: ['limits'],
        summary: "The player's limits in effect, with this period's use and any change waiting",
        security: bearer,
        response: { 200: dataEnvelope(z.array(playerLimitSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ({
      data: await listPlayerLimits(ctx.db, ports, authOf(request).playerId, new Date(), cache),
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['limits'],
        summary:
          'Add a limit (1 bet, 2 loss, 3 deposit: applies at once; 4 self-exclusion, 5 cooling-off: starts at once and signs the player out everywhere)',
        security: bearer,
        body: limitCreateBodySchema,
        response: one,
      },
      config: changeRate,
    },
    async (request) => {
      const { playerId } = authOf(request);
      const { limit, endedSessions } = await addPlayerLimit(ctx, ports, playerId, request.body);
      for (const sessionId of endedSessions) ctx.sessions.forget(sessionId);
      if (endedSessions.length) request.log.info({ playerId, sessionsClosed: endedSessions.length }, 'player excluded');
      return { data: limit };
    },
  );

  app.post(
    '/confirm',
    {
      schema: {
        tags: ['limits'],
        summary: 'Confirm a raise or removal with the e-mailed token; it takes effect 24 hours later',
        security: bearer,
        body: limitConfirmBodySchema,
        response: { 200: dataEnvelope(z.object({ effectiveAt: z.string() })), ...errorResponses(401, 422, 429) },
      },
      config: perPlayer('limits-confirm', 10),
    },
    async (request) => {
      const data = await confirmLimitChange(ctx, {
        playerId: authOf(request).playerId,
        token: request.body.token,
      });
      return { data };
    },
  );
}

/** This period's totals, and the reality check: its settings and the play since the session began. */
function summaryRoutes(app: App, ctx: AppContext, ports: LimitsPorts): void {
  app.get(
    '/summary',
    {
      schema: {
        tags: ['limits'],
        summary: 'Net deposits and net result of one currency for the current day, week and month',
        security: bearer,
        querystring: limitsSummaryQuerySchema,
        response: { 200: dataEnvelope(limitsSummarySchema), ...errorResponses(401, 422) },
      },
    },
    async (request) => ({
      data: await limitsSummary(ctx.db, ports, authOf(request).playerId, request.query.currency),
    }),
  );

  app.get(
    '/reality-check',
    {
      schema: {
        tags: ['limits'],
        summary: "The player's reality-check interval and session-time limit",
        security: bearer,
        response: { 200: dataEnvelope(realityCheckSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      data: await realityCheckOf(ctx.db, authOf(request).playerId, ctx.config.limits.realityCheckMinutes),
    }),
  );

  app.put(
    '/reality-check',
    {
      schema: {
        tags: ['limits'],
        summary: 'Choose the reality-check interval (10, 20, 30 or 60 minutes) and a session-time limit',
        security: bearer,
        body: realityCheckBodySchema,
        response: { 200: dataEnvelope(realityCheckSchema), ...errorResponses(401, 422, 429) },
      },
      config: changeRate,
    },
    async (request) => ({ data: await setRealityCheck(ctx.db, authOf(request).playerId, request.body) }),
  );

  app.get(
    '/reality-check/summary',
    {
      schema: {
        tags: ['limits'],
        summary: 'Real-money stakes, wins and net result of one currency since the play session began',
        security: bearer,
        querystring: playSummaryQuerySchema,
        response: { 200: dataEnvelope(playSummarySchema), ...errorResponses(401, 422) },
      },
    },
    async (request) => ({
      data: await playSince(
        ctx.db,
        ports,
        authOf(request).playerId,
        request.query.currency,
        new Date(request.query.since),
      ),
    }),
  );
}

/** Changing or removing one money limit (a lowering at once, the rest after e-mail and 24 hours). */
function limitChangeRoutes(app: App, ctx: AppContext, ports: LimitsPorts): void {
  app.put(
    '/:id',
    {
      schema: {
        tags: ['limits'],
        summary: 'Change a money limit: lower applies at once; higher or another period waits for e-mail and 24 hours',
        security: bearer,
        params: idParamSchema,
        body: limitUpdateBodySchema,
        response: one,
      },
      config: changeRate,
    },
    async (request) => {
      const data = await updatePlayerLimit(ctx, ports, {
        playerId: authOf(request).playerId,
        id: request.params.id,
        body: request.body,
        publicUrl: ctx.config.publicUrl,
      });
      return { data };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['limits'],
        summary:
          'With a change waiting: cancel it. Otherwise ask to remove the money limit (e-mail, then 24 hours). Exclusions cannot be lifted.',
        security: bearer,
        params: idParamSchema,
        response: one,
      },
      config: changeRate,
    },
    async (request) => {
      const { limit } = await deletePlayerLimit(ctx, ports, {
        playerId: authOf(request).playerId,
        id: request.params.id,
        publicUrl: ctx.config.publicUrl,
      });
      return { data: limit };
    },
  );
}
