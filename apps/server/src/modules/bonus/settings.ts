import { z } from 'zod';
import { settingsSection } from '../../lib/settings.ts';

const bonusEnv = {
  /** The highest wagering multiplier a bonus may ask (the UK cap since January 2026 is 10). */
  BONUS_MAX_WAGER: z.coerce.number().int().min(0).max(100).default(10),
  BONUS_JOB_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** How often each node looks for cashback of an ended period still to pay (each node scans a period once). */
  CASHBACK_JOB_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
};

type BonusEnv = z.infer<z.ZodObject<typeof bonusEnv>>;

/** The bonus rules (the wagering cap) and how often the bonus and cashback jobs run. */
const readBonus = (e: BonusEnv) => ({
  maxWagerMultiplier: e.BONUS_MAX_WAGER,
  jobMs: e.BONUS_JOB_MS,
  cashbackJobMs: e.CASHBACK_JOB_MS,
});

export type BonusSettings = ReturnType<typeof readBonus>;

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    bonus: BonusSettings;
  }
}

export const bonusSettings = settingsSection('bonus', bonusEnv, readBonus);
