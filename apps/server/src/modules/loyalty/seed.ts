import { bonusDefinitionInputSchema, type BonusDefinitionSource } from '@casino/contracts';
import type { Db } from '../../db/client.ts';
import { atomic } from '../../db/atomic.ts';
import { createDefinition, listDefinitions } from '../bonus/index.ts';
import { levelRows, replaceLevels } from './service.ts';
import { loyaltyRates } from './tables.ts';

/** The demo's reward for reaching Gold: a small bonus, wagered ×3 at slots and crash. */
export const DEMO_LOYALTY_REWARD: BonusDefinitionSource = {
  name: 'Loyalty Gold reward',
  names: { de: 'Treue-Belohnung Gold', 'pt-br': 'Recompensa de fidelidade Ouro' },
  amounts: { EUR: 500, USD: 500 },
  wagerMultiplier: 3,
  contributions: { slots: 100, crash: 100 },
};

/**
 * Demo levels (Silver after about five €1 real-money spins at a slot) and rates per game type: slots
 * and crash 1 point per €1 staked, dice 1 per €2, roulette 1 per €5. Only what is missing is added:
 * levels and rates an operator set are left as they are.
 */
export async function seedDemoLoyalty(db: Db): Promise<void> {
  if (!(await listDefinitions(db)).some((d) => d.name === DEMO_LOYALTY_REWARD.name))
    await createDefinition(db, bonusDefinitionInputSchema.parse(DEMO_LOYALTY_REWARD), async () => null);
  if ((await levelRows(db)).length === 0)
    await atomic(db, (tx) =>
      replaceLevels(tx, [
        { name: 'Bronze', points: 0 },
        { name: 'Silver', points: 5 },
        { name: 'Gold', points: 50, rewardBonus: DEMO_LOYALTY_REWARD.name },
        { name: 'Platinum', points: 500 },
        { name: 'Diamond', points: 2_500 },
      ]),
    );
  await db
    .insert(loyaltyRates)
    .values([
      { gameType: 'slots', points: 1, perMinor: 100n },
      { gameType: 'crash', points: 1, perMinor: 100n },
      { gameType: 'dice', points: 1, perMinor: 200n },
      { gameType: 'roulette', points: 1, perMinor: 500n },
    ])
    .onConflictDoNothing();
}
