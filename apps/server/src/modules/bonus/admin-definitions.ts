import { z } from 'zod';
import { adminBonusDefinitionSchema, formatMinor } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { subunitOf } from '../settings/index.ts';
import type { BonusRules } from './service.ts';
import { bonusPackages, type bonusDefinitions } from './tables.ts';
import { labelsFor } from './terms.ts';

type DefinitionRow = typeof bonusDefinitions.$inferSelect;

const money = z.record(z.string(), z.string());
const game = z.object({ identity: z.string(), name: z.string() });

/**
 * A bonus definition as the back office shows and previews it: every figure of the definition, amounts
 * in major units per currency (as typed in the form), games by identity and name.
 */
export const adminBonusDefinitionDetailSchema = adminBonusDefinitionSchema.extend({
  id: z.string(),
  names: z.record(z.string(), z.string()),
  /** 1 fixed cash, 2 a percentage of the deposit, 3 free spins. */
  type: z.number(),
  /** Offered in the deposit form (it has trigger conditions). */
  deposit: z.boolean(),
  depositPercentage: z.number().nullable(),
  maxAmounts: money,
  maxBet: money,
  maxConversion: money,
  freespins: z.object({ count: z.number(), game: game.nullable(), stakes: money }).nullable(),
  cashback: z.object({ percentage: z.number(), period: z.string() }).nullable(),
  package: z.object({ name: z.string(), priority: z.number() }).nullable(),
  promotional: z.boolean(),
  onePerPerson: z.boolean(),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
  /** The multiplier as written (`wagerMultiplier` is what is issued: the operator's cap applied). */
  wagerMultiplierWritten: z.number(),
  contributions: z.record(z.string(), z.number()),
  excludedGames: z.array(game),
  activationDays: z.number(),
  wageringDays: z.number(),
  createdAt: z.string(),
});
export type AdminBonusDefinitionDetail = z.infer<typeof adminBonusDefinitionDetailSchema>;

const majors = (amounts: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(amounts).map(([currency, minor]) => [currency, formatMinor(BigInt(minor), subunitOf(currency))]),
  );

/** The definitions for the back office, with their games' labels and packages read in one query each. */
export async function adminDefinitions(
  db: DbOrTx,
  rows: readonly DefinitionRow[],
  rules: BonusRules,
): Promise<AdminBonusDefinitionDetail[]> {
  const labels = await labelsFor(db, rows);
  const packages = new Map(
    rows.some((r) => r.packageId)
      ? (await db.select({ id: bonusPackages.id, name: bonusPackages.name }).from(bonusPackages)).map((p) => [
          p.id,
          p.name,
        ])
      : [],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    names: row.names,
    enabled: row.enabled,
    type: row.type,
    deposit: row.triggerConditions !== null,
    amounts: majors(row.amounts),
    depositPercentage: row.depositPercentage,
    maxAmounts: majors(row.maxAmounts),
    maxBet: majors(row.maxBet),
    maxConversion: majors(row.maxConversion),
    freespins:
      row.freespinCount === null
        ? null
        : {
            count: row.freespinCount,
            game: (row.freespinGameId && labels.get(row.freespinGameId)) || null,
            stakes: majors(row.freespinStakes),
          },
    cashback:
      row.cashbackPercentage === null
        ? null
        : { percentage: row.cashbackPercentage, period: row.cashbackPeriod ?? 'week' },
    package: row.packageId
      ? { name: packages.get(row.packageId) ?? row.packageId, priority: row.packagePriority }
      : null,
    promotional: row.promotional,
    onePerPerson: row.onePerPerson,
    availableFrom: row.availableFrom?.toISOString() ?? null,
    availableTo: row.availableTo?.toISOString() ?? null,
    wagerMultiplier: Math.min(row.wagerMultiplier, rules.maxWagerMultiplier),
    wagerMultiplierWritten: row.wagerMultiplier,
    contributions: row.contributions,
    excludedGames: row.excludedGames.flatMap((id) => {
      const label = labels.get(id);
      return label ? [label] : [];
    }),
    activationDays: row.activationDays,
    wageringDays: row.wageringDays,
    createdAt: row.createdAt.toISOString(),
  }));
}
