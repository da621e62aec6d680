import { z } from 'zod';
import { adminBonusCodeSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { adminBonusDefinitionDetailSchema, adminDefinitions } from './admin-definitions.ts';
import { bonusPlayerRoute } from './admin-player.ts';
import { listCodes } from './codes.ts';
import { listDefinitions } from './service.ts';

/** The definitions and codes, as data for the back office (Promotion read); changes go through the `bonus` command. */
export const bonusAdminRoutes = (ctx: AppContext) => [
  bonusPlayerRoute(ctx),
  adminRoute({
    method: 'GET',
    url: '/bonus/definitions',
    summary: 'The bonus definitions (free spins and cashback too) with every figure, oldest first',
    permission: { action: 'read', subject: 'Promotion' },
    response: z.array(adminBonusDefinitionDetailSchema),
    handle: async () => adminDefinitions(ctx.db, await listDefinitions(ctx.db), ctx.config.bonus),
  }),
  adminRoute({
    method: 'GET',
    url: '/bonus/codes',
    summary: 'The bonus codes, oldest first',
    permission: { action: 'read', subject: 'Promotion' },
    response: z.array(adminBonusCodeSchema),
    async handle() {
      return (await listCodes(ctx.db)).map((row) => ({
        code: row.code,
        definition: row.definitionName,
        uses: row.uses,
        maxUses: row.maxUses,
        maxUsesPerPlayer: row.maxUsesPerPlayer,
        enabled: row.enabled,
        availableFrom: row.availableFrom?.toISOString() ?? null,
        availableTo: row.availableTo?.toISOString() ?? null,
        currencies: row.currencies,
        countries: row.countries,
      }));
    },
  }),
];
