import { z } from 'zod';
import { text } from './text.ts';
import { emailSchema, passwordSchema, phoneSchema, ValidationMessage } from './validation.ts';
import { formatMessage } from './validation-messages.ts';

/** `{ data: { ok: true } }`: the answer of a call that changes something and has nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });

const REPEAT_MISMATCH = formatMessage(ValidationMessage.sameAs, { other: 'newPassword' });

/** A new password typed twice (reset and change). The breach-list check is the server's. */
const newPasswordShape = {
  newPassword: passwordSchema,
  repeatNewPassword: text({ error: ValidationMessage.required }).max(128),
};
const repeatMatches = (body: { newPassword: string; repeatNewPassword: string }) =>
  body.newPassword === body.repeatNewPassword;

/** `PUT /api/player/passwords` (the security tab). */
export const passwordChangeBodySchema = z
  .object({
    currentPassword: text({ error: ValidationMessage.required })
      .min(1, ValidationMessage.required)
      .max(128, formatMessage(ValidationMessage.maxLength, { max: 128 })),
    ...newPasswordShape,
  })
  .strict()
  .refine(repeatMatches, { path: ['repeatNewPassword'], message: REPEAT_MISMATCH })
  // The current password was just checked, so a new one typed the same is no change.
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    message: ValidationMessage.samePassword,
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** `POST /api/player/close`: the player closes their account, confirming with the password (if they have one). */
export const closeAccountBodySchema = z.object({ password: text().max(128).optional() }).strict();
export type CloseAccountBody = z.infer<typeof closeAccountBodySchema>;

/** `POST /api/player/passwords/reset`: mails a link to the address if it belongs to a player. */
export const passwordResetBodySchema = z.object({ email: emailSchema }).strict();

/** `POST /api/player/passwords/confirm`: the code from the link (or the phone OTP) and the new password. */
export const passwordConfirmBodySchema = z
  .object({
    code: text({ error: ValidationMessage.required }).min(1, ValidationMessage.required).max(128),
    ...newPasswordShape,
  })
  .strict()
  .refine(repeatMatches, { path: ['repeatNewPassword'], message: REPEAT_MISMATCH });
export type PasswordConfirmBody = z.infer<typeof passwordConfirmBodySchema>;

/** `POST /api/player/profile/confirmations/email`: the code of the `/verify/{code}` link. */
export const emailConfirmBodySchema = z
  .object({ code: text({ error: ValidationMessage.required }).min(1, ValidationMessage.required).max(128) })
  .strict();
/** A second click on a link that already did its work (a mail scanner may open it first) answers `confirmed` too. */
export const emailConfirmResultSchema = z.object({ status: z.literal('confirmed') });

/** One message of the development mailbox (`GET /api/dev/mailbox?to=`), newest first. */
export const mailboxEntrySchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: text(),
  subject: text(),
  body: text(),
  status: text(),
  createdAt: text(),
});
export type MailboxEntry = z.infer<typeof mailboxEntrySchema>;
export const mailboxQuerySchema = z.object({ to: text().min(3).max(254) });

/** `POST /api/player/sessions/token`: the one-time token of an autologin link (`/auth/autologin?state=`). */
export const tokenLoginBodySchema = z
  .object({
    token: text({ error: ValidationMessage.required }).min(1, ValidationMessage.required).max(128),
    fingerprint: text().max(256).optional(),
  })
  .strict();
export type TokenLoginBody = z.infer<typeof tokenLoginBodySchema>;

/** Why a one-time code is sent (`POST /api/player/otp/send`). */
export const OTP_REASONS = ['registration', 'phoneVerification', 'changingPass'] as const;
export type OtpReason = (typeof OTP_REASONS)[number];
export const OTP_LENGTH = 6;

/** `locale`: the language of the SMS for a number with no player yet (the site's language). */
export const otpSendBodySchema = z
  .object({ phone: phoneSchema, reason: z.enum(OTP_REASONS), locale: text().max(10).optional() })
  .strict();
export type OtpSendBody = z.infer<typeof otpSendBodySchema>;

const otpCodeSchema = text({ error: ValidationMessage.required })
  .trim()
  .regex(/^\d{6}$/, formatMessage(ValidationMessage.otpCode, { min: OTP_LENGTH }));

/** `POST /api/player/otp/verify`: for `changingPass` it answers a reset `code` for `passwords/confirm`. */
export const otpVerifyBodySchema = z
  .object({ phone: phoneSchema, code: otpCodeSchema, reason: z.enum(['phoneVerification', 'changingPass']) })
  .strict();
export type OtpVerifyBody = z.infer<typeof otpVerifyBodySchema>;
export const otpVerifyResultSchema = z.object({ code: text().optional() });

/**
 * `POST /api/player/sessions/challenge`: the way through a paused sign-in (error 11010): the answer's
 * `challenge` and the six-digit code sent to the account's e-mail address or phone.
 */
export const signInChallengeBodySchema = z
  .object({
    challenge: text().min(1).max(100),
    code: otpCodeSchema,
    fingerprint: text().max(256).optional(),
    /** During an exclusion: a withdraw-only session, as with the password (`POST /sessions`). */
    withdrawOnly: z.boolean().optional(),
  })
  .strict();
export type SignInChallengeBody = z.infer<typeof signInChallengeBodySchema>;

/** `POST /api/player/register/phone`: the registration form with a phone number and the SMS code instead of an e-mail. */
export const registerPhoneBodySchema = z
  .object({
    phone: phoneSchema,
    code: otpCodeSchema,
    password: text().max(128),
    password_confirmation: text().max(128),
    currency: text().max(10),
    country: text().max(2).optional(),
    agreements: z.boolean(),
    receiveSmsPromo: z.boolean().optional(),
    receiveBonus: z.boolean().optional(),
    bonusCode: text().max(200).optional(),
    locale: text().max(10).optional(),
    fingerprint: text().max(256).optional(),
    affiliateTag: text().max(256).optional(),
  })
  .strict();
export type RegisterPhoneBody = z.infer<typeof registerPhoneBodySchema>;

/** Identity documents: at most this big, and only these kinds (sniffed from the bytes, not the name). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** One uploaded document (`GET /api/player/documents`). status: 1 pending, 2 approved, 3 rejected. */
export const playerDocumentSchema = z.object({
  id: text(),
  type: text(),
  status: z.number().int(),
  fileName: text(),
  mimeType: text(),
  size: z.number().int(),
  reason: text().nullable(),
  createdAt: text(),
  reviewedAt: text().nullable(),
});
export type PlayerDocument = z.infer<typeof playerDocumentSchema>;

/** `document.updated` on `player:documents#<playerId>`: the document as it now is. */
export const documentUpdatedSchema = z.object({ event: z.literal('document.updated'), document: playerDocumentSchema });

/**
 * `POST /api/player/sessions/social`: the ID token the browser got from the identity provider
 * (PKCE code flow); the server checks it against the provider's keys and signs the player in,
 * registering them on first use (`isNewlyRegistered`).
 */
export const socialLoginBodySchema = z
  .object({
    provider: text().max(40),
    idToken: text({ error: ValidationMessage.required }).min(1, ValidationMessage.required).max(8192),
    currency: text().max(10).optional(),
    locale: text().max(10).optional(),
    fingerprint: text().max(256).optional(),
    affiliateTag: text().max(256).optional(),
  })
  .strict();
export type SocialLoginBody = z.infer<typeof socialLoginBodySchema>;
