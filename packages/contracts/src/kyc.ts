import { z } from 'zod';
import { text } from './text.ts';

/**
 * Identity verification (KYC) through a provider in the manner of Sumsub: the casino asks the
 * provider for a short-lived access token for the player, the player goes through the provider's own
 * pages in a frame, and the provider reports its review through signed webhooks
 * (docs/identity-verification-api.md).
 */

/** Where the player stands: not finished yet, waiting for the review, verified, or asked to retry. */
export const KYC_STATUSES = ['init', 'pending', 'approved', 'rejected'] as const;
export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** `GET /api/player/services/sumsub/status` (beyond the spec: the verification tab's state). */
export const kycStateSchema = z.object({
  status: kycStatusSchema,
  /** The reviewer's words when the documents were not accepted (shown as text). */
  reason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type KycState = z.infer<typeof kycStateSchema>;

/** `POST /api/player/services/sumsub/auth`: the provider's access token, **not** wrapped in `data`. */
export const kycTokenSchema = z.object({ token: z.string() });

/** Published on `player:verification#<playerId>` when the provider's review changes the state. */
export const kycUpdatedSchema = z.object({ event: z.literal('verification.updated'), state: kycStateSchema });

/** The casino's call to the provider: `POST {provider}/api/access-tokens` (signed). */
export const kycAccessTokenBodySchema = z
  .object({
    externalUserId: z.uuid(),
    levelName: text().min(1).max(64),
    ttlSec: z.number().int().min(60).max(3600),
  })
  .strict();
export type KycAccessTokenBody = z.infer<typeof kycAccessTokenBodySchema>;
export const kycAccessTokenAnswerSchema = z.object({ token: z.string().min(1).max(512), applicantId: z.string() });

/** The provider's webhook to the casino: `POST /api/player/webhooks/kyc` (signed). */
export const kycWebhookSchema = z
  .object({
    eventId: z.uuid(),
    type: z.enum(['applicantPending', 'applicantReviewed']),
    applicantId: text().min(1).max(64),
    externalUserId: z.uuid(),
    /** GREEN: verified; RED: not accepted (the player may send new documents). */
    reviewAnswer: z.enum(['GREEN', 'RED']).optional(),
    moderationComment: text().max(500).optional(),
    /** When the provider's state changed (ms since epoch): an older event never undoes a newer one. */
    createdAtMs: z.number().int().positive(),
  })
  .strict();
export type KycWebhook = z.infer<typeof kycWebhookSchema>;
