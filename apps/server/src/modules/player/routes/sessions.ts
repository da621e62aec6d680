import { z } from 'zod';
import {
  authResultSchema,
  dataEnvelope,
  idParamSchema,
  pageEnvelope,
  pageMeta,
  pageQuerySchema,
  playerSessionSchema,
} from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { authOf, bearerClaims, requirePlayer } from '../../../lib/auth-guard.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { closeOwnSession, closeSession, listSessions, refreshSession } from '../service.ts';
import { bearer, type PlayerApp } from './kit.ts';

/** The player's sessions: refreshing the token, signing out, the list of devices, ending one of them. */
export function sessionRoutes(app: PlayerApp, ctx: AppContext): void {
  currentSessionRoutes(app, ctx);
  deviceRoutes(app, ctx);
}

/** The current session: rotating its token, ending it. */
function currentSessionRoutes(app: PlayerApp, ctx: AppContext): void {
  app.post(
    '/sessions/refresh',
    {
      schema: {
        tags: ['player'],
        summary: 'Rotate the access token (send the current token as Bearer; it may be expired)',
        security: bearer,
        response: { 200: dataEnvelope(authResultSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const claims = await bearerClaims(ctx, request, { allowExpired: true });
      try {
        return {
          data: await refreshSession(ctx.db, ctx.tokens, claims, {
            idleTtlSec: ctx.config.sessionIdleTtlSec,
            maxTtlSec: ctx.config.sessionMaxTtlSec,
          }),
        };
      } finally {
        // Rotated, or closed as a replay or idle: either way what nodes remember of it is stale.
        ctx.sessions.forget(claims.sessionId);
      }
    },
  );

  app.post(
    '/sessions/logout',
    {
      onRequest: requirePlayer(ctx),
      config: { withdrawOnly: true },
      schema: {
        tags: ['player'],
        summary: 'End the current session',
        security: bearer,
        response: { 200: dataEnvelope(z.object({ ok: z.literal(true) })), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { sessionId } = authOf(request);
      await closeSession(ctx.db, sessionId, 'logout');
      ctx.sessions.forget(sessionId);
      return { data: { ok: true as const } };
    },
  );
}

/** The player's sessions on every device: the list, and ending one of them. */
function deviceRoutes(app: PlayerApp, ctx: AppContext): void {
  app.get(
    '/sessions',
    {
      onRequest: requirePlayer(ctx),
      schema: {
        tags: ['player'],
        summary: "The player's sessions (devices), newest first; the current one is marked",
        security: bearer,
        querystring: pageQuerySchema,
        response: { 200: pageEnvelope(playerSessionSchema), ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const { playerId, sessionId } = authOf(request);
      const { page, perPage } = request.query;
      const { data, totalRows } = await listSessions(ctx.db, playerId, sessionId, { page, perPage });
      return { data, meta: pageMeta(page, perPage, totalRows) };
    },
  );

  app.put(
    '/sessions/:id/close',
    {
      onRequest: requirePlayer(ctx),
      schema: {
        tags: ['player'],
        summary: "End one of the player's sessions (its live connections close at once)",
        security: bearer,
        params: idParamSchema,
        response: { 200: dataEnvelope(z.object({ ok: z.literal(true) })), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { playerId } = authOf(request);
      await closeOwnSession(ctx.db, playerId, request.params.id);
      ctx.sessions.forget(request.params.id);
      return { data: { ok: true as const } };
    },
  );
}
