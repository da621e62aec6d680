import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  dataEnvelope,
  DOCUMENT_MAX_BYTES,
  kycAccessTokenAnswerSchema,
  kycAccessTokenBodySchema,
  type KycWebhook,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { sniffMimeType } from '../../lib/file-type.ts';
import { acceptSignedJson } from '../../lib/signed-json.ts';
import { signedPost } from '../../lib/signing.ts';
import { acceptHtmlForms, sendHtml } from '../html.ts';
import { DOCUMENT_KINDS, documentsPage, expiredPage, pendingPage, verifiedPage } from './pages.ts';
import { sandboxKycApplicants } from './tables.ts';

type Applicant = typeof sandboxKycApplicants.$inferSelect;

const tokenQuerySchema = z.object({ token: z.string().max(512) });
const reviewFormSchema = z.object({
  answer: z.enum(['GREEN', 'RED']),
  comment: z.string().max(200).optional(),
});

/**
 * The sandbox identity-verification provider, mounted at `/sandbox/kyc` in development and demo: a
 * separate party in this process, in the manner of Sumsub (docs/identity-verification-api.md). The
 * casino asks it for an access token over signed HTTP; the player sends documents to its own pages
 * (in the casino's frame); it reports its review only through signed webhooks.
 */
export const sandboxKycRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const log = app.log.child({ module: 'sandbox-kyc' });
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

    // The casino's API: signed JSON only.
    const casinoApi: FastifyPluginAsyncZod = async (api) => {
      acceptSignedJson(api, {
        secret: ctx.kycSecret,
        previousSecret: ctx.previousSecrets.kyc,
        scope: 'sandbox-kyc',
        replayGuard: ctx.replayGuard,
        bodyLimit: 4096,
      });
      api.post(
        '/api/access-tokens',
        {
          schema: {
            hide: true,
            body: kycAccessTokenBodySchema,
            response: { 200: dataEnvelope(kycAccessTokenAnswerSchema) },
          },
        },
        async (request) => {
          const { externalUserId, levelName, ttlSec } = request.body;
          await ctx.db
            .insert(sandboxKycApplicants)
            .values({ id: `apl_${randomUUID()}`, externalUserId, levelName })
            .onConflictDoNothing({ target: sandboxKycApplicants.externalUserId });
          const [applicant] = await ctx.db
            .select()
            .from(sandboxKycApplicants)
            .where(eq(sandboxKycApplicants.externalUserId, externalUserId));
          return { data: { token: issueToken(applicant!.id, ttlSec), applicantId: applicant!.id } };
        },
      );
    };
    await app.register(casinoApi);

    // The player's pages, in the casino's frame.
    const playerPages: FastifyPluginAsyncZod = async (pages) => {
      acceptHtmlForms(pages);
      await pages.register(multipart, {
        limits: { fileSize: DOCUMENT_MAX_BYTES, files: 2, fields: 2, fieldSize: 100, parts: 4, headerPairs: 100 },
      });

      pages.get('/sdk', { schema: { hide: true, querystring: tokenQuerySchema } }, async (request, reply) => {
        const applicant = await applicantOf(request.query.token);
        if (!applicant) return sendHtml(reply, expiredPage(), 401);
        const { token } = request.query;
        if (applicant.status === 'pending') return sendHtml(reply, pendingPage(token));
        if (applicant.status === 'completed' && applicant.reviewAnswer === 'GREEN')
          return sendHtml(reply, verifiedPage());
        return sendHtml(
          reply,
          documentsPage(token, { retry: applicant.reviewAnswer === 'RED' ? applicant.comment : null }),
        );
      });

      pages.post(
        '/sdk/documents',
        {
          schema: { hide: true, querystring: tokenQuerySchema },
          config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        },
        async (request, reply) => {
          const applicant = await applicantOf(request.query.token);
          if (!applicant) return sendHtml(reply, expiredPage(), 401);
          const { token } = request.query;
          if (applicant.status === 'pending' || applicant.reviewAnswer === 'GREEN') {
            return reply.redirect(`/sandbox/kyc/sdk?token=${encodeURIComponent(token)}`, 303);
          }
          if (!request.isMultipart())
            return sendHtml(reply, documentsPage(token, { errors: ['Choose both files'] }), 422);
          const files: Record<string, string> = {};
          let documentType = '';
          const errors: string[] = [];
          // Past DOCUMENT_MAX_BYTES a file part throws the plugin's 413.
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'documentType' && typeof part.value === 'string') documentType = part.value;
              continue;
            }
            const bytes = await part.toBuffer();
            const type = sniffMimeType(bytes);
            const allowed =
              part.fieldname === 'selfie'
                ? ['image/jpeg', 'image/png']
                : ['image/jpeg', 'image/png', 'application/pdf'];
            if (!type || !allowed.includes(type))
              errors.push(
                `The ${part.fieldname === 'selfie' ? 'selfie' : 'document'} is not a ${part.fieldname === 'selfie' ? 'JPEG or PNG picture' : 'JPEG, PNG or PDF file'}`,
              );
            else files[part.fieldname] = `${type}, ${bytes.length} bytes`;
          }
          if (!(documentType in DOCUMENT_KINDS)) errors.push('Choose the kind of document');
          if (!errors.length && (!files.document || !files.selfie)) errors.push('Choose both files');
          if (errors.length) return sendHtml(reply, documentsPage(token, { errors }), 422);
          const moved = await move(applicant, applicant.status, {
            status: 'pending',
            documentType,
            received: `document: ${files.document}; selfie: ${files.selfie}`,
            reviewAnswer: null,
            comment: null,
          });
          if (moved) void notify(moved, 'applicantPending');
          return reply.redirect(`/sandbox/kyc/sdk?token=${encodeURIComponent(token)}`, 303);
        },
      );

      pages.post(
        '/sdk/review',
        { schema: { hide: true, querystring: tokenQuerySchema, body: reviewFormSchema } },
        async (request, reply) => {
          const applicant = await applicantOf(request.query.token);
          if (!applicant) return sendHtml(reply, expiredPage(), 401);
          const { answer, comment } = request.body;
          const reason = comment?.trim() || 'The documents could not be read';
          const moved = await move(applicant, 'pending', {
            status: answer === 'GREEN' ? 'completed' : 'init',
            reviewAnswer: answer,
            comment: answer === 'RED' ? reason : null,
          });
          // The review is told to the casino before the page moves on, so the casino's tab is up to date.
          if (moved) await notify(moved, 'applicantReviewed');
          return reply.redirect(`/sandbox/kyc/sdk?token=${encodeURIComponent(request.query.token)}`, 303);
        },
      );
    };
    await app.register(playerPages);
  };
