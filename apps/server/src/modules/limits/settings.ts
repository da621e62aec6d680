import { z } from 'zod';
import { invalidConfig, settingsSection, type SettingsCore } from '../../lib/settings.ts';

const limitsEnv = {
  /**
   * Minutes between reality-check reminders during real-money play, until the player picks their own:
   * 10, 20, 30 or 60 (outside production, fractions such as 0.1 let a test see it in seconds).
   */
  REALITY_CHECK_MINUTES: z.coerce.number().min(0.05).max(60).default(30),
  /** How often each node looks for limit changes that are due (they apply within this much of their time). */
  LIMITS_JOB_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
};

type LimitsEnv = z.infer<z.ZodObject<typeof limitsEnv>>;

/** Responsible gaming: the reality check's default interval, and how often due limit changes are applied. */
function readLimits(e: LimitsEnv, { production }: SettingsCore) {
  if (production && ![10, 20, 30, 60].includes(e.REALITY_CHECK_MINUTES))
    throw invalidConfig('REALITY_CHECK_MINUTES: must be 10, 20, 30 or 60 in production (shorter ones are for tests)');
  return { realityCheckMinutes: e.REALITY_CHECK_MINUTES, jobMs: e.LIMITS_JOB_MS };
}

export type LimitsSettings = ReturnType<typeof readLimits>;

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    limits: LimitsSettings;
  }
}

export const limitsSettings = settingsSection('limits', limitsEnv, readLimits);
