import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { and, eq, ne } from 'drizzle-orm';
import { ErrorCode, ValidationMessage, type OtpReason, type OtpVerifyBody } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { overBudget, type AttemptCounter } from '../../lib/attempts.ts';
import { DomainError, tooManyRequests, unprocessable } from '../../lib/errors.ts';
import { sendMessage } from '../messages/index.ts';
import { countWrongGuess, issueCode, newDigitCode, newLinkCode, spendTypedCode } from './codes.ts';
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

/**
 * Texts a six-digit code (5 minutes, 5 tries). For a password change the answer is the same whether
 * the number is known; for registration a taken number is said at once, as a taken e-mail is.
 */
export async function sendOtp(
  db: DbOrTx,
  attempts: AttemptCounter,
  input: { phone: string; reason: OtpReason; playerId: string | null; locale: string },
): Promise<void> {
  const phone = normalisePhone(input.phone);
  const owner = await phoneOwner(db, phone);
  if (input.reason === 'registration' && owner) throw unprocessable(PHONE_TAKEN, { phone: [PHONE_TAKEN] });
  if (input.reason === 'phoneVerification' && owner && owner.id !== input.playerId)
    throw unprocessable(PHONE_TAKEN, { phone: [PHONE_TAKEN] });
  const wait = await overBudget(attempts, `otp-send:${phone}`, OTP_SENDS);
  if (wait)
    throw tooManyRequests('Too many codes were sent to this number. Try again later.', wait, ErrorCode.otpSendLimit);
  if (input.reason === 'changingPass' && !owner) return;
  const code = newDigitCode();
  const playerId = input.reason === 'changingPass' ? owner!.id : input.playerId;
  await db.transaction(async (tx) => {
    await issueCode(tx, { playerId, purpose: PURPOSE[input.reason], target: phone, code, ttlSec: OTP_TTL_SEC });
    await sendMessage(tx, {
      channel: 'sms',
      to: phone,
      template: 'otp',
      locale: owner?.locale ?? input.locale,
      params: { code, minutes: OTP_TTL_SEC / 60 },
    });
  });
}

/** Spends a registration code of `phone` (in the registration's transaction; see `countingWrongCodes`). */
export async function useRegistrationCode(tx: DbOrTx, phone: string, code: string): Promise<void> {
  if (!(await spendTypedCode(tx, 'otp_registration', phone, code, OTP_MAX_ATTEMPTS))) throw wrongCode();
}

/**
 * Runs `work` (a transaction that spends a code) and, if it was refused for a wrong code, counts the
 * guess afterwards: inside, the refusal's rollback would undo the count and guessing would be free.
 */
export async function countingWrongCodes<T>(
  db: DbOrTx,
  reason: OtpReason,
  phone: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === ErrorCode.wrongOtp)
      await countWrongGuess(db, PURPOSE[reason], phone);
    throw error;
  }
}

/**
 * Checks a typed code. `changingPass` answers a password-reset code (as the e-mail link carries),
 * which `POST /passwords/confirm` takes; `phoneVerification` sets the number on the signed-in player
 * as confirmed.
 */
export async function verifyOtp(db: DbOrTx, body: OtpVerifyBody, playerId: string | null): Promise<{ code?: string }> {
  const phone = normalisePhone(body.phone);
  return countingWrongCodes(db, body.reason, phone, () =>
    db.transaction(async (tx) => {
      const used = await spendTypedCode(tx, PURPOSE[body.reason], phone, body.code, OTP_MAX_ATTEMPTS);
      if (!used) throw wrongCode();
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
      return {};
    }),
  );
}
