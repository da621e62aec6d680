import { z } from 'zod';
import { BonusResult, BonusStatus } from './constants.ts';
import { pageQuerySchema } from './envelope.ts';
import { text } from './text.ts';
import { LOCALE_CODES } from './locales.ts';
import { bonusTermsSchema, localizedNamesSchema } from './promotions.ts';

/**
 * Bonuses (`/api/game/player-bonuses`). A bonus is issued (1), activated (2: its money is on the
 * account as bonus money and wagering counts), then finished (3) with a result: 2 wagered (the bonus
 * money became real), 3 cancelled, 4 expired, 5 lost (the bonus money ran out). One bonus is active
 * per currency; others wait as issued.
 */

/** The UK cap on a bonus's wagering multiplier since January 2026; operators may lower it (BONUS_MAX_WAGER). */
export const DEFAULT_MAX_WAGER_MULTIPLIER = 10;

/** Game types and their default share of a stake that counts toward wagering, in percent. */
export const DEFAULT_WAGER_CONTRIBUTIONS: Record<string, number> = {
  slots: 100,
  crash: 100,
  dice: 50,
  roulette: 10,
};

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const currencyAmounts = z.record(text().regex(/^[A-Z]{3,5}$/), minor);

/**
 * A bonus definition as an operator writes it (`npm run ops -- bonus create <file>`): amounts are
 * minor units per currency; the bonus can be played only in the currencies it names.
 */
const dateTime = z.iso.datetime({ offset: true });

export const bonusDefinitionInputSchema = z
  .object({
    name: text().trim().min(1).max(120),
    /** The name in other locales (`{"de": "…", "pt-br": "…"}`); a locale not named shows `name`. */
    names: z
      .record(text(), text().trim().min(1).max(120))
      .refine((names) => Object.keys(names).every((code) => LOCALE_CODES.includes(code)), {
        message: `Locales are ${LOCALE_CODES.join(', ')}`,
      })
      .default({}),
    /** Contracts `constants.game.bonus.type`: 1 fixed cash, 2 a percentage of the deposit, 3 free spins. */
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    /** The fixed bonus amount per currency (type 1; for other types the currencies it is offered in, amount 0). */
    amounts: currencyAmounts.refine((value) => Object.keys(value).length > 0, 'Name at least one currency'),
    /** Type 2: the share of the deposit given, in percent, capped per currency by `maxAmounts`. */
    depositPercentage: z.number().int().min(1).max(1000).optional(),
    maxAmounts: currencyAmounts.default({}),
    /** A deposit bonus: which deposits trigger it (amounts in minor units of each currency, or of the base currency). */
    triggerConditions: z
      .object({
        invoiceAmountItems: z
          .array(
            z.object({
              currency: text().regex(/^[A-Z]{3,5}$/),
              amountFrom: minor,
              amountTo: minor.nullable().optional(),
            }),
          )
          .max(50)
          .default([]),
        baseCurrencyInvoiceAmountFrom: minor.nullable().default(null),
        baseCurrencyInvoiceAmountTo: minor.nullable().default(null),
      })
      .strict()
      .optional(),
    /** Type 3: the spins, the game (id or identity) and the stake of one spin per currency (minor units). */
    freespins: z
      .object({ count: z.number().int().min(1).max(10_000), game: text().min(1).max(200), stakes: currencyAmounts })
      .strict()
      .optional(),
    /** Cashback: this percentage of a period's net real-money losses, issued as this bonus. */
    cashback: z
      .object({ percentage: z.number().int().min(1).max(100), period: z.enum(['week', 'day']).default('week') })
      .strict()
      .optional(),
    /** A welcome package this bonus belongs to (created by name), and its place in it. */
    package: z
      .object({ name: text().trim().min(1).max(120), priority: z.number().int().min(0).max(100) })
      .strict()
      .optional(),
    /** A promotion respects the player's consent to bonuses (`receiveBonus`). */
    promotional: z.boolean().default(true),
    /**
     * At most one per person: refused to a player who, or any of whose linked accounts (a shared device,
     * payment instrument or verified identity), already had a bonus of this definition.
     */
    onePerPerson: z.boolean().default(false),
    availableFrom: dateTime.optional(),
    availableTo: dateTime.optional(),
    /** Wagering: the bonus amount times this must be staked (capped by the operator's maximum). */
    wagerMultiplier: z.number().int().min(0).max(100),
    /** The largest stake while the bonus is active, per currency (absent: no cap). */
    maxBet: currencyAmounts.default({}),
    /** The most bonus money that turns real on completion, per currency (absent: all of it). */
    maxConversion: currencyAmounts.default({}),
    /** Share of a stake that counts, in percent, per game type; types not named count 0. */
    contributions: z
      .record(text().min(1).max(40), z.number().int().min(0).max(100))
      .default(DEFAULT_WAGER_CONTRIBUTIONS),
    /** Games whose stakes never use bonus money and never count (ids or identities). */
    excludedGames: z.array(text().min(1).max(200)).max(1000).default([]),
    /** Days an issued bonus may wait for activation, and days to wager once active. */
    activationDays: z.number().int().min(1).max(365).default(30),
    wageringDays: z.number().int().min(1).max(365).default(30),
  })
  .strict();
export type BonusDefinitionInput = z.infer<typeof bonusDefinitionInputSchema>;
/** A definition as written in a file (defaults not yet applied). */
export type BonusDefinitionSource = z.input<typeof bonusDefinitionInputSchema>;

/** A player's bonus as the site shows it (the spec's shape; amounts in major units of `currency`). */
export const playerBonusSchema = z.object({
  id: text(),
  playerId: text(),
  name: text(),
  bonusType: z.number().int(),
  currency: text(),
  amount: z.number(),
  status: z.number().int(),
  result: z.number().int(),
  createdAt: text(),
  finishedAt: text().nullable(),
  activationExpiredAt: text().nullable(),
  wageringExpiredAt: text().nullable(),
  maxBetAmount: z.number().nullable(),
  wagerCasino: z.number(),
  wagerSportsbook: z.number(),
  currentWagerPercentage: z.number(),
  currentWagerAmount: z.number(),
  currentWagerCasinoAmount: z.number(),
  currentWagerSportsbookAmount: z.number(),
  requiredWagerCasinoAmount: z.number(),
  requiredWagerSportsbookAmount: z.number(),
  openedTransactionsCount: z.number().int(),
  isBonusCancelLock: z.boolean(),
  packageId: text().nullable(),
  packagePriority: z.number().int(),
  issueSessionId: text().nullable(),
  /** Beyond the spec: the definition's name per locale (a locale not named shows `name`). */
  names: localizedNamesSchema.optional(),
  /** Beyond the spec: the rule this bonus was given with, as the terms show it. */
  terms: bonusTermsSchema.optional(),
});
export type PlayerBonus = z.infer<typeof playerBonusSchema>;

const statusValues = [BonusStatus.issued, BonusStatus.active, BonusStatus.finished] as const;
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item).max(10));
const statusList = oneOrMany(z.coerce.number().pipe(z.union(statusValues.map((value) => z.literal(value)))));
const currencyList = oneOrMany(text().regex(/^[A-Z]{3,5}$/));

/**
 * `GET /api/game/player-bonuses?status[]=1&status[]=2&currency[]=EUR&page&perPage`: arrays use brackets
 * on the wire, as the site sends them; plain `status=1` is taken too.
 */
export const playerBonusesQuerySchema = pageQuerySchema
  .extend({
    'status[]': statusList.optional(),
    status: statusList.optional(),
    'currency[]': currencyList.optional(),
    currency: currencyList.optional(),
  })
  .transform(({ 'status[]': statusBrackets, 'currency[]': currencyBrackets, status, currency, ...page }) => ({
    ...page,
    status: statusBrackets ?? status,
    currency: currencyBrackets ?? currency,
  }));

/** What a finished bonus's result means, for messages and the history. */
export const BONUS_RESULT_KEYS = {
  [BonusResult.issued]: 'issued',
  [BonusResult.played]: 'wagered',
  [BonusResult.canceled]: 'canceled',
  [BonusResult.expired]: 'expired',
  [BonusResult.lost]: 'lost',
} as const;

/** Payload on `bonus:player-bonuses#<playerId>`: a bonus issued (`created`) or changed. */
export const playerBonusPushSchema = z.object({
  event: z.enum(['player.bonus.created', 'player.bonus.updated']),
  playerBonus: playerBonusSchema.pick({
    id: true,
    name: true,
    status: true,
    result: true,
    amount: true,
    currency: true,
    currentWagerAmount: true,
    requiredWagerCasinoAmount: true,
    currentWagerPercentage: true,
  }),
});
export type PlayerBonusPush = z.infer<typeof playerBonusPushSchema>;
