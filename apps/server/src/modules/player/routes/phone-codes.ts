import {
  dataEnvelope,
  DEFAULT_LOCALE,
  isSupportedLocale,
  otpSendBodySchema,
  otpVerifyBodySchema,
  otpVerifyResultSchema,
} from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { bearerClaims } from '../../../lib/auth-guard.ts';
import { errorResponses } from '../../../lib/errors.ts';
import { sendOtp, verifyOtp } from '../phone.ts';
import { ok, okResponse, type PlayerApp, type PlayerRouteKit } from './kit.ts';

/** Texted six-digit codes: for registration, for confirming the player's number, for a password reset. */
export function phoneCodeRoutes(app: PlayerApp, ctx: AppContext, { probing, later, profiles }: PlayerRouteKit): void {
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
        sendOtp(ctx, ctx.attempts, input, (work) => later(request, 'password reset text', work)),
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
      const playerId = request.body.reason === 'phoneVerification' ? (await bearerClaims(ctx, request)).playerId : null;
      const result = await verifyOtp(ctx, request.body, playerId);
      if (playerId) profiles.forget(playerId);
      return { data: result };
    },
  );
}
