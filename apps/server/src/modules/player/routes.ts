import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResultSchema,
  dataEnvelope,
  fieldMetaSchema,
  fieldsQuerySchema,
  idParamSchema,
  loginBodySchema,
  pageEnvelope,
  pageMeta,
  pageQuerySchema,
  playerInitSchema,
  playerSessionSchema,
  profileSchema,
  registerBodySchema,
  type Profile,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, bearerClaims, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { countryOf } from '../../lib/geo.ts';
import { restrictionOf } from '../settings/index.ts';
import { createReadCache, noReadCache, type ReadCache } from '../../lib/read-cache.ts';
import { fieldsFor } from './fields.ts';
import { SESSION_STATE_FRESH_MS } from './session-states.ts';
import {
  closeOwnSession,
  closeSession,
  getProfile,
  listSessions,
  loginPlayer,
  refreshSession,
  registerPlayer,
  type ClientInfo,
} from './service.ts';

const bearer = [{ bearer: [] }];

export const playerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The embedded database runs queries on this process's thread: the profile every page asks for is
    // kept a second (as long as a session state is; nothing changes a profile yet but registration).
    const profiles: ReadCache<Profile> =
      ctx.database.kind === 'pglite' ? createReadCache({ maxAgeMs: SESSION_STATE_FRESH_MS }) : noReadCache();
    const client = (request: FastifyRequest, fingerprint?: string): ClientInfo => ({
      ip: request.ip,
      country: countryOf(request, ctx.config),
      userAgent: request.headers['user-agent'] ?? null,
      fingerprint: fingerprint ?? null,
    });

    app.get(
      '/init',
      {
        schema: {
          tags: ['player'],
          summary: 'Visitor country, geo restriction and public feature flags',
          response: { 200: dataEnvelope(playerInitSchema) },
        },
      },
      async (request) => {
        const country = countryOf(request, ctx.config);
        return { data: { country, ...restrictionOf(country), features: ctx.config.features } };
      },
    );

    app.get(
      '/fields/validations',
      {
        schema: {
          tags: ['player'],
          summary: 'Form fields and their validation rules for a scenario',
          querystring: fieldsQuerySchema,
          response: { 200: dataEnvelope(z.array(fieldMetaSchema)), ...errorResponses(422) },
        },
      },
      async (request) => ({ data: [...fieldsFor(request.query.scenario)] }),
    );

    app.post(
      '/register',
      {
        schema: {
          tags: ['player'],
          summary: 'Register with email and password; opens the first session',
          body: registerBodySchema,
          response: { 200: dataEnvelope(authResultSchema), ...errorResponses(403, 413, 422) },
        },
      },
      async (request) => {
        const result = await registerPlayer(
          ctx.db,
          ctx.tokens,
          request.body,
          client(request, request.body.fingerprint),
        );
        request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player registered');
        return { data: result };
      },
    );

    app.post(
      '/sessions',
      {
        schema: {
          tags: ['player'],
          summary: 'Log in with email and password',
          body: loginBodySchema,
          response: { 200: dataEnvelope(authResultSchema), ...errorResponses(401, 403, 422, 429) },
        },
        config: {
          rateLimit: {
            max: ctx.config.loginRateLimit,
            timeWindow: '1 minute',
            // After validation, so the key holds the normalised login.
            hook: 'preHandler',
            keyGenerator: (request) =>
              `login:${request.ip}:${(request.body as { login?: string } | undefined)?.login ?? ''}`,
          },
        },
      },
      async (request) => {
        const result = await loginPlayer(ctx.db, ctx.tokens, request.body, client(request, request.body.fingerprint));
        request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player logged in');
        return { data: result };
      },
    );

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
        preHandler: requirePlayer(ctx),
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

    app.get(
      '/sessions',
      {
        preHandler: requirePlayer(ctx),
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
        preHandler: requirePlayer(ctx),
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

    app.get(
      '/profile',
      {
        preHandler: requirePlayer(ctx),
        schema: {
          tags: ['player'],
          summary: 'The player profile',
          security: bearer,
          response: { 200: dataEnvelope(profileSchema), ...errorResponses(401) },
        },
      },
      async (request) => {
        const { playerId } = authOf(request);
        return { data: await profiles.get(playerId, () => getProfile(ctx.db, playerId)) };
      },
    );
  };
