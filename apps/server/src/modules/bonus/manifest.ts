import type { ModuleManifest } from '../../lib/module.ts';
import { bonusAdminRoutes } from './admin.ts';
import { runCashback } from './cashback.ts';
import { cashbackRoutes } from './cashback-routes.ts';
import { registerCodeConsumers } from './codes.ts';
import { bonusCodeRoutes } from './codes-routes.ts';
import { bonusCommand } from './commands.ts';
import { registerDepositBonusConsumer } from './deposit.ts';
import { expireDueFreespins, registerFreespinPush, registerFreespinWinnings } from './freespins.ts';
import { freespinRoutes } from './freespins-routes.ts';
import { depositBonusRoutes } from './offers-routes.ts';
import { promotionRoutes } from './promotions-routes.ts';
import { registerBonusPush } from './push.ts';
import { bonusRoutes } from './routes.ts';
import { expireDueBonuses } from './service.ts';
import { bonusSettings } from './settings.ts';

/**
 * Bonuses, free spins, codes, deposit offers, cashback and the public promotions: their routes, the
 * lanes that issue and pay them, their pushes, and the jobs that end what time has ended and pay cashback.
 */
export const bonusModule: ModuleManifest = {
  name: 'bonus',
  commands: [bonusCommand],
  adminRoutes: bonusAdminRoutes,
  settings: bonusSettings,
  setup(ctx) {
    const rules = ctx.config.bonus;
    const cashbackLog = ctx.log.child({ module: 'bonus', job: 'cashback' });
    const cashbackDone = new Set<string>();
    return {
      routes: [
        { prefix: '/api/game/player-bonuses', plugin: bonusRoutes(ctx) },
        { prefix: '/api/game/player-freespins', plugin: freespinRoutes(ctx) },
        { prefix: '/api/game/bonuses/bonuscodes', plugin: bonusCodeRoutes(ctx) },
        { prefix: '/api/game/bonuses/cashback', plugin: cashbackRoutes(ctx) },
        { prefix: '/api/game/bonuses', plugin: depositBonusRoutes(ctx) },
        { prefix: '/api/game/promotions', plugin: promotionRoutes(ctx) },
      ],
      events: [
        registerBonusPush,
        registerFreespinPush,
        (consumers) => registerFreespinWinnings(consumers, { maxWagerMultiplier: rules.maxWagerMultiplier }),
        (consumers) => registerCodeConsumers(consumers, rules),
        (consumers) =>
          registerDepositBonusConsumer(consumers, {
            notifyOutbox: ctx.notifyOutbox,
            rules: { maxWagerMultiplier: rules.maxWagerMultiplier },
            log: ctx.log.child({ module: 'bonus-deposits' }),
          }),
      ],
      jobs: [
        // Ends bonuses and free spins whose time has ended (each is re-read under its lock).
        {
          name: 'bonus-expiry',
          everyMs: rules.jobMs,
          run: async () => {
            await expireDueBonuses(ctx);
            await expireDueFreespins(ctx);
          },
        },
        // Pays each ended cashback period once (cashback.ts).
        {
          name: 'cashback',
          everyMs: rules.cashbackJobMs,
          run: async () => {
            const result = await runCashback(ctx, rules, {
              done: cashbackDone,
              onError: (err) => cashbackLog.error({ err }, 'a cashback payout failed; will try again'),
            });
            for (const run of result.runs) if (run.issued > 0 || run.failed > 0) cashbackLog.info(run, 'cashback paid');
          },
        },
      ],
    };
  },
};
