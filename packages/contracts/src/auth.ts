import { z } from 'zod';
import { displayText, text } from './text.ts';
import { emailSchema, phoneSchema, ValidationMessage } from './validation.ts';
import { formatMessage } from './validation-messages.ts';
import { SESSION_SCOPE_WITHDRAW_ONLY } from './session-scope.ts';
import { bonusCodeSchema } from './bonus-codes.ts';

export const profileSchema = z.object({
  id: text(),
  externalId: z.number().int(),
  status: z.number().int(),
  email: text().nullable(),
  phone: text().nullable(),
  phoneConfirmed: z.boolean(),
  confirmedAt: text().nullable(),
  currency: text().nullable(),
  country: text().nullable(),
  locale: text().nullable(),
  timeZone: text().nullable(),
  nickname: text().nullable(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  gender: text().nullable(),
  birthdate: text().nullable(),
  city: text().nullable(),
  address: text().nullable(),
  postalCode: text().nullable(),
  additionalAddress: text().nullable(),
  nationality: text().nullable(),
  placeOfBirth: text().nullable(),
  profession: text().nullable(),
  personalIdNumber: text().nullable(),
  cpf_number: text().nullable(),
  securityQuestion: text().nullable(),
  /** The answer itself is never sent back. */
  hasSecurityAnswer: z.boolean(),
  receiveEmailPromo: z.boolean(),
  receiveSmsPromo: z.boolean(),
  /** Consent to promotional bonuses (none are issued unasked without it). */
  receiveBonus: z.boolean(),
  agreedTc: z.boolean(),
  createdAt: text(),
  isNewlyRegistered: z.boolean(),
  freshchatRestoreId: text().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const authResultSchema = z.object({
  accessToken: text(),
  tokenType: z.literal('Bearer'),
  /** ISO time when the access token expires. */
  expiresAfter: text(),
  sessionId: text(),
  profile: profileSchema,
  /**
   * 'withdraw-only': a session for withdrawing, the payments history and messages only — an excluded
   * player's, or a closed account's that money reached after it was closed.
   */
  scope: z.literal(SESSION_SCOPE_WITHDRAW_ONLY).optional(),
  /** With scope: when the exclusion ends (null: for good, or no exclusion: see `closed`). */
  excludedUntil: text().nullable().optional(),
  /** With scope: the account is closed; the session is for taking out the real money still on it. */
  closed: z.literal(true).optional(),
  /** Registration with a `bonusCode`: what became of it (a refused code never fails the sign-up). */
  bonusCode: bonusCodeSchema.optional(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

const optionalShortText = text().max(256).optional();

/**
 * Registration body. The rules of individual fields come from the registration field definitions
 * (`buildFieldsSchema`); this schema only bounds the shape so junk never reaches the service.
 */
export const registerBodySchema = z
  .object({
    email: text().max(254),
    password: text().max(128),
    password_confirmation: text().max(128),
    currency: text().max(10),
    country: text().max(2).optional(),
    agreements: z.boolean(),
    receiveEmailPromo: z.boolean().optional(),
    receiveBonus: z.boolean().optional(),
    /** A bonus code (trigger 2); checked after the account exists, so a wrong one never fails the sign-up. */
    bonusCode: text().max(200).optional(),
    nickname: displayText().max(64).optional(),
    locale: text().max(10).optional(),
    fingerprint: optionalShortText,
    affiliateTag: optionalShortText,
  })
  .strict();
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Sign-in names: an e-mail address (lower-cased) or an international phone number (`+…`, separators dropped). */
const loginSchema = z
  .string({ error: ValidationMessage.required })
  .trim()
  .min(1, ValidationMessage.required)
  .max(254, formatMessage(ValidationMessage.maxLength, { max: 254 }))
  // A leading + means a number; anything else is read as an e-mail address (and told so when it is not one).
  .transform((value, ctx) => {
    const parsed = (value.startsWith('+') ? phoneSchema : emailSchema).safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });

export const loginBodySchema = z
  .object({
    login: loginSchema,
    password: text({ error: ValidationMessage.required })
      .min(1, ValidationMessage.required)
      // Its own message: the schema-level one ("required") would otherwise answer a 3,000-character password.
      .max(128, formatMessage(ValidationMessage.maxLength, { max: 128 })),
    fingerprint: optionalShortText,
    /**
     * During an exclusion: open a session that may only withdraw and read messages (else 11007). A closed
     * account holding real money gets such a session without asking; one without is refused (11008).
     */
    withdrawOnly: z.boolean().optional(),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

/** One sign-in session of the player (`GET /api/player/sessions`), newest first. */
export const playerSessionSchema = z.object({
  id: text(),
  /** 'mobile' | 'tablet' | 'desktop' | 'unknown' */
  deviceType: text(),
  /** "Chrome on Windows", from the user agent; null when it says nothing we know. */
  client: text().nullable(),
  ip: text().nullable(),
  country: text().nullable(),
  createdAt: text(),
  lastActiveAt: text(),
  closedAt: text().nullable(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type PlayerSession = z.infer<typeof playerSessionSchema>;

export const GENDERS = ['male', 'female'] as const;
/** Players must be adults: a birth date less than this many years ago is refused. */
export const MIN_AGE_YEARS = 18;

/**
 * `PUT /api/player/profile`: any subset of the profile scenario's fields. An empty string clears an
 * editable field; a field that is not editable cannot change once filled. The field rules are the
 * server-defined ones (`GET /fields/validations?scenario=profile`).
 */
export const profileUpdateBodySchema = z
  .object({
    firstName: displayText().max(64).optional(),
    lastName: displayText().max(64).optional(),
    nickname: displayText().max(64).optional(),
    birthdate: text().max(10).optional(),
    gender: z.enum([...GENDERS, '']).optional(),
    country: text().max(2).optional(),
    city: displayText().max(128).optional(),
    address: displayText().max(256).optional(),
    postalCode: text().max(16).optional(),
    additionalAddress: displayText().max(256).optional(),
    nationality: displayText().max(64).optional(),
    placeOfBirth: displayText().max(128).optional(),
    profession: displayText().max(64).optional(),
    personalIdNumber: displayText().max(32).optional(),
    cpf_number: text().max(14).optional(),
    securityQuestion: displayText().max(128).optional(),
    securityAnswer: text().max(128).optional(),
    timeZone: text().max(64).optional(),
    locale: text().max(10).optional(),
    receiveEmailPromo: z.boolean().optional(),
    receiveSmsPromo: z.boolean().optional(),
    receiveBonus: z.boolean().optional(),
  })
  .strict();
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;
