import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, DOCUMENT_MAX_BYTES, idParamSchema, okSchema, playerDocumentSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, requirePlayer } from '../../lib/auth-guard.ts';
import { errorResponses, unprocessable } from '../../lib/errors.ts';
import { addDocument, listDocuments, removeDocument, UNSUPPORTED_FILE } from './service.ts';
import { perPlayer } from '../../lib/rate-limits.ts';

const bearer = [{ bearer: [] }];

/** `/api/player/documents`: the player's identity documents (list, multipart upload, remove). */
export const documentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to these routes: nowhere else accepts multipart bodies.
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3, headerPairs: 100 },
    });
    app.addHook('onRequest', requirePlayer(ctx));

    app.get(
      '/',
      {
        // A withdrawal needs a verified identity: an excluded player's withdraw-only session may verify.
        config: { withdrawOnly: true },
        schema: {
          tags: ['player'],
          summary: "The player's documents, newest first",
          security: bearer,
          response: { 200: dataEnvelope(z.array(playerDocumentSchema)), ...errorResponses(401) },
        },
      },
      async (request) => ({ data: await listDocuments(ctx.db, authOf(request).playerId) }),
    );

    app.post(
      '/',
      {
        schema: {
          tags: ['player'],
          summary: 'Upload a document: multipart with `type` first, then `file` (JPEG, PNG or PDF, at most 10 MB)',
          security: bearer,
          consumes: ['multipart/form-data'],
          response: { 200: dataEnvelope(playerDocumentSchema), ...errorResponses(401, 413, 422) },
        },
        config: { ...perPlayer('documents', 20), withdrawOnly: true },
      },
      async (request) => {
        if (!request.isMultipart()) throw unprocessable(UNSUPPORTED_FILE, { file: [UNSUPPORTED_FILE] });
        const part = await request.file();
        if (!part) throw unprocessable(UNSUPPORTED_FILE, { file: [UNSUPPORTED_FILE] });
        // Past DOCUMENT_MAX_BYTES this throws the plugin's 413, which the error edge passes on.
        const bytes = await part.toBuffer();
        const typeField = part.fields.type;
        const type = typeField && 'value' in typeField && typeof typeField.value === 'string' ? typeField.value : '';
        const document = await addDocument(ctx.db, ctx.config.documentsDir, {
          playerId: authOf(request).playerId,
          type,
          fileName: part.filename,
          bytes,
        });
        request.log.info({ documentId: document.id, type: document.type, size: document.size }, 'document uploaded');
        return { data: document };
      },
    );

    app.delete(
      '/:id',
      {
        schema: {
          tags: ['player'],
          summary: 'Remove a document in review or refused',
          security: bearer,
          params: idParamSchema,
          response: { 200: dataEnvelope(okSchema), ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        await removeDocument(ctx.db, ctx.config.documentsDir, authOf(request).playerId, request.params.id);
        return { data: { ok: true as const } };
      },
    );
  };
