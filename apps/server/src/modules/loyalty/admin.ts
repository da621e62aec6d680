import { asc, count } from 'drizzle-orm';
import { z } from 'zod';
import { BASE_CURRENCY, formatMinor } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { loyaltyPlayerRoute } from './admin-player.ts';
import { subunitOf } from '../settings/index.ts';
import { levelRows } from './service.ts';
import { loyaltyAccounts, loyaltyRates } from './tables.ts';

const adminLevelSchema = z.object({
  id: z.string(),
  position: z.number(),
  name: z.string(),
  points: z.number(),
  rewardBonus: z.string().nullable(),
  /** Players whose account is at this level now. */
  players: z.number(),
});

/** A rate as `loyalty rates set` takes it (per minor units) and as players read it (per major units). */
const adminRateSchema = z.object({
  gameType: z.string(),
  points: z.number(),
  perMinor: z.number(),
  perAmount: z.string(),
  currency: z.string(),
});

const levelsRoute = (ctx: AppContext) =>
  adminRoute({
    method: 'GET',
    url: '/loyalty/levels',
    summary: 'The loyalty levels in order, with how many players are at each',
    permission: { action: 'read', subject: 'Promotion' },
    response: z.array(adminLevelSchema),
    async handle() {
      const [levels, counts] = await Promise.all([
        levelRows(ctx.db),
        ctx.db
          .select({ levelId: loyaltyAccounts.levelId, n: count() })
          .from(loyaltyAccounts)
          .groupBy(loyaltyAccounts.levelId),
      ]);
      const at = new Map(counts.map((c) => [c.levelId, Number(c.n)]));
      return levels.map((level) => ({
        id: level.id,
        position: level.position,
        name: level.name,
        points: Number(level.points),
        rewardBonus: level.rewardBonus,
        players: at.get(level.id) ?? 0,
      }));
    },
  });

const ratesRoute = (ctx: AppContext) =>
  adminRoute({
    method: 'GET',
    url: '/loyalty/rates',
    summary: 'The loyalty earning rates per game type',
    permission: { action: 'read', subject: 'Promotion' },
    response: z.array(adminRateSchema),
    async handle() {
      const rows = await ctx.db.select().from(loyaltyRates).orderBy(asc(loyaltyRates.gameType));
      return rows.map((r) => ({
        gameType: r.gameType,
        points: r.points,
        perMinor: Number(r.perMinor),
        perAmount: formatMinor(r.perMinor, subunitOf(BASE_CURRENCY)),
        currency: BASE_CURRENCY,
      }));
    },
  });

/** The levels and earning rates, as data for the back office (Promotion read); changes go through the `loyalty` command. */
export const loyaltyAdminRoutes = (ctx: AppContext) => [levelsRoute(ctx), ratesRoute(ctx), loyaltyPlayerRoute(ctx)];
