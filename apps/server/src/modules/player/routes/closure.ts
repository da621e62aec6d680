import { closeAccountBodySchema } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { authOf, requirePlayer } from '../../../lib/auth-guard.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { closeAccount, type ClosurePorts } from '../closure.ts';
import { bearer, ok, okResponse, type PlayerApp, type PlayerRouteKit } from './kit.ts';
import { perPlayer } from '../../../lib/rate-limits.ts';

/** The player closes their own account. */
export function closureRoutes(
  app: PlayerApp,
  ctx: AppContext,
  { forgetAll, profiles }: PlayerRouteKit,
  ports: ClosurePorts,
): void {
  app.post(
    '/close',
    {
      onRequest: requirePlayer(ctx),
      schema: {
        tags: ['player'],
        summary:
          'Close the account (password first): refused (409, `open`) while a bet, round, deposit or withdrawal is open; every session ends and sign-in is refused; records are kept',
        security: bearer,
        body: closeAccountBodySchema,
        response: { ...okResponse, ...errorResponses(401, 409, 422, 429) },
      },
      config: perPlayer('close', 10),
    },
    async (request) => {
      const { playerId } = authOf(request);
      forgetAll(await closeAccount(ctx, ports, playerId, request.body));
      profiles.forget(playerId);
      request.log.info({ playerId }, 'account closed by the player');
      return ok;
    },
  );
}
