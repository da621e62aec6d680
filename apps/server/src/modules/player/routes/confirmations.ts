import { dataEnvelope, emailConfirmBodySchema, emailConfirmResultSchema } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { authOf, requirePlayer } from '../../../lib/auth-guard.ts';
import { errorResponses, unprocessable } from '../../../lib/errors.ts';
import { CONFIRMATION_LINK_INVALID, confirmEmail, resendEmailConfirmation } from '../confirmations.ts';
import { bearer, ok, okResponse, type PlayerApp, type PlayerRouteKit } from './kit.ts';

/** Confirming the player's e-mail address: the link sent again, and the link's code. */
export function confirmationRoutes(app: PlayerApp, ctx: AppContext, { spend, profiles }: PlayerRouteKit): void {
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
      await resendEmailConfirmation(ctx, playerId, ctx.config.publicUrl);
      return ok;
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
      const outcome = await confirmEmail(ctx, request.body.code);
      if (outcome.playerId) profiles.forget(outcome.playerId);
      if (outcome.status === 'invalid')
        throw unprocessable(CONFIRMATION_LINK_INVALID, { code: [CONFIRMATION_LINK_INVALID] });
      return { data: { status: outcome.status } };
    },
  );
}
