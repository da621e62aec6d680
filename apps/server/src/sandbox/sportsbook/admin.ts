import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { endOf, fixtureById } from '@casino/games/sportsbook';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { endedUnsettled, openEvents, readClock, simTimeOf, summaryOf } from './events.ts';
import { sandboxSportEvents } from './tables.ts';

/** How many ended events waiting for their result are listed (the sweeper settles them within seconds). */
const ENDED = 50;

const eventSchema = z.object({
  id: z.string(),
  sport: z.string(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  /** When it ends in simulated time: a result can be settled from then on. */
  endsAt: z.string(),
  status: z.enum(['scheduled', 'live', 'ended', 'settled', 'void']),
  score: z.object({ home: z.number(), away: z.number() }).nullable(),
  clock: z.string().nullable(),
});

/**
 * The sandbox sportsbook's events a trader may settle or void (`sportsbook-provider` settle|void):
 * the open ones (as `sportsbook events` lists them) and the ended ones still waiting for a result, with
 * the simulated clock. Listed only where the sandbox is the sportsbook; a real provider has its own.
 */
export const sandboxSportsbookAdminRoutes = (ctx: AppContext) =>
  ctx.config.sportsbook?.sandbox
    ? [
        adminRoute({
          method: 'GET',
          url: '/sportsbook/events',
          summary: "The sandbox sportsbook's open and ended, unsettled events, with its simulated time",
          permission: { action: 'read', subject: 'Sportsbook' },
          response: z.object({ simulatedAt: z.string(), speed: z.number(), events: z.array(eventSchema) }),
          async handle() {
            const clock = await readClock(ctx.db);
            const simMs = simTimeOf(clock);
            const ended = await endedUnsettled(ctx.db, simMs, ENDED);
            const rows = ended.length
              ? await ctx.db
                  .select()
                  .from(sandboxSportEvents)
                  .where(
                    inArray(
                      sandboxSportEvents.id,
                      ended.map((f) => f.id),
                    ),
                  )
              : [];
            const waiting = ended.map(
              (f) =>
                summaryOf(
                  f,
                  rows.find((r) => r.id === f.id),
                  simMs,
                ).summary,
            );
            const events = [...waiting, ...(await openEvents(ctx.db, simMs))].flatMap((e) => {
              const fixture = fixtureById(e.id);
              if (!fixture) return [];
              const { id, sportName, league, home, away, startsAt, status, score, clock: label } = e;
              const endsAt = new Date(endOf(fixture)).toISOString();
              return [{ id, sport: sportName, league, home, away, startsAt, endsAt, status, score, clock: label }];
            });
            return { simulatedAt: new Date(simMs).toISOString(), speed: clock.speed, events };
          },
        }),
      ]
    : [];
