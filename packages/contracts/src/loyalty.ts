import { z } from 'zod';
import { pageQuerySchema } from './envelope.ts';
import { text } from './text.ts';

/** A loyalty level: reached at `points`, shown in `order` (1 first). */
export const loyaltyLevelSchema = z.object({
  id: text(),
  name: text(),
  order: z.number().int(),
  points: z.number().int(),
});
export type LoyaltyLevel = z.infer<typeof loyaltyLevelSchema>;

/**
 * The player's loyalty account (`GET /api/retention/account`): points so far, the level they reach and
 * the next one (null at the top). Progress = points above `currentLevel.points` ÷ points between levels.
 */
export const loyaltyAccountSchema = z.object({
  id: text(),
  playerId: text(),
  points: z.number().int(),
  currentLevel: loyaltyLevelSchema,
  nextLevel: loyaltyLevelSchema.nullable(),
  createdAt: text(),
  updatedAt: text().nullable(),
});
export type LoyaltyAccount = z.infer<typeof loyaltyAccountSchema>;

/** `GET /api/retention/levels?sortBy=order&sortOrder=asc&page&perPage` */
export const loyaltyLevelsQuerySchema = pageQuerySchema
  .extend({
    sortBy: z.enum(['order', 'points']).default('order'),
    sortOrder: z.enum(['asc', 'desc']).default('asc'),
  })
  .strict();
export type LoyaltyLevelsQuery = z.infer<typeof loyaltyLevelsQuerySchema>;

/** Payload on `retention:accounts#<playerId>`: `account.level.updated` (a new level) or `account.balance.updated`. */
export const loyaltyAccountPushSchema = z.object({
  event: z.enum(['account.level.updated', 'account.balance.updated']),
  playerAccount: loyaltyAccountSchema,
});
export type LoyaltyAccountPush = z.infer<typeof loyaltyAccountPushSchema>;

/** How points are earned per game type (`GET /api/retention/rates`): `points` for every `perAmount` of the base currency staked (major units). */
export const loyaltyRateSchema = z.object({
  gameType: text(),
  points: z.number().int(),
  perAmount: z.number(),
  currency: text(),
});
export type LoyaltyRate = z.infer<typeof loyaltyRateSchema>;

/** A level as an operator's file names it (`npm run ops -- loyalty levels set <file.json>`: an array of these). */
export const loyaltyLevelInputSchema = z
  .object({
    name: text().trim().min(1).max(60),
    points: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    /** A bonus definition's name, issued once to each player who reaches the level. */
    rewardBonus: text().trim().min(1).max(120).nullable().optional(),
  })
  .strict();
export const loyaltyLevelsInputSchema = z
  .array(loyaltyLevelInputSchema)
  .min(1)
  .max(50)
  .refine((levels) => levels[0]?.points === 0, 'The first level starts at 0 points')
  .refine(
    (levels) => levels.every((level, i) => i === 0 || level.points > levels[i - 1]!.points),
    'Each level needs more points than the one before',
  )
  .refine((levels) => new Set(levels.map((l) => l.name.toLowerCase())).size === levels.length, 'Names must differ');
export type LoyaltyLevelInput = z.infer<typeof loyaltyLevelInputSchema>;
