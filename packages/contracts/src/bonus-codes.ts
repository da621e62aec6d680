import { z } from 'zod';
import { text } from './text.ts';

/**
 * Bonus codes (`/api/game/bonuses/bonuscodes`). A player types a code on the bonuses page (trigger 1),
 * at sign-up (2) or in the deposit form (3). Its use is kept with a status: 1 accepted (a deposit code
 * waits for the next paid deposit), 2 used (the bonus was issued), 3 incorrect (no such code), 4 not
 * available (a code that exists but not for this player now: used up, out of dates, currency, country).
 */
export const BonusCodeTrigger = { promoCode: 1, registration: 2, deposit: 3 } as const;
export const BonusCodeStatus = { accepted: 1, used: 2, incorrect: 3, notAvailable: 4 } as const;
/**
 * Why a code is not available (status 4), where the player can be told more than "not available":
 * they used it already, or its offer is one per person and they (or a linked account) had it.
 */
export const BonusCodeRefusals = ['already_used', 'one_per_person'] as const;
export type BonusCodeRefusal = (typeof BonusCodeRefusals)[number];

/** A code as operators write it and players type it: trimmed, upper-cased, 1–40 of A–Z, 0–9, `_` and `-`. */
export const BONUS_CODE_PATTERN = /^[A-Z0-9_-]{1,40}$/;
export const BONUS_CODE_MESSAGE = 'A bonus code is 1 to 40 letters, digits, "-" or "_"';

export const bonusCodeTextSchema = text()
  .max(200)
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().regex(BONUS_CODE_PATTERN, BONUS_CODE_MESSAGE));

const triggerSchema = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]));

/** `GET /api/game/bonuses/bonuscodes?trigger=3`: the player's codes of that trigger, newest first. */
export const bonusCodesQuerySchema = z.object({ trigger: triggerSchema }).strict();

/** `POST /api/game/bonuses/bonuscodes`: a code typed on the bonuses page (1) or in the deposit form (3). */
export const bonusCodeBodySchema = z
  .object({
    bonusCode: bonusCodeTextSchema,
    trigger: z.union([z.literal(1), z.literal(3)]),
  })
  .strict();
export type BonusCodeBody = z.infer<typeof bonusCodeBodySchema>;

/** `DELETE /api/game/bonuses/bonuscodes`: withdraw a deposit code still waiting (status 1). */
export const bonusCodeDeleteSchema = z.object({ playerBonusCodeId: text().min(1).max(64) }).strict();

/** A player's use of a code (the spec's `BonusCode`). */
export const bonusCodeSchema = z.object({
  id: text(),
  playerId: text(),
  bonusCode: text(),
  trigger: z.number().int(),
  status: z.number().int(),
  result: z.number().int(),
  /** With status 4, when the player can be told why (absent otherwise). */
  reason: z.enum(BonusCodeRefusals).optional(),
  createdAt: text(),
});
export type BonusCode = z.infer<typeof bonusCodeSchema>;

/** Payload on `bonus:player-bonus-codes#<playerId>`: a code use recorded or changed. */
export const playerBonusCodePushSchema = z.object({
  event: z.literal('player.bonus.code.updated'),
  playerBonusCode: bonusCodeSchema,
});
export type PlayerBonusCodePush = z.infer<typeof playerBonusCodePushSchema>;

/** How many wrong codes a player, and an address, may type in a window before the code form locks (error 5). */
export const BONUS_CODE_GUESS_LIMITS = { perPlayer: 5, perAddress: 20, windowSec: 15 * 60 } as const;
