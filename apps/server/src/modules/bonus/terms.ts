import type { BonusTerms, PlayerBonus } from '@casino/contracts';
import { toMajor } from '@casino/contracts';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gameLabels } from '../game/index.ts';
import { subunitOf } from '../settings/index.ts';
import { bonusDefinitions, type PlayerBonusRow } from './tables.ts';

/**
 * What players read of a bonus before they choose it and while they play it: the promotions page (guests
 * too), the deposit form's offers and the bonus details all show the same terms, built here from the
 * definition's data (or the rule copied into a bonus when it was given), never from fixed texts.
 */

/** The operator's cap on the wagering multiplier (service's BonusRules). */
type Rules = { maxWagerMultiplier: number };

type DefinitionRow = typeof bonusDefinitions.$inferSelect;
type Labels = Map<string, { identity: string; name: string }>;

const majorOf = (minor: number | bigint | null | undefined, currency: string) =>
  minor === null || minor === undefined ? null : toMajor(BigInt(minor), subunitOf(currency));

const excluded = (ids: readonly string[], labels: Labels) =>
  ids.flatMap((id) => {
    const game = labels.get(id);
    return game ? [game] : [];
  });

/** The game labels a set of definitions' terms and free spins name, in one query. */
export const labelsFor = (db: DbOrTx, rows: readonly DefinitionRow[]) =>
  gameLabels(
    db,
    rows.flatMap((r) => [...r.excludedGames, ...(r.freespinGameId ? [r.freespinGameId] : [])]),
  );

/** A definition's terms in `currency` (the operator's wagering cap applied, as the issue applies it). */
export function definitionTerms(row: DefinitionRow, currency: string, rules: Rules, labels: Labels): BonusTerms {
  return {
    currency,
    wagerMultiplier: Math.min(row.wagerMultiplier, rules.maxWagerMultiplier),
    contributions: row.contributions,
    excludedGames: excluded(row.excludedGames, labels),
    maxBet: majorOf(row.maxBet[currency], currency),
    maxConversion: majorOf(row.maxConversion[currency], currency),
    activationDays: row.activationDays,
    wageringDays: row.wageringDays,
    lapsesOnStake: row.triggerConditions !== null,
  };
}

/** A given bonus's terms: the rule it was issued with (a later edit of the definition changes none of it). */
export function bonusTerms(row: PlayerBonusRow, labels: Labels): BonusTerms {
  return {
    currency: row.currency,
    wagerMultiplier: row.wagerMultiplier,
    contributions: row.contributions,
    excludedGames: excluded(row.excludedGames, labels),
    maxBet: majorOf(row.maxBetMinor, row.currency),
    maxConversion: majorOf(row.maxConversionMinor, row.currency),
    activationDays: null,
    wageringDays: row.wageringDays,
    lapsesOnStake: row.invoiceId !== null || row.source === 'deposit',
  };
}

/** The player's bonuses with their definitions' names per locale and their terms (the bonuses page and details). */
export async function withNamesAndTerms(
  db: DbOrTx,
  rows: readonly PlayerBonusRow[],
  wire: readonly PlayerBonus[],
): Promise<PlayerBonus[]> {
  if (rows.length === 0) return [...wire];
  const [definitions, labels] = await Promise.all([
    db
      .select({ id: bonusDefinitions.id, names: bonusDefinitions.names })
      .from(bonusDefinitions)
      .where(
        inArray(
          bonusDefinitions.id,
          rows.map((r) => r.definitionId),
        ),
      ),
    gameLabels(
      db,
      rows.flatMap((r) => r.excludedGames),
    ),
  ]);
  const names = new Map(definitions.map((d) => [d.id, d.names]));
  return wire.map((bonus, i) => ({
    ...bonus,
    names: names.get(rows[i]!.definitionId) ?? {},
    terms: bonusTerms(rows[i]!, labels),
  }));
}
