import { passwordChangeBodySchema, passwordConfirmBodySchema, passwordResetBodySchema } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { authOf, requirePlayer } from '../../../lib/auth-guard.ts';
import { perPlayer } from '../../../lib/rate-limits.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { changePassword, confirmPasswordReset, requestPasswordReset } from '../passwords.ts';
import { bearer, ok, okResponse, type PlayerApp, type PlayerRouteKit } from './kit.ts';

/** A forgotten password (reset link or code, then a new one) and a password change. */
export function passwordRoutes(
  app: PlayerApp,
  ctx: AppContext,
  { spend, later, forgetAll, guard }: PlayerRouteKit,
): void {
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
      later(request, 'password reset mail', () => requestPasswordReset(ctx, email, ctx.config.publicUrl));
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
      const { playerId, closed } = await confirmPasswordReset(ctx, request.body);
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
      config: perPlayer('password-change', 10),
    },
    async (request) => {
      const { playerId, sessionId } = authOf(request);
      const closed = await changePassword(ctx, playerId, sessionId, request.body);
      forgetAll(closed);
      request.log.info({ playerId, sessionsClosed: closed.length }, 'password changed');
      return ok;
    },
  );
}
