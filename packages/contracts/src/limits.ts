import { z } from 'zod';
import { CashPeriods, LimitDefinition, RestrictionPeriods } from './constants.ts';
import { text } from './text.ts';

/**
 * Responsible gaming (`/api/player/limits`). Money limits (bet, loss, deposit) are per currency and
 * UTC calendar period; exclusions (self-exclusion, cooling-off) run from now for a chosen period.
 * A stricter limit applies at once; a looser one (raise, removal) waits for an e-mail confirmation
 * and then `LIMIT_INCREASE_DELAY_HOURS`.
 */
export const LIMIT_INCREASE_DELAY_HOURS = 24;

/**
 * The periods each exclusion offers. A cooling-off is a short break (up to three months); a
 * self-exclusion is at least six months, as UK and Malta rules expect. Together they are the spec's list.
 */
export const COOLING_OFF_PERIODS = [
  '1_day',
  'daily',
  '3_days',
  '1_week',
  'weekly',
  '1_month',
  'monthly',
  '3_months',
] as const satisfies readonly (typeof RestrictionPeriods)[number][];
export const SELF_EXCLUSION_PERIODS = [
  '6_months',
  '9_months',
  '1_year',
  'forever',
] as const satisfies readonly (typeof RestrictionPeriods)[number][];
export type RestrictionPeriod = (typeof RestrictionPeriods)[number];

const DAYS: Record<RestrictionPeriod, number | null> = {
  daily: 1,
  '1_day': 1,
  '3_days': 3,
  weekly: 7,
  '1_week': 7,
  monthly: 30,
  '1_month': 30,
  '3_months': 91,
  '6_months': 182,
  '9_months': 273,
  '1_year': 365,
  forever: null,
};
/** How many days an exclusion of this period lasts (null: it never ends). */
export const restrictionDays = (period: RestrictionPeriod): number | null => DAYS[period];

export const MONEY_LIMIT_DEFINITIONS = [LimitDefinition.bet, LimitDefinition.loss, LimitDefinition.deposit] as const;
export const EXCLUSION_DEFINITIONS = [LimitDefinition.selfExclusion, LimitDefinition.coolingOff] as const;
export const isExclusionDefinition = (definition: number) =>
  (EXCLUSION_DEFINITIONS as readonly number[]).includes(definition);

/** The spec's message when a deposit limit is added without a currency. */
export const LIMIT_CURRENCY_REQUIRED = 'Please, select your currency for new deposit limit';

/** A limit amount in major units: a JSON number or a decimal string (every digit kept). */
const limitAmount = z.union([
  z.number().nonnegative().max(1e15),
  text().regex(/^\d{1,15}(\.\d{1,8})?$/, 'Must be an amount'),
]);

export const limitCreateBodySchema = z
  .object({
    definition: z.union(
      [...MONEY_LIMIT_DEFINITIONS, ...EXCLUSION_DEFINITIONS].map((d) => z.literal(d)) as [
        z.ZodLiteral<1>,
        z.ZodLiteral<2>,
        z.ZodLiteral<3>,
        z.ZodLiteral<4>,
        z.ZodLiteral<5>,
      ],
      { error: 'Must be a limit definition (1–5)' },
    ),
    period: z.enum(RestrictionPeriods, { error: 'Must be a period of the list' }).optional(),
    currency: text().max(10).optional(),
    amount: limitAmount.optional(),
  })
  .strict();
export type LimitCreateBody = z.infer<typeof limitCreateBodySchema>;

export const limitUpdateBodySchema = z
  .object({ period: z.enum(CashPeriods, { error: 'Must be daily, weekly or monthly' }), amount: limitAmount })
  .strict();
export type LimitUpdateBody = z.infer<typeof limitUpdateBodySchema>;

export const limitConfirmBodySchema = z.object({ token: text().min(16).max(128) }).strict();

/** A raise or removal waiting for its e-mail confirmation, then for its time. */
export const pendingLimitChangeSchema = z.object({
  id: z.string(),
  /** The new amount; null when the limit is to be removed. */
  amount: z.number().nullable(),
  period: z.enum(CashPeriods),
  confirmed: z.boolean(),
  /** When it takes effect (null until confirmed). */
  effectiveAt: z.string().nullable(),
  requestedAt: z.string(),
});
export type PendingLimitChange = z.infer<typeof pendingLimitChangeSchema>;

export const playerLimitSchema = z.object({
  id: z.string(),
  definition: z.number().int(),
  /** Money limits: daily | weekly | monthly; exclusions: the chosen period. */
  period: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  /** LimitStatus: 1 active, 2 pending. */
  status: z.number().int(),
  createdAt: z.string(),
  /** When an exclusion ends (null: never, or a money limit). */
  expiredAt: z.string().nullable(),
  /** Money limits: staked, lost or deposited so far this period (major units). */
  used: z.number().nullable(),
  pendingExist: z.boolean(),
  /** Whether the player may cancel the pending change. */
  cancelProcess: z.boolean(),
  pending: pendingLimitChangeSchema.nullable(),
});
export type PlayerLimit = z.infer<typeof playerLimitSchema>;

/** Net figures of one period for the limits page (major units of `currency`). */
export const periodTotalsSchema = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  netDeposits: z.number(),
  stakes: z.number(),
  wins: z.number(),
  netResult: z.number(),
});
export const limitsSummarySchema = z.object({
  currency: z.string(),
  daily: periodTotalsSchema,
  weekly: periodTotalsSchema,
  monthly: periodTotalsSchema,
});
export type LimitsSummary = z.infer<typeof limitsSummarySchema>;
export const limitsSummaryQuerySchema = z.object({ currency: text().min(1).max(10) });

/** Reality check: how often a reminder interrupts real-money play, and an optional session-time limit. */
export const REALITY_CHECK_INTERVALS = [10, 20, 30, 60] as const;
export const SESSION_TIME_LIMITS = [30, 60, 120, 180, 240, 360] as const;
export const realityCheckSchema = z.object({
  /** 10, 20, 30 or 60 (a test server's default may be a fraction). */
  intervalMinutes: z.number(),
  /** Minutes of play per signed-in session (null: no limit). */
  sessionMinutes: z.number().int().nullable(),
});
export type RealityCheck = z.infer<typeof realityCheckSchema>;
export const realityCheckBodySchema = z
  .object({
    intervalMinutes: z.union(
      REALITY_CHECK_INTERVALS.map((m) => z.literal(m)) as [z.ZodLiteral<10>, ...z.ZodLiteral<number>[]],
      {
        error: 'Must be 10, 20, 30 or 60 minutes',
      },
    ),
    sessionMinutes: z
      .union(SESSION_TIME_LIMITS.map((m) => z.literal(m)) as [z.ZodLiteral<30>, ...z.ZodLiteral<number>[]], {
        error: 'Must be one of the offered session lengths',
      })
      .nullable(),
  })
  .strict();

/** What the reality check shows: real-money play of one currency since the player's play session began. */
export const playSummaryQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: 'Must be a date-time' }),
  currency: text().min(1).max(10),
});
export const playSummarySchema = z.object({
  since: z.string(),
  currency: z.string(),
  stakes: z.number(),
  wins: z.number(),
  netResult: z.number(),
});
export type PlaySummary = z.infer<typeof playSummarySchema>;
