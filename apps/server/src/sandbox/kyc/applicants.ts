import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { KycWebhook } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { signedPost } from '../../lib/signing.ts';
import { sandboxKycApplicants } from './tables.ts';

export type Applicant = typeof sandboxKycApplicants.$inferSelect;

/**
 * The provider's applicants: the access tokens that name them, the moves of their review, and the
 * signed webhooks that tell the casino.
 */
export function createApplicants(ctx: AppContext, log: FastifyBaseLogger) {
  // Its access tokens are its own: a MAC under a key the casino never holds.
  const tokenKey = createHmac('sha256', ctx.kycSecret).update('sandbox-kyc-access-token').digest();
  const mac = (payload: string) => createHmac('sha256', tokenKey).update(payload).digest('base64url');

  function issueToken(applicantId: string, ttlSec: number): string {
    const payload = `${applicantId}.${Date.now() + ttlSec * 1000}`;
    return `${payload}.${mac(payload)}`;
  }

  /** The applicant a token names, while it is valid. */
  async function applicantOf(token: string): Promise<Applicant | null> {
    const match = /^(apl_[0-9a-f-]{36})\.(\d{13})\.([\w-]{43})$/.exec(token);
    if (!match) return null;
    const [, id, expires, signature] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(mac(`${id}.${expires}`));
    if (!timingSafeEqual(expected, Buffer.from(signature)) || Number(expires) < Date.now()) return null;
    const [row] = await ctx.db.select().from(sandboxKycApplicants).where(eq(sandboxKycApplicants.id, id));
    return row ?? null;
  }

  /** Signed webhook to the casino, retried while no answer arrives; the event id makes retries safe. */
  async function notify(applicant: Applicant, type: KycWebhook['type']): Promise<void> {
    const event: KycWebhook = {
      eventId: randomUUID(),
      type,
      applicantId: applicant.id,
      externalUserId: applicant.externalUserId,
      ...(applicant.reviewAnswer && type === 'applicantReviewed' ? { reviewAnswer: applicant.reviewAnswer } : {}),
      ...(applicant.comment && type === 'applicantReviewed' ? { moderationComment: applicant.comment } : {}),
      createdAtMs: applicant.updatedAt.getTime(),
    };
    const url = `${ctx.selfUrl()}/api/player/webhooks/kyc`;
    for (const delay of [0, 500, 2000, 8000]) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        const answer = await signedPost(ctx.kycSecret, url, event, { timeoutMs: 10_000 });
        if (answer.status < 500) {
          if (answer.status !== 200) log.warn({ eventId: event.eventId, status: answer.status }, 'webhook refused');
          return;
        }
      } catch (error) {
        log.warn({ eventId: event.eventId, reason: (error as Error).message }, 'webhook not delivered');
      }
    }
  }

  /** Moves an applicant on from `from` only, so a double submit or two reviewers change it once. */
  async function move(applicant: Applicant, from: Applicant['status'], set: Partial<Applicant>) {
    const [row] = await ctx.db
      .update(sandboxKycApplicants)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(sandboxKycApplicants.id, applicant.id), eq(sandboxKycApplicants.status, from)))
      .returning();
    return row ?? null;
  }

  return { issueToken, applicantOf, notify, move };
}

export type Applicants = ReturnType<typeof createApplicants>;
