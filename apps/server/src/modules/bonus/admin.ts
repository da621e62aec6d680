import { z } from 'zod';
import { adminBonusCodeSchema, adminBonusDefinitionSchema, formatMinor } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { subunitOf } from '../settings/index.ts';
import { listCodes } from './codes.ts';
import { listDefinitions } from './service.ts';

/** The definitions and codes, as data for the back office (Promotion read); changes go through the `bonus` command. */
export const bonusAdminRoutes = (ctx: AppContext) => [
  adminRoute({
    method: 'GET',
    url: '/bonus/definitions',
    summary: 'The bonus definitions, oldest first',
    permission: { action: 'read', subject: 'Promotion' },
    response: z.array(adminBonusDefinitionSchema),
    async handle() {
      return (await listDefinitions(ctx.db)).map((row) => ({
        name: row.name,
        enabled: row.enabled,
        amounts: Object.fromEntries(
          Object.entries(row.amounts).map(([currency, minor]) => [
            currency,
            formatMinor(BigInt(minor), subunitOf(currency)),
          ]),
        ),
        wagerMultiplier: Math.min(row.wagerMultiplier, ctx.config.bonus.maxWagerMultiplier),
      }));
    },
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
