import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, kycStateSchema, kycTokenSchema, kycWebhookSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { acceptSignedJson } from '../../lib/signed-json.ts';
import { applyKycWebhook, providerAccessToken, verificationState } from './service.ts';
import { perPlayer } from '../../lib/rate-limits.ts';

const bearer = [{ bearer: [] }];

/** `/api/player/services/sumsub`: the player's identity verification with the provider. */
export const kycRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requirePlayer(ctx));

    app.post(
      '/auth',
      {
        schema: {
          tags: ['player'],
          summary: "An access token to the provider's pages for this player (not wrapped in data, as Sumsub's)",
          security: bearer,
          response: { 200: kycTokenSchema, ...errorResponses(401, 503) },
        },
        config: perPlayer('kyc', 10),
      },
      async (request) => ({ token: await providerAccessToken(ctx, authOf(request).playerId) }),
    );

    app.get(
      '/status',
      {
        schema: {
          tags: ['player'],
          summary: "Where the player's identity verification stands",
          security: bearer,
          response: { 200: dataEnvelope(kycStateSchema), ...errorResponses(401) },
        },
      },
      async (request) => ({ data: await verificationState(ctx.db, authOf(request).playerId) }),
    );
  };

/**
 * `POST /api/player/webhooks/kyc`: the provider's events, signed over method, path, timestamp,
 * request id and body; a request id is accepted once, and an older event never undoes a newer one.
 */
export const kycWebhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptSignedJson(app, {
      secret: ctx.kycSecret,
      previousSecret: ctx.previousSecrets.kyc,
      scope: 'kyc-webhook',
      replayGuard: ctx.replayGuard,
      bodyLimit: 8192,
    });
    app.post(
      '/kyc',
      {
        schema: {
          hide: true,
          body: kycWebhookSchema,
          response: { 200: dataEnvelope(z.object({ outcome: z.enum(['applied', 'ignored']) })) },
        },
      },
      async (request) => {
        const outcome = await applyKycWebhook(ctx, request.body);
        request.log.info({ eventId: request.body.eventId, type: request.body.type, outcome }, 'kyc webhook');
        return { data: { outcome } };
      },
    );
  };
