import { z } from 'zod';
import { invalidConfig, refuse, rotationIssues, settingsSection, type SettingsCore } from '../../lib/settings.ts';

const kycEnv = {
  /** A real identity-verification provider (docs/identity-verification-api.md); unset: the sandbox outside production. */
  KYC_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  KYC_SECRET: z.string().min(32).optional(),
  KYC_SECRET_PREVIOUS: z.string().min(32).optional(),
  KYC_LEVEL: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .default('basic-kyc-level'),
};

type KycEnv = z.infer<z.ZodObject<typeof kycEnv>>;

/** The identity-verification provider: a real one with its secret, the sandbox outside production, or none. */
function readKyc(e: KycEnv, { production }: SettingsCore) {
  if (e.KYC_PROVIDER_URL && !e.KYC_SECRET)
    throw invalidConfig('KYC_SECRET: required with KYC_PROVIDER_URL (at least 32 characters)');
  refuse(rotationIssues(e, ['KYC_SECRET'], production));
  return e.KYC_PROVIDER_URL || !production
    ? {
        sandbox: !e.KYC_PROVIDER_URL,
        providerUrl: e.KYC_PROVIDER_URL?.replace(/\/$/, '') ?? null,
        secret: e.KYC_SECRET ?? null,
        secretPrevious: e.KYC_SECRET_PREVIOUS ?? null,
        levelName: e.KYC_LEVEL,
      }
    : null;
}

export type KycSettings = ReturnType<typeof readKyc>;

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    /** null: no identity verification; `sandbox`: the built-in provider at /sandbox/kyc (never in production). */
    kyc: KycSettings;
  }
}

export const kycSettings = settingsSection('kyc', kycEnv, readKyc);
