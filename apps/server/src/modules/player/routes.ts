import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResultSchema,
  closeAccountBodySchema,
  dataEnvelope,
  fieldMetaSchema,
  fieldsQuerySchema,
  idParamSchema,
  loginBodySchema,
  okSchema,
  socialLoginBodySchema,
  DEFAULT_LOCALE,
  ErrorCode,
  isSupportedLocale,
  otpSendBodySchema,
  otpVerifyBodySchema,
  otpVerifyResultSchema,
  registerPhoneBodySchema,
  tokenLoginBodySchema,
  emailConfirmBodySchema,
  emailConfirmResultSchema,
  passwordChangeBodySchema,
  passwordConfirmBodySchema,
  passwordResetBodySchema,
  pageEnvelope,
  pageMeta,
  pageQuerySchema,
  playerInitSchema,
  playerSessionSchema,
  profileSchema,
  profileUpdateBodySchema,
  registerBodySchema,
  type Profile,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, bearerClaims, requirePlayer } from '../../lib/auth-guard.ts';
import { DomainError, errorResponses, notFound, tooManyRequests, unprocessable } from '../../lib/errors.ts';
import { overBudget } from '../../lib/attempts.ts';
import { countryOf } from '../../lib/geo.ts';
import { restrictionOf } from '../settings/index.ts';
import { createReadCache, noReadCache, type ReadCache } from '../../lib/read-cache.ts';
import { fieldsFor } from './fields.ts';
import { SESSION_STATE_FRESH_MS } from './session-states.ts';
import { createSignInGuard } from './sign-in-guard.ts';
import { updateProfile } from './profile.ts';
import { loginWithIdentity, verifyIdToken, type IdTokenCheck } from './social.ts';
import { PHONE_TAKEN, sendOtp, verifyOtp } from './phone.ts';
import { changePassword, confirmPasswordReset, requestPasswordReset } from './passwords.ts';
import { closeAccount } from './closure.ts';
import { CONFIRMATION_LINK_INVALID, confirmEmail, resendEmailConfirmation } from './confirmations.ts';
import {
  closeOwnSession,
  closeSession,
  getProfile,
  listSessions,
  loginPlayer,
  loginWithToken,
  refreshSession,
  registerPlayer,
  registerPlayerByPhone,
  type ClientInfo,
} from './service.ts';

const bearer = [{ bearer: [] }];

/**
 * "Already registered" answers (of an e-mail address or a number) one network address gets: they tell
 * who plays here. Each sign-up holds a unit while it runs and keeps it only for that answer, so a
 * burst gets no more of them than a series, and a shared network can still sign many players up.
 */
export const REGISTRATION_PROBES = { max: 10, windowSec: 10 * 60 } as const;
const saysTaken = (error: unknown) =>
  error instanceof DomainError && (error.code === ErrorCode.emailTaken || error.fields?.phone?.[0] === PHONE_TAKEN);

export const playerRoutes =
  (ctx: AppContext, options: { idTokens: IdTokenCheck | null }): FastifyPluginAsyncZod =>
  async (app) => {
    // The embedded database runs queries on this process's thread: the profile every page asks for is
    // kept a second (as long as a session state is; nothing changes a profile yet but registration).
    const profiles: ReadCache<Profile> =
      ctx.database.kind === 'pglite' ? createReadCache({ maxAgeMs: SESSION_STATE_FRESH_MS }) : noReadCache();
    const guard = createSignInGuard(ctx.attempts);
    const identity = {
      publicUrl: ctx.config.publicUrl,
      requireEmailConfirmation: ctx.config.requireEmailConfirmation,
      guard,
    };
    /** Sessions a password change or reset ended: their live connections close at once. */
    const forgetAll = (sessionIds: string[]) => sessionIds.forEach((id) => ctx.sessions.forget(id));
    /** A per-key budget on top of the per-address rate limit (a reset mail per address, say). */
    const spend = async (key: string, max: number, windowSec: number, message: string) => {
      const wait = await overBudget(ctx.attempts, key, { max, windowSec });
      if (wait) throw tooManyRequests(message, wait);
    };
    /** A sign-up on one unit of the address's budget of "already registered" answers (see REGISTRATION_PROBES). */
    const probing = async <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> => {
      const key = `register-probe:${request.ip}`;
      const { max, windowSec } = REGISTRATION_PROBES;
      await spend(key, max, windowSec, 'Too many sign-up attempts from your network. Try again later.');
      let taken = false;
      try {
        return await work();
      } catch (error) {
        taken = saysTaken(error);
        throw error;
      } finally {
        if (!taken) await ctx.attempts.release(key);
      }
    };
    /**
     * Work an answer must not wait for, since its length would tell something: started once the answer
     * is out (the embedded database runs on this thread) and done before the app closes.
     */
    const pending = new Set<Promise<void>>();
    const later = (request: FastifyRequest, what: string, work: () => Promise<void>) => {
      const running: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => request.log.error({ err }, `${what} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    };
    app.addHook('onClose', async () => {
      await Promise.all(pending);
    });
    const ok = { data: { ok: true as const } };
    const okResponse = { 200: dataEnvelope(okSchema) };

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
        const social = ctx.config.social;
        return {
          data: {
            country,
            ...restrictionOf(country),
            features: ctx.config.features,
            social: social
              ? { domain: social.domain, clientId: social.clientId, connections: social.connections }
              : null,
            kyc: ctx.config.kyc ? { sdkUrl: `${ctx.config.kyc.providerUrl ?? '/sandbox/kyc'}/sdk` } : null,
            supportWidgetKey: ctx.config.supportWidgetKey,
            realityCheckMinutes: ctx.config.limits.realityCheckMinutes,
          },
        };
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
          response: { 200: dataEnvelope(authResultSchema), ...errorResponses(403, 413, 422, 429) },
        },
      },
      async (request) => {
        const result = await probing(request, () =>
          registerPlayer(ctx.db, ctx.tokens, request.body, client(request, request.body.fingerprint), {
            publicUrl: ctx.config.publicUrl,
          }),
        );
        request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player registered');
        return { data: result };
      },
    );

    app.post(
      '/otp/send',
      {
        schema: {
          tags: ['player'],
          summary: 'Text a six-digit code to a phone number (registration, phone verification, password reset)',
          body: otpSendBodySchema,
          response: { ...okResponse, ...errorResponses(401, 422, 429) },
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { phone, reason, locale } = request.body;
        // Verifying a number is for a signed-in player; the other reasons are for guests.
        const playerId = reason === 'phoneVerification' ? (await bearerClaims(ctx, request)).playerId : null;
        const input = {
          phone,
          reason,
          playerId,
          locale: locale && isSupportedLocale(locale) ? locale : DEFAULT_LOCALE,
        };
        await probing(request, () =>
          sendOtp(ctx.db, ctx.attempts, input, (work) => later(request, 'password reset text', work)),
        );
        return ok;
      },
    );

    app.post(
      '/otp/verify',
      {
        schema: {
          tags: ['player'],
          summary:
            'Check a texted code: a password reset code for changingPass, a confirmed number for phoneVerification',
          body: otpVerifyBodySchema,
          response: { 200: dataEnvelope(otpVerifyResultSchema), ...errorResponses(401, 422, 429) },
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        const playerId =
          request.body.reason === 'phoneVerification' ? (await bearerClaims(ctx, request)).playerId : null;
        const result = await verifyOtp(ctx.db, request.body, playerId);
        if (playerId) profiles.forget(playerId);
        return { data: result };
      },
    );

    app.post(
      '/register/phone',
      {
        schema: {
          tags: ['player'],
          summary: 'Register with a phone number and the texted code; opens the first session',
          body: registerPhoneBodySchema,
          response: { 200: dataEnvelope(authResultSchema), ...errorResponses(403, 413, 422) },
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        const result = await registerPlayerByPhone(
          ctx.db,
          ctx.tokens,
          request.body,
          client(request, request.body.fingerprint),
        );
        request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player registered by phone');
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
        const result = await loginPlayer(
          ctx.db,
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
        if (!options.idTokens) throw notFound('Social sign-in is not offered');
        const checked = await verifyIdToken(request.body.idToken, options.idTokens, ctx.attempts);
        const result = await loginWithIdentity(
          ctx.db,
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

    app.post(
      '/passwords/reset',
      {
        schema: {
          tags: ['player'],
          summary: 'Mail a password reset link (answers the same whether the address is known or not)',
          body: passwordResetBodySchema,
          response: { ...okResponse, ...errorResponses(422, 429) },
        },
        config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { email } = request.body;
        await spend(`reset:${email}`, 3, 3600, 'A reset link was sent to this address a moment ago. Check your inbox.');
        // Known or not, the address is looked up and mailed after the answer, which is the same either way.
        later(request, 'password reset mail', () => requestPasswordReset(ctx.db, email, ctx.config.publicUrl));
        return ok;
      },
    );

    app.post(
      '/passwords/confirm',
      {
        schema: {
          tags: ['player'],
          summary: 'Set a new password with a reset code; every session of the player ends',
          body: passwordConfirmBodySchema,
          response: { ...okResponse, ...errorResponses(422, 429) },
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { playerId, closed } = await confirmPasswordReset(ctx.db, request.body);
        forgetAll(closed);
        // Whoever was locked out by failed sign-ins has just proved they own the address.
        await guard.cleared(playerId);
        request.log.info({ playerId, sessionsClosed: closed.length }, 'password reset');
        return ok;
      },
    );

    app.put(
      '/passwords',
      {
        onRequest: requirePlayer(ctx),
        schema: {
          tags: ['player'],
          summary: 'Change the password (the current one first); every other session ends',
          security: bearer,
          body: passwordChangeBodySchema,
          response: { ...okResponse, ...errorResponses(401, 422, 429) },
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { playerId, sessionId } = authOf(request);
        const closed = await changePassword(ctx.db, playerId, sessionId, request.body);
        forgetAll(closed);
        request.log.info({ playerId, sessionsClosed: closed.length }, 'password changed');
        return ok;
      },
    );

    app.post(
      '/close',
      {
        onRequest: requirePlayer(ctx),
        schema: {
          tags: ['player'],
          summary: 'Close the account (password first): every session ends and sign-in is refused; records are kept',
          security: bearer,
          body: closeAccountBodySchema,
          response: { ...okResponse, ...errorResponses(401, 409, 422, 429) },
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { playerId } = authOf(request);
        forgetAll(await closeAccount(ctx.db, playerId, request.body));
        profiles.forget(playerId);
        request.log.info({ playerId }, 'account closed by the player');
        return ok;
      },
    );

    app.post(
      '/profile/confirmations/email/resend',
      {
        onRequest: requirePlayer(ctx),
        schema: {
          tags: ['player'],
          summary: 'Send the e-mail confirmation link again',
          security: bearer,
          response: { ...okResponse, ...errorResponses(401, 422, 429) },
        },
      },
      async (request) => {
        const { playerId } = authOf(request);
        await spend(`confirm-resend:${playerId}`, 1, 60, 'A link was sent a moment ago. Check your inbox.');
        await resendEmailConfirmation(ctx.db, playerId, ctx.config.publicUrl);
        return ok;
      },
    );

    app.put(
      '/profile',
      {
        onRequest: requirePlayer(ctx),
        schema: {
          tags: ['player'],
          summary: "Save some profile fields (the profile scenario's rules; filled locked fields cannot change)",
          security: bearer,
          body: profileUpdateBodySchema,
          response: { 200: dataEnvelope(profileSchema), ...errorResponses(401, 422) },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { playerId } = authOf(request);
        const profile = await updateProfile(ctx.db, playerId, request.body);
        profiles.forget(playerId);
        return { data: profile };
      },
    );

    app.post(
      '/profile/confirmations/email',
      {
        schema: {
          tags: ['player'],
          summary: 'Confirm the e-mail address with the code of the confirmation link (the /verify page)',
          body: emailConfirmBodySchema,
          response: { 200: dataEnvelope(emailConfirmResultSchema), ...errorResponses(422, 429) },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => {
        const outcome = await confirmEmail(ctx.db, request.body.code);
        if (outcome.playerId) profiles.forget(outcome.playerId);
        if (outcome.status === 'invalid')
          throw unprocessable(CONFIRMATION_LINK_INVALID, { code: [CONFIRMATION_LINK_INVALID] });
        return { data: { status: outcome.status } };
      },
    );

    app.get(
      '/profile',
      {
        onRequest: requirePlayer(ctx),
        config: { withdrawOnly: true },
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
