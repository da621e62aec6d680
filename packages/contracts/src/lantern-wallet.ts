import { z } from 'zod';
import { MAX_WIRE_MINOR, formatMinor, scaleDigits } from './money.ts';

/**
 * The Lantern Hub aggregator's seamless wallet (docs/lantern-wallet-api.md), parsed by the casino's
 * adapter (modules/game/providers/lantern) and spoken by the sandbox Lantern (sandbox/lantern):
 * `POST {wallet}/balance|debit|credit|rollback`, snake_case fields, amounts as decimal strings in major
 * units, the body signed in `X-Hub-Signature: sha256=<hex>`, and every answer a `status` word.
 */

export const LANTERN_CALLS = ['balance', 'debit', 'credit', 'rollback'] as const;
export type LanternCall = (typeof LANTERN_CALLS)[number];

/** Printable ASCII without spaces, 1–64 characters: no NUL, no control, nothing a log line could be forged with. */
const ref = z.string().regex(/^[\x21-\x7e]{1,64}$/, 'must be 1 to 64 printable ASCII characters');
/** A decimal string in major units: digits, an optional point and decimals; no sign, exponent or spaces. */
const amount = z
  .string()
  .max(40, 'too long')
  .regex(/^\d+(\.\d+)?$/, 'must be a decimal string such as "12.50"');

const base = {
  player_id: ref,
  /** The casino's game-session token, handed over at launch. */
  session_id: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be the session id of the launch'),
  currency: z.string().regex(/^[A-Z0-9]{2,10}$/, 'must be an upper-case currency code'),
  /** Seconds since the epoch when the call was made (signed with the body): more than 5 minutes off is refused. */
  timestamp: z.number().int().min(0).max(1e11),
};
const inRound = { ...base, game_id: ref, round_id: ref, transaction_id: ref };

export const lanternBalanceBodySchema = z.object(base);
export const lanternDebitBodySchema = z.object({ ...inRound, amount, round_closed: z.boolean().optional() });
export const lanternCreditBodySchema = z.object({ ...inRound, amount, round_closed: z.boolean().optional() });
export const lanternRollbackBodySchema = z.object({ ...inRound, ref_transaction_id: ref });

export type LanternBalanceBody = z.infer<typeof lanternBalanceBodySchema>;
export type LanternDebitBody = z.infer<typeof lanternDebitBodySchema>;
export type LanternCreditBody = z.infer<typeof lanternCreditBodySchema>;
export type LanternRollbackBody = z.infer<typeof lanternRollbackBodySchema>;
export type LanternBodies = {
  balance: LanternBalanceBody;
  debit: LanternDebitBody;
  credit: LanternCreditBody;
  rollback: LanternRollbackBody;
};

export const LANTERN_STATUSES = [
  'OK',
  'INVALID_SIGNATURE',
  'BAD_REQUEST',
  'INVALID_SESSION',
  'SESSION_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'DUPLICATE_TRANSACTION',
  'ROUND_CLOSED',
  'TRANSACTION_ROLLED_BACK',
  'BET_LIMIT_EXCEEDED',
  'PLAYER_LIMIT_REACHED',
  'PLAYER_BLOCKED',
  'GAME_RESTRICTED',
  'INTERNAL_ERROR',
] as const;
export type LanternStatus = (typeof LANTERN_STATUSES)[number];

/** Every answer: a status word; the balance when it is known; the casino's numeric code and words on a refusal. */
export const lanternAnswerSchema = z.object({
  status: z.enum(LANTERN_STATUSES),
  balance: amount.optional(),
  currency: z.string().optional(),
  transaction_id: z.string().optional(),
  code: z.number().int().optional(),
  message: z.string().optional(),
  max_bet: amount.optional(),
});
export type LanternAnswer = z.infer<typeof lanternAnswerSchema>;

/** The launch Lantern serves (`POST {LANTERN_URL}/api/launch`), signed as its wallet calls are. */
export const lanternLaunchBodySchema = z.object({
  game_id: ref,
  mode: z.enum(['real', 'demo']),
  /** null for demo. */
  session_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .nullable(),
  player_id: ref.nullable(),
  currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
  language: z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/),
  lobby_url: z.string().max(2000),
  /** mobile | desktop */
  device: z.enum(['mobile', 'desktop']),
  timestamp: z.number().int().min(0),
});
export type LanternLaunchBody = z.infer<typeof lanternLaunchBodySchema>;
export const lanternLaunchAnswerSchema = z.object({ status: z.literal('OK'), url: z.string().min(1).max(2000) });

/**
 * A Lantern decimal string → integer minor units, exactly (digits, never floats): null when it has more
 * decimals than the currency (`subunitToUnit`) has, or is above 2^53 − 1 minor units. "12.5" and "12.50"
 * are both 1250 in EUR; "12.505" is refused.
 */
export function lanternMinor(value: string, subunitToUnit: number): bigint | null {
  const match = /^(\d{1,30})(?:\.(\d{1,30}))?$/.exec(value);
  if (!match) return null;
  const digits = scaleDigits(subunitToUnit);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = BigInt(match[1]!) * BigInt(subunitToUnit) + BigInt(fraction.padEnd(digits, '0') || '0');
  return minor > MAX_WIRE_MINOR ? null : minor;
}

/** Minor units → Lantern's decimal string, with every decimal of the currency ("12.50"). */
export const lanternAmount = (minor: bigint | number, subunitToUnit: number): string =>
  formatMinor(BigInt(minor), subunitToUnit);
