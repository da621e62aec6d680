import { bonusDefinitionInputSchema, questDefinitionInputSchema, type QuestDefinitionInput } from '@casino/contracts';
import type { UnitOfWorkContext } from '../../outbox/index.ts';
import { createDefinition, listDefinitions } from '../bonus/index.ts';
import { findGame } from '../game/index.ts';
import { createQuestDefinition, listQuestDefinitions } from './definitions.ts';

const REWARD_BONUS = 'Quest reward';

/** The demo's starter quest: confirm the e-mail, fill the profile, deposit once, bet €20 on slots. */
export const STARTER_QUEST: QuestDefinitionInput = questDefinitionInputSchema.parse({
  identity: 'starter',
  name: 'Starter quest',
  description: 'Get to know the casino: four steps, a bonus and loyalty points.',
  position: 0,
  tasks: [
    { type: 1, name: 'Confirm your e-mail' },
    { type: 2, name: 'Fill in your profile', fields: ['firstName', 'lastName', 'city'] },
    { type: 6, name: 'Make a deposit', unit: 'count', quantity: 1 },
    { type: 4, name: 'Bet €20 on slots', unit: 'amount', quantity: 2_000, collections: ['slots'] },
  ],
  rewards: [
    { type: 1, bonus: REWARD_BONUS },
    { type: 3, points: 50 },
  ],
});

/** Seeds the starter quest and the small bonus it pays (idempotent). */
export async function seedDemoQuests(ctx: UnitOfWorkContext): Promise<void> {
  if (!(await listDefinitions(ctx.db)).some((d) => d.name === REWARD_BONUS))
    await createDefinition(
      ctx.db,
      bonusDefinitionInputSchema.parse({
        name: REWARD_BONUS,
        names: { de: 'Quest-Belohnung', 'pt-br': 'Recompensa da missão' },
        amounts: { EUR: 500, USD: 500 },
        wagerMultiplier: 5,
        maxBet: { EUR: 500, USD: 500 },
        maxConversion: {},
        excludedGames: [],
        activationDays: 30,
        wageringDays: 30,
        promotional: false,
      }),
      async (game) => (await findGame(ctx.db, game))?.id ?? null,
    );
  if (!(await listQuestDefinitions(ctx.db)).some((d) => d.identity === STARTER_QUEST.identity))
    await createQuestDefinition(ctx.db, STARTER_QUEST);
}
