import { z } from 'zod';
import { emailSchema, ValidationMessage } from './validation.ts';

export const profileSchema = z.object({
  id: z.string(),
  externalId: z.number().int(),
  status: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phoneConfirmed: z.boolean(),
  confirmedAt: z.string().nullable(),
  currency: z.string().nullable(),
  country: z.string().nullable(),
  locale: z.string().nullable(),
  timeZone: z.string().nullable(),
  nickname: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: z.string().nullable(),
  birthdate: z.string().nullable(),
  receiveEmailPromo: z.boolean(),
  receiveSmsPromo: z.boolean(),
  agreedTc: z.boolean(),
  createdAt: z.string(),
  isNewlyRegistered: z.boolean(),
  freshchatRestoreId: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const authResultSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  /** ISO time when the access token expires. */
  expiresAfter: z.string(),
  sessionId: z.string(),
  profile: profileSchema,
});
export type AuthResult = z.infer<typeof authResultSchema>;

const optionalShortText = z.string().max(256).optional();

/**
 * Registration body. The rules of individual fields come from the registration field definitions
 * (`buildFieldsSchema`); this schema only bounds the shape so junk never reaches the service.
 */
export const registerBodySchema = z
  .object({
    email: z.string().max(254),
    password: z.string().max(128),
    password_confirmation: z.string().max(128),
    currency: z.string().max(10),
    country: z.string().max(2).optional(),
    agreements: z.boolean(),
    receiveEmailPromo: z.boolean().optional(),
    nickname: z.string().max(64).optional(),
    locale: z.string().max(10).optional(),
    fingerprint: optionalShortText,
    affiliateTag: optionalShortText,
  })
  .strict();
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z
  .object({
    login: emailSchema,
    password: z.string({ error: ValidationMessage.required }).min(1, ValidationMessage.required).max(128),
    fingerprint: optionalShortText,
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;
