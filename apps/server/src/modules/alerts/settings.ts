import { z } from 'zod';
import { BASE_CURRENCY, toMinor } from '@casino/contracts';
import { settingsSection } from '../../lib/settings.ts';
import { subunitOf } from '../settings/index.ts';

/** An amount of the base currency in major units, as typed (`5000`, `499.99`). */
const baseAmount = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, `must be an amount in the base currency, e.g. ${fallback}`)
    .default(fallback);

const alertsEnv = {
  /** How often a node looks for new alerts (one node at a time does: an advisory lock). */
  ALERTS_JOB_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  /** Paid deposits within 24 h above this (base currency, major units) raise `deposits_24h`. */
  ALERT_DEPOSITS_24H: baseAmount('5000'),
  /** This many declined card deposits within 24 h raise `card_declines`. */
  ALERT_DECLINES_24H: z.coerce.number().int().min(1).max(1000).default(3),
  /** A withdrawal asked for when less than this many times the last deposit was staked since it. */
  ALERT_WAGER_RATIO: z.coerce.number().min(0).max(100).default(1),
  /** `rising_losses`: this week's net real-money loss at least this (base currency, major units)… */
  ALERT_LOSS_FLOOR: baseAmount('500'),
  /** …and at least this many times last week's. */
  ALERT_LOSS_GROWTH: z.coerce.number().min(1).max(100).default(2),
};

type AlertsEnv = z.infer<z.ZodObject<typeof alertsEnv>>;

const baseMinor = (major: string) => toMinor(major, subunitOf(BASE_CURRENCY))!;

/** The thresholds, amounts in base-currency minor units. */
function readAlerts(e: AlertsEnv) {
  return {
    jobMs: e.ALERTS_JOB_MS,
    deposits24h: baseMinor(e.ALERT_DEPOSITS_24H),
    declines24h: e.ALERT_DECLINES_24H,
    wagerRatio: e.ALERT_WAGER_RATIO,
    lossFloor: baseMinor(e.ALERT_LOSS_FLOOR),
    lossGrowth: e.ALERT_LOSS_GROWTH,
  };
}

export type AlertsSettings = ReturnType<typeof readAlerts>;

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    alerts: AlertsSettings;
  }
}

export const alertsSettings = settingsSection('alerts', alertsEnv, readAlerts);
