import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTENT_AREAS,
  contentPageSchema,
  contentParamsSchema,
  contentQuerySchema,
  contentSummarySchema,
  dataEnvelope,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../lib/errors.ts';
import { contentList, contentPage } from './service.ts';

/** Content changes with a deploy or an import, rarely: browsers and CDNs may keep it five minutes. */
const CACHE = 'public, max-age=300, stale-while-revalidate=3600';

/** Public content: static pages, help-centre questions, bonus pages, in the visitor's locale. */
export const contentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:area',
      {
        schema: {
          tags: ['content'],
          summary: 'The pages of an area (questions: the help centre), in the locale or the default one',
          params: z.object({ area: z.enum(CONTENT_AREAS) }),
          querystring: contentQuerySchema,
          response: { 200: dataEnvelope(z.array(contentSummarySchema)), ...errorResponses(422) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', CACHE);
        return { data: await contentList(ctx.db, request.params.area, request.query.locale) };
      },
    );
    app.get(
      '/:area/:identity',
      {
        schema: {
          tags: ['content'],
          summary: 'One page as rich-text blocks, in the locale or the default one',
          params: contentParamsSchema,
          querystring: contentQuerySchema,
          response: { 200: dataEnvelope(contentPageSchema), ...errorResponses(404, 422) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', CACHE).header('vary', 'accept-encoding');
        return {
          data: await contentPage(ctx.db, request.params.area, request.params.identity, request.query.locale),
        };
      },
    );
  };
