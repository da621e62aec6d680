import { isIP } from 'node:net';
import { z } from 'zod';
import { settingsSection } from '../../lib/settings.ts';

const addressEntry = (entry: string) => {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
};

const staffEnv = {
  /** Addresses (and CIDR ranges) the back office answers; empty: every address may try to sign in. */
  ADMIN_ALLOWED_IPS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(addressEntry), 'must be addresses or CIDR ranges, comma-separated'),
  /** Money moves above this (in the base currency, major units) need a second, different approver. */
  FOUR_EYES_ABOVE: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in the base currency, e.g. 1000')
    .default('1000'),
};

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    staff: { allowedIps: string[]; fourEyesAbove: string };
  }
}

export const staffSettings = settingsSection('staff', staffEnv, (e) => ({
  allowedIps: e.ADMIN_ALLOWED_IPS,
  fourEyesAbove: e.FOUR_EYES_ABOVE,
}));
