import {
  authResultSchema,
  dataEnvelope,
  registerBodySchema,
  registerPhoneBodySchema,
  type AuthResult,
  type BonusCode,
} from '@casino/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { registerPlayer, registerPlayerByPhone } from '../service.ts';
import type { PlayerApp, PlayerRouteKit } from './kit.ts';

/** Applies a code typed at sign-up (the bonus module's, wired in app.ts): answers its use, or null when none was tried. */
export type SignUpBonusCode = (playerId: string, code: string, ip: string) => Promise<BonusCode | null>;

/** Registration with an e-mail address and password, or with a phone number and its texted code. */
export function signUpRoutes(
  app: PlayerApp,
  ctx: AppContext,
  { probing, client, keepDevice, admitting }: PlayerRouteKit,
  bonusCode?: SignUpBonusCode,
): void {
  // The account exists once registration commits: a code is tried after it, so a wrong or failing one
  // never fails the sign-up (its use is recorded with its status and answered beside the session).
  const withCode = async (request: FastifyRequest, result: AuthResult, code: string | undefined) => {
    if (!bonusCode || !code?.trim()) return result;
    try {
      const use = await bonusCode(result.profile.id, code, request.ip);
      return use ? { ...result, bonusCode: use } : result;
    } catch (err) {
      request.log.error({ err, playerId: result.profile.id }, 'sign-up bonus code failed');
      return result;
    }
  };

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
    async (request, reply) => {
      const who = client(request, request.body.fingerprint);
      const result = await admitting(request, () =>
        probing(request, () => registerPlayer(ctx, ctx.tokens, request.body, who, { publicUrl: ctx.config.publicUrl })),
      );
      keepDevice(reply, who);
      request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player registered');
      return { data: await withCode(request, result, request.body.bonusCode) };
    },
  );

  app.post(
    '/register/phone',
    {
      schema: {
        tags: ['player'],
        summary: 'Register with a phone number and the texted code; opens the first session',
        body: registerPhoneBodySchema,
        response: { 200: dataEnvelope(authResultSchema), ...errorResponses(403, 413, 422, 429) },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const who = client(request, request.body.fingerprint);
      const result = await admitting(request, () => registerPlayerByPhone(ctx, ctx.tokens, request.body, who));
      keepDevice(reply, who);
      request.log.info({ playerId: result.profile.id, sessionId: result.sessionId }, 'player registered by phone');
      return { data: await withCode(request, result, request.body.bonusCode) };
    },
  );
}
