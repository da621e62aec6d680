import { z } from 'zod';
import { invalidConfig, settingsSection, type SettingsCore } from '../../lib/settings.ts';

const sportsbookEnv = {
  /**
   * The sportsbook provider's client host (its launch API and the framed client live under it) and the
   * operator's client id there. Both unset outside production: the sandbox provider at /sandbox/sportsbook.
   * Unset in production: no sportsbook (`/betting` is dropped).
   */
  SPORTSBOOK_CLIENT_HOST: z.url().optional(),
  SPORTSBOOK_CLIENT_ID: z.string().min(1).max(100).optional(),
  /** The sandbox sportsbook's simulated clock speed when it first starts (`npm run ops -- sportsbook clock` changes it). */
  SPORTSBOOK_SANDBOX_SPEED: z.coerce.number().int().min(1).max(10_000).default(1),
};

type SportsbookEnv = z.infer<z.ZodObject<typeof sportsbookEnv>>;

/** The sportsbook provider: a real one (host and client id), the sandbox outside production, or none. */
function readSportsbook(e: SportsbookEnv, { production, publicUrl }: SettingsCore) {
  if (Boolean(e.SPORTSBOOK_CLIENT_HOST) !== Boolean(e.SPORTSBOOK_CLIENT_ID))
    throw invalidConfig(
      'SPORTSBOOK_CLIENT_HOST and SPORTSBOOK_CLIENT_ID: set both (a sportsbook provider), or neither',
    );
  if (production && e.SPORTSBOOK_CLIENT_HOST && /\/sandbox\/sportsbook\/?$/.test(e.SPORTSBOOK_CLIENT_HOST))
    throw invalidConfig('SPORTSBOOK_CLIENT_HOST: production never uses the sandbox sportsbook provider');
  return e.SPORTSBOOK_CLIENT_HOST
    ? { sandbox: false, host: e.SPORTSBOOK_CLIENT_HOST.replace(/\/$/, ''), clientId: e.SPORTSBOOK_CLIENT_ID! }
    : production
      ? null
      : {
          sandbox: true,
          host: `${publicUrl}/sandbox/sportsbook`,
          clientId: 'sandbox',
          speed: e.SPORTSBOOK_SANDBOX_SPEED,
        };
}

export type SportsbookSettings = ReturnType<typeof readSportsbook>;

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    /**
     * The sportsbook provider (docs/sportsbook-provider-api.md): its host and the operator's client id;
     * `sandbox`: the built-in provider at /sandbox/sportsbook (never in production); null: no sportsbook.
     */
    sportsbook: SportsbookSettings;
  }
}

export const sportsbookSettings = settingsSection('sportsbook', sportsbookEnv, readSportsbook);
