import { z } from 'zod';
import { text } from './text.ts';
import { bonusTermsSchema, localizedNamesSchema } from './promotions.ts';

/**
 * Deposit bonuses and the welcome package (`/api/game/bonuses`). A deposit bonus is a bonus definition
 * with trigger conditions: the deposits (per currency, or in the base currency) that may choose it. The
 * player picks one (or none) in the deposit form; it is issued once the deposit succeeds, once per
 * invoice. A package's bonuses are each given once per player, in `packagePriority` order.
 */

const code = text().regex(/^[A-Z]{3,5}$/, 'Must be a currency code');
const amount = z.union([z.number().positive().max(1e15), text().regex(/^\d{1,15}(\.\d{1,8})?$/, 'Must be an amount')]);

/**
 * `GET /api/game/bonuses?currency=EUR&amount=50`: without `amount`, every deposit bonus of the currency;
 * `skipCondition=1` adds a package's bonuses the player already had or that are not yet due (the package view).
 */
export const depositBonusesQuerySchema = z.object({
  currency: code,
  amount: amount.optional(),
  skipCondition: z
    .enum(['1', '0', 'true', 'false'])
    .transform((value) => value === '1' || value === 'true')
    .optional(),
});

const idList = z.preprocess(
  (value) => (value === undefined || Array.isArray(value) ? value : [value]),
  z.array(text().max(64)).max(20),
);

/** `GET /api/game/bonuses/status?bonusIds[]=…&currency=EUR` (plain `bonusIds=` is taken too). */
export const depositBonusStatusQuerySchema = z
  .object({
    'bonusIds[]': idList.optional(),
    bonusIds: idList.optional(),
    currency: code,
  })
  .transform(({ 'bonusIds[]': brackets, bonusIds, currency }) => ({ bonusIds: brackets ?? bonusIds ?? [], currency }));

const amountItem = z.object({ amount: z.number(), currency: text() });

/** A bonus definition as the deposit form and the welcome page read it (major units of each currency). */
export const bonusDefinitionSchema = z.object({
  id: text(),
  name: text(),
  /** Contracts `game.bonus.status`: 1 active, 2 inactive. */
  status: z.number().int(),
  /** 1 fixed cash, 2 a percentage of the deposit (capped), 3 free spins. */
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  wagerCasino: z.number().int(),
  wagerSportsbook: z.number().int(),
  baseCurrencyMaxWinAmount: z.number().nullable(),
  maxWinAmountItems: z.array(amountItem),
  assignConditions: z.object({
    amountItems: z.array(amountItem).optional(),
    depositPercentage: z.number().int().optional(),
    maxAmountItems: z.array(amountItem).optional(),
    gameId: text().optional(),
    /** Free spins: `quantity` spins at `price` (the stake of one spin) in `currency`. */
    presets: z
      .array(
        z.object({
          id: text(),
          currency: text(),
          name: text(),
          originalCurrency: text(),
          price: z.number(),
          quantity: z.number().int(),
        }),
      )
      .optional(),
  }),
  triggerConditions: z.object({
    baseCurrencyInvoiceAmountFrom: z.number().nullable(),
    baseCurrencyInvoiceAmountTo: z.number().nullable(),
    /** The asked currency always has its item (converted from the base-currency range when it had none). */
    invoiceAmountItems: z.array(
      z.object({ amountFrom: z.number(), amountTo: z.number().nullable().optional(), currency: text() }),
    ),
    availableFrom: text().optional(),
    availableTo: text().optional(),
  }),
  package: z.object({ id: text(), name: text() }).nullable(),
  packagePriority: z.number().int(),
  /** Beyond the spec: the name per locale, and the full terms in the asked currency (the form shows them before the choice). */
  names: localizedNamesSchema.optional(),
  terms: bonusTermsSchema.optional(),
});
export type BonusDefinition = z.infer<typeof bonusDefinitionSchema>;

/**
 * A definition's status and the player's: `issueStatus` is the status of the player's latest bonus (or
 * free spins) of it — 1 issued, 2 active, 3 finished — or 0 when the player never got it.
 */
export const depositBonusStatusSchema = z.object({
  id: text(),
  status: z.number().int(),
  issueStatus: z.number().int(),
});
export type DepositBonusStatus = z.infer<typeof depositBonusStatusSchema>;
