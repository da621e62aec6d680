import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, mailboxEntrySchema, mailboxQuerySchema } from '@casino/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../lib/errors.ts';
import { readMailbox } from './service.ts';

/**
 * Outside production, the development mailbox (`GET /api/dev/mailbox?to=`, read by the /dev/mailbox
 * page): the mail a real inbox would get.
 */
export const messagesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    if (ctx.config.production) return;

    app.get(
      '/mailbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Development only: the latest messages to an e-mail address or phone number',
          querystring: mailboxQuerySchema,
          response: { 200: dataEnvelope(z.array(mailboxEntrySchema)), ...errorResponses(422) },
        },
      },
      async (request) => ({ data: await readMailbox(ctx.db, request.query.to) }),
    );
  };
