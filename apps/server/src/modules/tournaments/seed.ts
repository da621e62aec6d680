import { bonusDefinitionInputSchema, DEFAULT_WAGER_CONTRIBUTIONS, TournamentState } from '@casino/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { createDefinition, listDefinitions } from '../bonus/index.ts';
import { findGame } from '../game/index.ts';
import { createTournament } from './service.ts';
import { tournaments } from './tables.ts';

export const DEMO_SERIES = 'daily-slots';
/** The demo's first prize: a bonus of its own (€/$50, wagered ×5). */
export const DEMO_PRIZE_BONUS = 'Tournament winner';
const DAY_MS = 86_400_000;

/**
 * The demo's daily slots tournament (total win; a bonus, free spins and loyalty points for places 1–3),
 * today's made when the series has none running or to come; the job ends each day's and starts the next.
 */
export async function seedDemoTournaments(ctx: { db: DbOrTx }, now = new Date()): Promise<void> {
  const definitions = await listDefinitions(ctx.db);
  if (!definitions.some((d) => d.name === DEMO_PRIZE_BONUS))
    await createDefinition(
      ctx.db,
      bonusDefinitionInputSchema.parse({
        name: DEMO_PRIZE_BONUS,
        names: { de: 'Turniersieger', 'pt-br': 'Vencedor do torneio' },
        amounts: { EUR: 5_000, USD: 5_000 },
        wagerMultiplier: 5,
        maxBet: { EUR: 500, USD: 500 },
        maxConversion: {},
        contributions: DEFAULT_WAGER_CONTRIBUTIONS,
        excludedGames: [],
        activationDays: 14,
        wageringDays: 14,
      }),
      async (game) => (await findGame(ctx.db, game))?.id ?? null,
    );
  const spins = definitions.find((d) => d.type === 3 && d.name === 'Starter spins');
  const [live] = await ctx.db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(
        eq(tournaments.series, DEMO_SERIES),
        inArray(tournaments.state, [TournamentState.upcoming, TournamentState.running]),
      ),
    )
    .limit(1);
  if (live) return;
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const identity = `${DEMO_SERIES}-${new Date(dayStart).toISOString().slice(0, 10)}`;
  const [exists] = await ctx.db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(eq(tournaments.identity, identity));
  if (exists) return;
  await createTournament(
    ctx.db,
    {
      identity,
      title: 'Daily Slots Race',
      description:
        'Every real-money spin on a slot counts: the more you win today, the higher you climb. The top three win prizes at midnight UTC, and a new race begins.',
      scoring: 'win',
      collections: ['slots'],
      prizes: [
        { place: 1, type: 1, title: '€50 bonus', bonus: DEMO_PRIZE_BONUS },
        spins
          ? { place: 2, type: 2, title: '10 free spins', bonus: spins.name }
          : { place: 2, type: 3, title: '1,000 loyalty points', points: 1_000 },
        { place: 3, type: 3, title: '500 loyalty points', points: 500 },
      ],
      startAt: new Date(dayStart).toISOString(),
      endAt: new Date(dayStart + DAY_MS).toISOString(),
      recurrence: 'daily',
      series: DEMO_SERIES,
    },
    now,
  );
}
