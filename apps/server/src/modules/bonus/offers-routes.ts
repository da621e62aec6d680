import {
  bonusDefinitionSchema,
  dataEnvelope,
  depositBonusesQuerySchema,
  depositBonusStatusQuerySchema,
  depositBonusStatusSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { accountCurrency, positiveMinor } from '../wallet/index.ts';
import { depositBonusStatuses, depositOffers } from './deposit.ts';

const bearer = [{ bearer: [] }];

/**
 * `/api/game/bonuses`: the deposit bonuses the deposit form offers, and the welcome page's statuses.
 * (The lane that issues a chosen bonus once its deposit succeeds is the module's: manifest.ts.)
 */
export const depositBonusRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requirePlayer(ctx));

    app.get(
      '/',
      {
        schema: {
          tags: ['bonus'],
          summary:
            'Deposit bonuses the player may choose in a currency: those a deposit of `amount` triggers, or (without it) all, with their ranges; `skipCondition`: also those of a package already had or not yet due',
          security: bearer,
          querystring: depositBonusesQuerySchema,
          response: { 200: dataEnvelope(z.array(bonusDefinitionSchema)), ...errorResponses(401, 422) },
        },
      },
      async (request) => {
        const { currency, amount, skipCondition } = request.query;
        const amountMinor = amount === undefined ? undefined : positiveMinor(amount, accountCurrency(currency));
        const playerId = authOf(request).playerId;
        return {
          data: await depositOffers(ctx.db, {
            playerId,
            currency,
            amountMinor,
            skipCondition,
            rules: ctx.config.bonus,
          }),
        };
      },
    );

    app.get(
      '/status',
      {
        schema: {
          tags: ['bonus'],
          summary:
            "Bonus definitions' status and the player's (`issueStatus`: 0 never had, else the latest bonus's status)",
          security: bearer,
          querystring: depositBonusStatusQuerySchema,
          response: { 200: dataEnvelope(z.array(depositBonusStatusSchema)), ...errorResponses(401, 422) },
        },
      },
      async (request) => ({
        data: await depositBonusStatuses(ctx.db, authOf(request).playerId, request.query.bonusIds),
      }),
    );
  };
