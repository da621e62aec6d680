import { BASE_CURRENCY, toMajor, type Promotion } from '@casino/contracts';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { currencyByCode, subunitOf } from '../settings/index.ts';
import { bonusDefinitions, bonusPackages } from './tables.ts';
import { definitionTerms, labelsFor } from './terms.ts';
import { triggerRange } from './trigger.ts';

type DefinitionRow = typeof bonusDefinitions.$inferSelect;
type Rules = { maxWagerMultiplier: number };

const majorOf = (minor: number | bigint | null | undefined, currency: string) =>
  minor === null || minor === undefined ? null : toMajor(BigInt(minor), subunitOf(currency));

/**
 * `GET /api/game/promotions`: the offers anyone may act on in `currency` — deposit bonuses and
 * cashback programmes, enabled, within their dates, giving something in it — with their terms. No
 * player data. The welcome package's steps come first in order, then the rest by name.
 */
export async function listPromotions(
  db: DbOrTx,
  rules: Rules,
  currency: string = BASE_CURRENCY,
  now = new Date(),
): Promise<Promotion[]> {
  if (!currencyByCode(currency)) return [];
  const rows = (
    await db
      .select()
      .from(bonusDefinitions)
      .where(
        and(
          eq(bonusDefinitions.enabled, true),
          or(isNotNull(bonusDefinitions.triggerConditions), isNotNull(bonusDefinitions.cashbackPercentage)),
        ),
      )
  )
    .filter(
      (d) =>
        (!d.availableFrom || d.availableFrom <= now) &&
        (!d.availableTo || d.availableTo > now) &&
        offeredIn(d, currency),
    )
    .sort(
      (a, b) =>
        Number(a.packageId === null) - Number(b.packageId === null) ||
        a.packagePriority - b.packagePriority ||
        a.name.localeCompare(b.name),
    );
  const packageIds = [...new Set(rows.map((r) => r.packageId).filter((id): id is string => id !== null))];
  const [labels, packages] = await Promise.all([
    labelsFor(db, rows),
    packageIds.length
      ? db.select().from(bonusPackages).where(inArray(bonusPackages.id, packageIds))
      : Promise.resolve([]),
  ]);
  const packageNames = new Map(packages.map((p) => [p.id, p.name]));
  return rows.map((row) => {
    const range = row.triggerConditions ? triggerRange(row, currency) : null;
    const game = row.freespinGameId ? labels.get(row.freespinGameId) : undefined;
    return {
      id: row.id,
      name: row.name,
      names: row.names,
      type: row.type as 1 | 2 | 3,
      kind: row.cashbackPercentage !== null ? 'cashback' : 'deposit',
      package: row.packageId ? { id: row.packageId, name: packageNames.get(row.packageId) ?? '' } : null,
      packagePriority: row.packagePriority,
      currency,
      amount: row.type === 1 && (row.amounts[currency] ?? 0) > 0 ? majorOf(row.amounts[currency], currency) : null,
      depositPercentage: row.type === 2 ? row.depositPercentage : null,
      maxAmount: majorOf(row.maxAmounts[currency], currency),
      minDeposit: range ? majorOf(range.from, currency) : null,
      maxDeposit: range?.to != null ? majorOf(range.to, currency) : null,
      freespins:
        row.type === 3 && game && row.freespinCount !== null
          ? { count: row.freespinCount, game, stake: majorOf(row.freespinStakes[currency], currency) ?? 0 }
          : null,
      cashback:
        row.cashbackPercentage !== null
          ? { percentage: row.cashbackPercentage, period: row.cashbackPeriod === 'day' ? 'day' : 'week' }
          : null,
      availableFrom: row.availableFrom?.toISOString() ?? null,
      availableTo: row.availableTo?.toISOString() ?? null,
      terms: definitionTerms(row, currency, rules, labels),
    };
  });
}

/** Whether an offer means anything in `currency`: a deposit bonus that gives and triggers in it, a cashback paid in it. */
function offeredIn(row: DefinitionRow, currency: string): boolean {
  if (row.cashbackPercentage !== null) return currency in row.amounts;
  if (triggerRange(row, currency) === null) return false;
  if (row.type === 1) return (row.amounts[currency] ?? 0) > 0;
  if (row.type === 2) return row.depositPercentage !== null && currency in row.amounts;
  return row.freespinCount !== null && (row.freespinStakes[currency] ?? 0) > 0;
}
