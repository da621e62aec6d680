import { z } from 'zod';
import { text } from './text.ts';

/**
 * Cashback (`GET /api/game/bonuses/cashback?currency=`): a share of a period's net real-money losses
 * (real stakes − real wins), paid after the period ends as a bonus with its own wagering. `data` is the
 * spec's list of cashback paid (newest first); `current` (beyond the spec) is each programme's running
 * figure for the period under way and when it is paid.
 */

/** A cashback paid: the bonus it was issued as, its amount (major units) and when. */
export const cashbackSchema = z.object({
  bonusId: text(),
  bonusName: text(),
  amount: z.number(),
  date: text(),
  /** Beyond the spec: the bonus's currency and the period it paid for (UTC days, end exclusive). */
  currency: text(),
  periodStart: text(),
  periodEnd: text(),
});
export type Cashback = z.infer<typeof cashbackSchema>;

/** A cashback programme's period under way: what it would pay now, and when it is paid. */
export const cashbackRunningSchema = z.object({
  bonusName: text(),
  currency: text(),
  /** Percent of net real-money losses. */
  percentage: z.number().int(),
  period: z.enum(['week', 'day']),
  /** The wagering multiplier of the bonus it is paid as. */
  wagerMultiplier: z.number().int(),
  /** UTC days, end exclusive. */
  periodStart: text(),
  periodEnd: text(),
  /** Net real-money losses so far this period, and the cashback they would pay (major units; 0 when ahead). */
  netLoss: z.number(),
  amount: z.number(),
  /** When the period's cashback is issued (the period's end). */
  nextPayoutAt: text(),
  /** False: a promotion the player has not consented to (`receiveBonus`), so nothing will be issued. */
  optedIn: z.boolean(),
});
export type CashbackRunning = z.infer<typeof cashbackRunningSchema>;

export const cashbackResponseSchema = z.object({
  data: z.array(cashbackSchema),
  current: z.array(cashbackRunningSchema),
});
export type CashbackResponse = z.infer<typeof cashbackResponseSchema>;

/** `?currency=EUR` (absent: every currency). */
export const cashbackQuerySchema = z.object({
  currency: text()
    .regex(/^[A-Z]{3,5}$/)
    .optional(),
});
