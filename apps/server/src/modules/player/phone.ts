import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { and, eq, ne } from 'drizzle-orm';
import { ErrorCode, ValidationMessage, type OtpReason, type OtpVerifyBody } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { overBudget, type AttemptCounter } from '../../lib/attempts.ts';
import { DomainError, tooManyRequests, unprocessable } from '../../lib/errors.ts';
import { enqueue, withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { sendMessage } from '../messages/index.ts';
import { issueCode, newDigitCode, newLinkCode, spendTriedCode, tryTypedCode, type UsedCode } from './codes.ts';
import { RESET_TTL_SEC } from './passwords.ts';
import { players, type CodePurpose } from './tables.ts';

export const OTP_TTL_SEC = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
/** Codes one number may be sent: an SMS costs money and a flood annoys the number's owner. */
export const OTP_SENDS = { max: 3, windowSec: 10 * 60 } as const;
export const PHONE_TAKEN = 'This phone number is already registered';
export const WRONG_CODE = 'The code is wrong or has expired';

const PURPOSE: Record<OtpReason, CodePurpose> = {
  registration: 'otp_registration',
  phoneVerification: 'otp_phone',
  changingPass: 'otp_password',
};

/** The number in E.164 if libphonenumber calls it a valid number of a real plan, else null. */
export function e164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input);
  return parsed?.isValid() ? parsed.number : null;
}

/** `e164`, or a 422 on `field`. */
export function normalisePhone(input: string, field = 'phone'): string {
  const phone = e164(input);
  if (!phone) throw unprocessable(ValidationMessage.phone, { [field]: [ValidationMessage.phone] });
  return phone;
}

export const wrongCode = () => new DomainError(ErrorCode.wrongOtp, WRONG_CODE, { code: [WRONG_CODE] });

async function phoneOwner(db: DbOrTx, phone: string) {
  const [row] = await db
    .select({ id: players.id, locale: players.locale })
    .from(players)
    .where(eq(players.phone, phone))
    .limit(1);
  return row ?? null;
}

/** Runs work after the answer is sent (the caller keeps it in hand until it is done). */
export type Defer = (work: () => Promise<void>) => void;

/**
 * Texts a six-digit code (5 minutes, 5 tries). For a password change the answer is the same whether
 * the number is known, and as quick: whose number it is is found out after the answer (`defer`). For
 * registration a taken number is said at once, as a taken e-mail is.
 */
export async function sendOtp(
  ctx: UnitOfWorkContext,
  attempts: AttemptCounter,
  input: { phone: string; reason: OtpReason; playerId: string | null; locale: string },
  defer: Defer,
): Promise<void> {
  const phone = normalisePhone(input.phone);
  if (input.reason === 'changingPass') {
    await spendSendBudget(attempts, phone);
    defer(async () => {
      const owner = await phoneOwner(ctx.db, phone);
      if (owner) await textCode(ctx, 'changingPass', phone, owner.id, owner.locale ?? input.locale);
    });
    return;
  }
  const owner = await phoneOwner(ctx.db, phone);
  if (owner && (input.reason === 'registration' || owner.id !== input.playerId))
    throw unprocessable(PHONE_TAKEN, { phone: [PHONE_TAKEN] });
  await spendSendBudget(attempts, phone);
  await textCode(ctx, input.reason, phone, input.playerId, owner?.locale ?? input.locale);
}

async function spendSendBudget(attempts: AttemptCounter, phone: string): Promise<void> {
  const wait = await overBudget(attempts, `otp-send:${phone}`, OTP_SENDS);
  if (wait)
    throw tooManyRequests('Too many codes were sent to this number. Try again later.', wait, ErrorCode.otpSendLimit);
}

async function textCode(
  ctx: UnitOfWorkContext,
  reason: OtpReason,
  phone: string,
  playerId: string | null,
  locale: string,
) {
  const code = newDigitCode();
  await withTransaction(ctx, async (tx) => {
    await issueCode(tx, { playerId, purpose: PURPOSE[reason], target: phone, code, ttlSec: OTP_TTL_SEC });
    await sendMessage(tx, {
      channel: 'sms',
      to: phone,
      template: 'otp',
      locale,
      params: { code, minutes: OTP_TTL_SEC / 60 },
    });
  });
}

/**
 * Takes a try at the texted code of (reason, phone): the code's id to spend with `spendCode`, or
 * 11003. Outside the transaction that spends it, so the try counts whatever that transaction does.
 */
export async function tryCode(db: DbOrTx, reason: OtpReason, phone: string, code: string): Promise<string> {
  const id = await tryTypedCode(db, PURPOSE[reason], phone, code, OTP_MAX_ATTEMPTS);
  if (!id) throw wrongCode();
  return id;
}

/** Spends a code `tryCode` accepted (in the caller's transaction); 11003 if a racer spent it first. */
export async function spendCode(tx: DbOrTx, id: string): Promise<UsedCode> {
  const used = await spendTriedCode(tx, id);
  if (!used) throw wrongCode();
  return used;
}

/**
 * Checks a typed code. `changingPass` answers a password-reset code (as the e-mail link carries),
 * which `POST /passwords/confirm` takes; `phoneVerification` sets the number on the signed-in player
 * as confirmed.
 */
export async function verifyOtp(
  ctx: UnitOfWorkContext,
  body: OtpVerifyBody,
  playerId: string | null,
): Promise<{ code?: string }> {
  const phone = normalisePhone(body.phone);
  const id = await tryCode(ctx.db, body.reason, phone, body.code);
  return withTransaction(ctx, async (tx) => {
    const used = await spendCode(tx, id);
    if (body.reason === 'changingPass') {
      if (!used.playerId) throw wrongCode();
      const resetCode = newLinkCode();
      await issueCode(tx, {
        playerId: used.playerId,
        purpose: 'password_reset',
        target: phone,
        code: resetCode,
        ttlSec: RESET_TTL_SEC,
      });
      return { code: resetCode };
    }
    // phoneVerification: only for the player the code was sent to.
    if (!playerId || used.playerId !== playerId) throw wrongCode();
    const [other] = await tx
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.phone, phone), ne(players.id, playerId)))
      .limit(1);
    if (other) throw unprocessable(PHONE_TAKEN, { phone: [PHONE_TAKEN] });
    await tx
      .update(players)
      .set({ phone, phoneConfirmed: true, updatedAt: new Date() })
      .where(eq(players.id, playerId));
    await enqueue(tx, 'player.phone.confirmed', { playerId, phone });
    return {};
  });
}
