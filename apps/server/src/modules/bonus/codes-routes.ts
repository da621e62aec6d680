import {
  bonusCodeBodySchema,
  bonusCodeDeleteSchema,
  bonusCodeSchema,
  bonusCodesQuerySchema,
  BonusCodeTrigger,
  dataEnvelope,
  okSchema,
  type BonusCode,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { perPlayer } from '../../lib/rate-limits.ts';
import { playerCodes, tryCodeThrottled, wireCode, withdrawCode } from './codes.ts';

const bearer = [{ bearer: [] }];

/** Requests per player a minute, whatever their outcome (wrong codes have their own, smaller budget). */
const perPlayerRate = perPlayer('bonus-codes', 20);

/**
 * `/api/game/bonuses/bonuscodes`: codes the player types on the bonuses page (trigger 1) or in the
 * deposit form (3), the player's uses of them, and the withdrawal of a deposit code still waiting.
 * (The lane that redeems deposit codes on paid deposits is the module's: manifest.ts.)
 */
export const bonusCodeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requirePlayer(ctx));

    app.get(
      '/',
      {
        schema: {
          tags: ['bonus'],
          summary: "The player's codes of a trigger (1 bonuses page, 2 sign-up, 3 deposit), newest first",
          security: bearer,
          querystring: bonusCodesQuerySchema,
          response: { 200: dataEnvelope(z.array(bonusCodeSchema)), ...errorResponses(401, 422) },
        },
      },
      async (request) => ({ data: await playerCodes(ctx.db, authOf(request).playerId, request.query.trigger) }),
    );

    app.post(
      '/',
      {
        schema: {
          tags: ['bonus'],
          summary:
            'Type a code: answers its use (status 1 waiting for a deposit, 2 used, 3 incorrect, 4 not available); 429 code 5 while locked',
          security: bearer,
          body: bonusCodeBodySchema,
          response: { 200: dataEnvelope(bonusCodeSchema), ...errorResponses(401, 404, 422, 429) },
        },
        config: perPlayerRate,
      },
      async (request) => {
        const use = await tryCodeThrottled(ctx, ctx.config.bonus, ctx.attempts, {
          playerId: authOf(request).playerId,
          code: request.body.bonusCode,
          trigger: request.body.trigger,
          ip: request.ip,
        });
        return { data: wireCode(use) };
      },
    );

    app.delete(
      '/',
      {
        schema: {
          tags: ['bonus'],
          summary: 'Withdraw a deposit code still waiting for a deposit (its use is given back)',
          security: bearer,
          body: bonusCodeDeleteSchema,
          response: { 200: dataEnvelope(okSchema), ...errorResponses(401, 404, 409, 422) },
        },
        config: perPlayerRate,
      },
      async (request) => {
        await withdrawCode(ctx, authOf(request).playerId, request.body.playerBonusCodeId);
        return { data: { ok: true as const } };
      },
    );
  };

/** The code typed at sign-up (trigger 2), wired into the player module's registration in app.ts. */
export const signUpBonusCode =
  (ctx: AppContext) =>
  async (playerId: string, code: string, ip: string): Promise<BonusCode | null> => {
    try {
      return wireCode(
        await tryCodeThrottled(ctx, ctx.config.bonus, ctx.attempts, {
          playerId,
          code,
          trigger: BonusCodeTrigger.registration,
          ip,
        }),
      );
    } catch (error) {
      // Locked (too many wrong codes from this address): the sign-up goes on without the code.
      if ((error as { code?: number }).code === 5) return null;
      throw error;
    }
  };
