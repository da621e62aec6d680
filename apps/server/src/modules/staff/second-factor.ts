import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { DbOrTx } from '../../db/client.ts';
import { staff } from './tables.ts';

/** The authenticator app's entry: 6 digits every 30 s (RFC 6238), the name staff see in the app. */
const ISSUER = 'Casino back office';
const totpOf = (secret: string, email: string) =>
  new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

/** A new TOTP secret (160 bits, base32) and its otpauth:// link for the app's QR scanner. */
export function newTotpSecret(email: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, email).toString() };
}

/** The time step a code belongs to (one step either side of now is accepted: clocks drift), or null. */
export function totpStep(secret: string, email: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret, email).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 30_000) + delta;
}

/**
 * Spends a code's step: only a step after the last one accepted passes, once, even for two sign-ins
 * with the same code at the same moment (a replayed code is refused).
 */
export async function spendTotpStep(db: DbOrTx, staffId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), lt(staff.totpLastStep, step)))
    .returning({ id: staff.id });
  return rows.length === 1;
}

const RECOVERY_CODES = 10;
const hashCode = (code: string) => createHash('sha256').update(code.toLowerCase()).digest('hex');

/** Ten one-time recovery codes (`xxxxx-xxxxx`), and their hashes to keep. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(7).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashCode) };
}

/** Spends a recovery code: true once per code, whoever races it. */
export async function spendRecoveryCode(db: DbOrTx, staffId: string, code: string): Promise<boolean> {
  const hash = hashCode(code);
  const rows = await db
    .update(staff)
    .set({ recoveryCodes: sql`array_remove(${staff.recoveryCodes}, ${hash})` })
    .where(and(eq(staff.id, staffId), sql`${hash} = ANY(${staff.recoveryCodes})`))
    .returning({ id: staff.id });
  return rows.length === 1;
}
