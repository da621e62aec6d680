import { authResultSchema, dataEnvelope, registerBodySchema, registerPhoneBodySchema } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { registerPlayer, registerPlayerByPhone } from '../service.ts';
import type { PlayerApp, PlayerRouteKit } from './kit.ts';

/** Registration with an e-mail address and password, or with a phone number and its texted code. */
export function signUpRoutes(app: PlayerApp, ctx: AppContext, { probing, client }: PlayerRouteKit): void {
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
        registerPlayer(ctx, ctx.tokens, request.body, client(request, request.body.fingerprint), {
          publicUrl: ctx.config.publicUrl,
        }),
      );
      request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player registered');
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
        ctx,
        ctx.tokens,
        request.body,
        client(request, request.body.fingerprint),
      );
      request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player registered by phone');
      return { data: result };
    },
  );
}
