import {
  authResultSchema,
  dataEnvelope,
  loginBodySchema,
  socialLoginBodySchema,
  tokenLoginBodySchema,
} from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { errorResponses, notFound } from '../../../lib/errors.ts';
import { loginPlayer, loginWithToken } from '../service.ts';
import { loginWithIdentity, verifyIdToken, type IdTokenCheck } from '../social.ts';
import type { PlayerApp, PlayerRouteKit } from './kit.ts';

/** Signing in: e-mail or phone and password, a social sign-in's ID token, an operator's one-time link. */
export function signInRoutes(
  app: PlayerApp,
  ctx: AppContext,
  { client, identity }: PlayerRouteKit,
  idTokens: IdTokenCheck | null,
): void {
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
      const result = await loginPlayer(
        ctx,
        ctx.tokens,
        request.body,
        client(request, request.body.fingerprint),
        identity,
      );
      request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player logged in');
      return { data: result };
    },
  );

  app.post(
    '/sessions/social',
    {
      schema: {
        tags: ['player'],
        summary: 'Sign in (or register) with the ID token of a social sign-in (OpenID Connect)',
        body: socialLoginBodySchema,
        response: { 200: dataEnvelope(authResultSchema), ...errorResponses(401, 403, 404, 422, 429) },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      if (!idTokens) throw notFound('Social sign-in is not offered');
      const checked = await verifyIdToken(request.body.idToken, idTokens, ctx.attempts);
      const result = await loginWithIdentity(
        ctx,
        ctx.tokens,
        checked,
        request.body,
        client(request, request.body.fingerprint),
      );
      request.log.info(
        { playerId: result.profile.id, sessionId: result.sessionId, isNew: result.profile.isNewlyRegistered },
        'player signed in by social login',
      );
      return { data: result };
    },
  );

  app.post(
    '/sessions/token',
    {
      schema: {
        tags: ['player'],
        summary: 'Sign in with the one-time token of an autologin link',
        body: tokenLoginBodySchema,
        response: { 200: dataEnvelope(authResultSchema), ...errorResponses(401, 403, 422, 429) },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const result = await loginWithToken(
        ctx.db,
        ctx.tokens,
        request.body.token,
        client(request, request.body.fingerprint),
      );
      request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player signed in by link');
      return { data: result };
    },
  );
}
