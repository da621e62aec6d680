import {
  authResultSchema,
  dataEnvelope,
  loginBodySchema,
  signInChallengeBodySchema,
  socialLoginBodySchema,
  tokenLoginBodySchema,
} from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { errorResponses, notFound } from '../../../lib/errors.ts';
import { loginPlayer, loginWithChallenge, loginWithToken } from '../service.ts';
import { loginWithIdentity, verifyIdToken, type IdTokenCheck } from '../social.ts';
import type { PlayerApp, PlayerRouteKit } from './kit.ts';
import { perAddressAndLogin } from '../../../lib/rate-limits.ts';

/**
 * Signing in: e-mail or phone and password (and the code of a paused sign-in's challenge), a social
 * sign-in's ID token, an operator's one-time link. Each session opened keeps the browser's device
 * cookie, which makes it trusted for the player.
 */
export function signInRoutes(
  app: PlayerApp,
  ctx: AppContext,
  kit: PlayerRouteKit,
  idTokens: IdTokenCheck | null,
): void {
  passwordSignInRoutes(app, ctx, kit);
  tokenSignInRoutes(app, ctx, kit, idTokens);
}

/** E-mail or phone and password, and the code that completes a paused sign-in. */
function passwordSignInRoutes(
  app: PlayerApp,
  ctx: AppContext,
  { client, identity, keepDevice, later }: PlayerRouteKit,
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
      config: perAddressAndLogin('login', ctx.config.loginRateLimit, 'login'),
    },
    async (request, reply) => {
      const who = client(request, request.body.fingerprint);
      const result = await loginPlayer(ctx, ctx.tokens, request.body, who, identity, (work) =>
        later(request, 'sign-in code', work),
      );
      keepDevice(reply, who);
      request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player logged in');
      return { data: result };
    },
  );

  app.post(
    '/sessions/challenge',
    {
      schema: {
        tags: ['player'],
        summary:
          "Sign in during a pause (error 11010): the answer's challenge and the code sent to the account's e-mail address or phone",
        body: signInChallengeBodySchema,
        response: { 200: dataEnvelope(authResultSchema), ...errorResponses(401, 403, 422, 429) },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const who = client(request, request.body.fingerprint);
      const result = await loginWithChallenge(ctx, ctx.tokens, request.body, who);
      keepDevice(reply, who);
      request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player signed in with a code');
      return { data: result };
    },
  );
}

/** A social sign-in's ID token (which may register the player), and an operator's one-time link. */
function tokenSignInRoutes(
  app: PlayerApp,
  ctx: AppContext,
  { client, keepDevice, admitting }: PlayerRouteKit,
  idTokens: IdTokenCheck | null,
): void {
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
    async (request, reply) => {
      if (!idTokens) throw notFound('Social sign-in is not offered');
      const checked = await verifyIdToken(request.body.idToken, idTokens, ctx.attempts);
      const who = client(request, request.body.fingerprint);
      const result = await loginWithIdentity(ctx, ctx.tokens, checked, request.body, who, (work) =>
        admitting(request, work),
      );
      keepDevice(reply, who);
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
    async (request, reply) => {
      const who = client(request, request.body.fingerprint);
      const result = await loginWithToken(ctx.db, ctx.tokens, request.body.token, who);
      keepDevice(reply, who);
      request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player signed in by link');
      return { data: result };
    },
  );
}
