import { cashbackQuerySchema, cashbackResponseSchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses } from '../../lib/errors.ts';
import { playerCashback, runCashback } from './cashback.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';

/**
 * `/api/game/bonuses/cashback`: the player's cashback (paid, and the period under way). Starts this
 * node's cashback job, which pays each ended period once (see cashback.ts: any node may run it).
 */
export const cashbackRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const log = ctx.log.child({ module: 'bonus', job: 'cashback' });
    const done = new Set<string>();
    startPeriodicJob(app, ctx, 'cashback', ctx.config.bonus.cashbackJobMs, async () => {
      const result = await runCashback(ctx, ctx.config.bonus, {
        done,
        onError: (err) => log.error({ err }, 'a cashback payout failed; will try again'),
      });
      for (const run of result.runs) if (run.issued > 0 || run.failed > 0) log.info(run, 'cashback paid');
    });

    app.addHook('onRequest', requirePlayer(ctx));
    app.get(
      '/',
      {
        schema: {
          tags: ['bonus'],
          summary:
            "The player's cashback: paid (data, newest first) and each programme's running figure and next payout (current)",
          security: [{ bearer: [] }],
          querystring: cashbackQuerySchema,
          response: { 200: cashbackResponseSchema, ...errorResponses(401, 422) },
        },
      },
      async (request) =>
        playerCashback(ctx.db, authOf(request).playerId, request.query.currency, ctx.config.bonus.maxWagerMultiplier),
    );
  };
