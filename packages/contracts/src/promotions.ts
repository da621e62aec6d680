import { z } from 'zod';
import { text } from './text.ts';

/**
 * The rules of a bonus as a player reads them before choosing it, and after: every figure comes from
 * the bonus definition (or, for a bonus already given, the rule copied into it), in one currency's
 * major units. The web's terms component renders it on the promotions page, in the bonus details and
 * in the deposit form's offer.
 */
export const bonusTermsSchema = z.object({
  currency: text(),
  /** Wagering: the bonus amount times this must be staked (the operator's cap applied). */
  wagerMultiplier: z.number().int(),
  /** Share of a stake that counts, in percent, per game type; a type not named counts 0. */
  contributions: z.record(text(), z.number().int()),
  /** Games where bonus money cannot be staked and stakes never count. */
  excludedGames: z.array(z.object({ identity: text(), name: text() })),
  /** The most a round may stake while the bonus is active (null: no cap). */
  maxBet: z.number().nullable(),
  /** The most bonus money that turns real on completion (null: all of it). */
  maxConversion: z.number().nullable(),
  /** Days a bonus waits for activation (null for one that is already active or ended). */
  activationDays: z.number().int().nullable(),
  /** Days to wager once active. */
  wageringDays: z.number().int(),
  /** A deposit bonus: it lapses when money is staked before it is activated. */
  lapsesOnStake: z.boolean(),
});
export type BonusTerms = z.infer<typeof bonusTermsSchema>;

/** A bonus's name per locale (`de`, `pt-br`); the default name is used for any locale not named. */
export const localizedNamesSchema = z.record(text(), text());

/**
 * `GET /api/game/promotions?currency=EUR` (guests too): the offers anyone can act on — deposit bonuses
 * (the welcome package's steps and reloads) and cashback programmes — enabled and within their dates,
 * with their full terms. No player data: what a player has had is the deposit form's business.
 */
export const promotionSchema = z.object({
  id: text(),
  name: text(),
  names: localizedNamesSchema,
  /** 1 fixed cash, 2 a percentage of the deposit (capped), 3 free spins. */
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** `deposit`: chosen in the deposit form; `cashback`: paid after each period on net losses. */
  kind: z.enum(['deposit', 'cashback']),
  package: z.object({ id: text(), name: text() }).nullable(),
  packagePriority: z.number().int(),
  currency: text(),
  /** Type 1: the bonus amount. */
  amount: z.number().nullable(),
  /** Type 2: the share of the deposit given, and its cap. */
  depositPercentage: z.number().int().nullable(),
  maxAmount: z.number().nullable(),
  /** A deposit bonus: the smallest (and largest) deposit that gets it. */
  minDeposit: z.number().nullable(),
  maxDeposit: z.number().nullable(),
  freespins: z
    .object({ count: z.number().int(), game: z.object({ identity: text(), name: text() }), stake: z.number() })
    .nullable(),
  cashback: z.object({ percentage: z.number().int(), period: z.enum(['week', 'day']) }).nullable(),
  availableFrom: text().nullable(),
  availableTo: text().nullable(),
  terms: bonusTermsSchema,
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionsQuerySchema = z.object({
  currency: text()
    .regex(/^[A-Z]{3,5}$/, 'Must be a currency code')
    .optional(),
});
