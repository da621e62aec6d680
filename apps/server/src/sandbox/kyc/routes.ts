import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  dataEnvelope,
  DOCUMENT_MAX_BYTES,
  kycAccessTokenAnswerSchema,
  kycAccessTokenBodySchema,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { sniffMimeType } from '../../lib/file-type.ts';
import { acceptSignedJson } from '../../lib/signed-json.ts';
import { acceptHtmlForms, sendHtml } from '../html.ts';
import { createApplicants, type Applicants } from './applicants.ts';
import { DOCUMENT_KINDS, documentsPage, expiredPage, pendingPage, verifiedPage } from './pages.ts';
import { sandboxKycApplicants } from './tables.ts';

const tokenQuerySchema = z.object({ token: z.string().max(512) });
const reviewFormSchema = z.object({
  answer: z.enum(['GREEN', 'RED']),
  comment: z.string().max(200).optional(),
});

/** The casino's API: signed JSON only. */
const casinoApi =
  (ctx: AppContext, applicants: Applicants): FastifyPluginAsyncZod =>
  async (api) => {
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
        return { data: { token: applicants.issueToken(applicant!.id, ttlSec), applicantId: applicant!.id } };
      },
    );
  };

/** The documents form's parts: the kind of document, each file's sniffed type and size, and what was wrong. */
async function readDocumentsForm(request: FastifyRequest) {
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
      part.fieldname === 'selfie' ? ['image/jpeg', 'image/png'] : ['image/jpeg', 'image/png', 'application/pdf'];
    if (!type || !allowed.includes(type))
      errors.push(
        `The ${part.fieldname === 'selfie' ? 'selfie' : 'document'} is not a ${part.fieldname === 'selfie' ? 'JPEG or PNG picture' : 'JPEG, PNG or PDF file'}`,
      );
    else files[part.fieldname] = `${type}, ${bytes.length} bytes`;
  }
  if (!(documentType in DOCUMENT_KINDS)) errors.push('Choose the kind of document');
  if (!errors.length && (!files.document || !files.selfie)) errors.push('Choose both files');
  return { files, documentType, errors };
}

/** The player's pages, in the casino's frame. */
const playerPages =
  (applicants: Applicants): FastifyPluginAsyncZod =>
  async (pages) => {
    const { applicantOf, notify, move } = applicants;
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
        const { files, documentType, errors } = await readDocumentsForm(request);
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

/**
 * The sandbox identity-verification provider, mounted at `/sandbox/kyc` in development and demo: a
 * separate party in this process, in the manner of Sumsub (docs/identity-verification-api.md). The
 * casino asks it for an access token over signed HTTP; the player sends documents to its own pages
 * (in the casino's frame); it reports its review only through signed webhooks.
 */
export const sandboxKycRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const applicants = createApplicants(ctx, app.log.child({ module: 'sandbox-kyc' }));
    await app.register(casinoApi(ctx, applicants));
    await app.register(playerPages(applicants));
  };
