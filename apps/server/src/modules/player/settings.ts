import { z } from 'zod';
import { settingsSection, type SettingsCore } from '../../lib/settings.ts';

const socialEnv = {
  /**
   * Social sign-in against a real OpenID Connect provider (Auth0): its domain URL, this site's client
   * id, and the connections to offer. Unset outside production: the sandbox provider at /sandbox/oidc.
   */
  SOCIAL_DOMAIN: z.url().optional(),
  SOCIAL_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_CONNECTIONS: z.string().default('google-oauth2,apple'),
};

type SocialEnv = z.infer<z.ZodObject<typeof socialEnv>>;

/** Social sign-in: a real OpenID Connect provider, the sandbox one outside production, or none. */
function readSocial(e: SocialEnv, { production, publicUrl }: SettingsCore) {
  return e.SOCIAL_DOMAIN && e.SOCIAL_CLIENT_ID
    ? {
        sandbox: false,
        domain: e.SOCIAL_DOMAIN.replace(/\/$/, ''),
        clientId: e.SOCIAL_CLIENT_ID,
        connections: e.SOCIAL_CONNECTIONS.split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      }
    : production
      ? null
      : {
          sandbox: true,
          domain: `${publicUrl}/sandbox/oidc`,
          clientId: 'casino-web',
          connections: ['google-oauth2', 'apple'],
        };
}

export type SocialSettings = ReturnType<typeof readSocial>;

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    /** null: no social sign-in; `sandbox`: the built-in provider (never in production). */
    social: SocialSettings;
  }
}

export const socialSettings = settingsSection('social', socialEnv, readSocial);
