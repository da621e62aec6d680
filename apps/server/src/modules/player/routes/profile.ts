import { dataEnvelope, profileSchema, profileUpdateBodySchema } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { authOf, requirePlayer } from '../../../lib/auth-guard.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { updateProfile } from '../profile.ts';
import { getProfile } from '../service.ts';
import { bearer, type PlayerApp, type PlayerRouteKit } from './kit.ts';
import { perPlayer } from '../../../lib/rate-limits.ts';

/** The player's profile: read it, save some of its fields. */
export function profileRoutes(app: PlayerApp, ctx: AppContext, { profiles }: PlayerRouteKit): void {
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
      config: perPlayer('profile', 30),
    },
    async (request) => {
      const { playerId } = authOf(request);
      const profile = await updateProfile(ctx, playerId, request.body);
      profiles.forget(playerId);
      return { data: profile };
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
}
