import { toMinor } from '@casino/contracts';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../lib/password.ts';
import { withTransaction } from '../outbox/index.ts';
import { seedDemoBonuses, seedDemoCodes } from '../modules/bonus/index.ts';
import { findGame, seedLanternGames } from '../modules/game/index.ts';
import { seedStakeRule } from '../modules/sportsbook/index.ts';
import { seedDemoQuests } from '../modules/quests/index.ts';
import { seedDemoLoyalty } from '../modules/loyalty/index.ts';
import { ensurePlayer, findPlayer } from '../modules/player/index.ts';
import { seedDemoTournaments } from '../modules/tournaments/index.ts';
import { currencyByCode } from '../modules/settings/index.ts';
import { accountIn, openAccount, postEntry } from '../modules/wallet/index.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

/**
 * Demo data for the embedded default: a player who can log in and play at once. Idempotent: an
 * existing demo player is left as it is (its accounts may have been switched or hidden on purpose),
 * only what is missing is added, and the opening credit has a fixed ledger key.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  // The second aggregator's games, where this deployment runs it (its sandbox outside production).
  if (ctx.config.game.aggregators.lantern) await seedLanternGames(ctx.db);
  const existing = await findPlayer(ctx.db, { email: DEMO_EMAIL });
  const passwordHash = existing ? null : await hashPassword(DEMO_PASSWORD);
  const playerId = await withTransaction(ctx, async (tx) => {
    const id = passwordHash
      ? await ensurePlayer(tx, {
          email: DEMO_EMAIL,
          passwordHash,
          currency: 'EUR',
          country: ctx.config.defaultCountry,
          locale: 'en',
          nickname: 'demo',
          firstName: 'Demo',
          lastName: 'Player',
          agreedTc: true,
          // The demo shows every bonus, the weekly cashback (a promotion) included.
          receiveBonus: true,
          confirmedAt: new Date(),
        })
      : existing!.id;
    const eur = (await accountIn(tx, id, 'EUR')) ?? (await openAccount(tx, id, 'EUR', { active: true }));
    if (!(await accountIn(tx, id, 'BTC'))) await openAccount(tx, id, 'BTC');
    await postEntry(tx, {
      accountId: eur.id,
      idempotencyKey: 'seed:demo:eur',
      kind: 'credit',
      realDelta: toMinor('100.00', currencyByCode('EUR')!.subunitToUnit)!,
      reference: { reason: 'demo seed' },
      counterparty: 'adjustment',
    });
    return id;
  });
  await seedDemoBonuses(ctx, ctx.config.bonus, playerId, async (game) => (await findGame(ctx.db, game))?.id ?? null);
  await seedDemoCodes(ctx.db);
  await seedDemoTournaments(ctx);
  await seedDemoQuests(ctx);
  await seedDemoLoyalty(ctx.db);
  // Sports bets: at most 500 € per ticket and 1,000 € per event (the player's open tickets on it together),
  // every currency at its rate.
  await seedStakeRule(ctx.db, { maxBetMinor: 50_000n, maxEventMinor: 100_000n });
}
