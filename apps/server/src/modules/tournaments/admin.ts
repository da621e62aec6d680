import { z } from 'zod';
import { BASE_CURRENCY, formatMinor } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { subunitOf } from '../settings/index.ts';
import { allTournaments } from './service.ts';

const STATES: Record<number, string> = { 2: 'upcoming', 3: 'running', 4: 'finished', 5: 'cancelled' };

/** A tournament as the back office lists it; the minimum stake in the base currency's major units. */
const adminTournamentSchema = z.object({
  id: z.string(),
  identity: z.string(),
  title: z.string(),
  description: z.string(),
  scoring: z.string(),
  /** 2 upcoming, 3 running, 4 finished, 5 cancelled, and its word. */
  state: z.number(),
  status: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  completedAt: z.string().nullable(),
  minStake: z.string().nullable(),
  currency: z.string(),
  games: z.number(),
  collections: z.array(z.string()),
  prizes: z.array(
    z.object({
      place: z.number(),
      type: z.number(),
      title: z.string(),
      bonus: z.string().optional(),
      points: z.number().optional(),
    }),
  ),
  recurrence: z.string().nullable(),
  series: z.string().nullable(),
});

/** The tournaments, as data for the back office (Promotion read); changes go through the `tournament` command. */
export const tournamentAdminRoutes = (ctx: AppContext) => [
  adminRoute({
    method: 'GET',
    url: '/tournaments',
    summary: 'The tournaments (the latest 200), newest first, with their prizes',
    permission: { action: 'read', subject: 'Promotion' },
    response: z.array(adminTournamentSchema),
    async handle() {
      return (await allTournaments(ctx.db)).map((row) => ({
        id: row.id,
        identity: row.identity,
        title: row.title,
        description: row.description,
        scoring: row.scoring,
        state: row.state,
        status: STATES[row.state] ?? String(row.state),
        startAt: row.startAt.toISOString(),
        endAt: row.endAt.toISOString(),
        completedAt: row.completedAt?.toISOString() ?? null,
        minStake: row.minStakeMinor === null ? null : formatMinor(row.minStakeMinor, subunitOf(BASE_CURRENCY)),
        currency: BASE_CURRENCY,
        games: row.gameIds.length,
        collections: row.collections,
        prizes: [...row.prizes].sort((a, b) => a.place - b.place),
        recurrence: row.recurrence,
        series: row.series,
      }));
    },
  }),
];
