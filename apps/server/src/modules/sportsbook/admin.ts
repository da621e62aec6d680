import { z } from 'zod';
import { formatMinor } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { BASE_CURRENCY, subunitOf } from '../settings/index.ts';
import { openExposure } from './exposure.ts';
import { listRestrictions, readStakeRule, stakeLimitsIn } from './risk.ts';

const read = { action: 'read', subject: 'Sportsbook' } as const;
const base = (minor: bigint | null) => (minor === null ? null : formatMinor(minor, subunitOf(BASE_CURRENCY)));

const limitsSchema = z.object({
  /** In the base currency's major units; null: no rule, every ticket is refused. */
  currency: z.string(),
  maxBet: z.string().nullable(),
  maxEvent: z.string().nullable(),
  /** The same maximums in each currency at its rate, rounded down (null: no rate, tickets refused). */
  perCurrency: z.array(
    z.object({ currency: z.string(), maxBet: z.string().nullable(), maxEvent: z.string().nullable() }),
  ),
});

const limitsRoute = (ctx: AppContext) =>
  adminRoute({
    method: 'GET',
    url: '/sportsbook/limits',
    summary: 'The maximum stake per sports ticket and per event, in the base currency and each currency',
    permission: read,
    response: limitsSchema,
    async handle() {
      const rule = await readStakeRule(ctx.db);
      const inEach = rule ? [...(await stakeLimitsIn(ctx.db))] : [];
      const money = (minor: bigint | null, currency: string) =>
        minor === null ? null : formatMinor(minor, subunitOf(currency));
      return {
        currency: BASE_CURRENCY,
        maxBet: base(rule?.maxBetMinor ?? null),
        maxEvent: base(rule?.maxEventMinor ?? null),
        perCurrency: inEach.map(([currency, limits]) => ({
          currency,
          maxBet: money(limits.maxBetMinor, currency),
          maxEvent: money(limits.maxEventMinor, currency),
        })),
      };
    },
  });

const restrictionsRoute = (ctx: AppContext) =>
  adminRoute({
    method: 'GET',
    url: '/sportsbook/restrictions',
    summary: 'The sports and events not taken in a country (* every country)',
    permission: read,
    response: z.array(z.object({ country: z.string(), kind: z.enum(['sport', 'event']), ref: z.string() })),
    handle: () => listRestrictions(ctx.db),
  });

const exposureRoute = (ctx: AppContext) =>
  adminRoute({
    method: 'GET',
    url: '/sportsbook/exposure',
    summary: 'Per event with open tickets: their number, total stake and potential payout in the base currency',
    permission: read,
    response: z.array(
      z.object({
        eventId: z.string(),
        event: z.string(),
        sport: z.string(),
        tournament: z.string(),
        eventDate: z.string(),
        started: z.boolean(),
        tickets: z.number(),
        currency: z.string(),
        stake: z.string(),
        payout: z.string(),
        unpriced: z.boolean(),
      }),
    ),
    async handle() {
      return (await openExposure(ctx.db)).map(({ eventDate, stakeMinor, payoutMinor, ...row }) => ({
        ...row,
        eventDate: eventDate.toISOString(),
        currency: BASE_CURRENCY,
        stake: base(stakeMinor)!,
        payout: base(payoutMinor)!,
      }));
    },
  });

/** The risk rules and the open exposure, as data for the back office (Sportsbook read); changes go through `sportsbook-risk`. */
export const sportsbookAdminRoutes = (ctx: AppContext) => [
  limitsRoute(ctx),
  restrictionsRoute(ctx),
  exposureRoute(ctx),
];
