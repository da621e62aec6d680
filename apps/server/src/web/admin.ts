import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@casino/contracts';
import { errorBody } from '../lib/errors.ts';

/**
 * Serves the back office (apps/admin's build) at /admin: its hashed assets for a year, every other
 * path under /admin its index.html (the app routes itself). Not on a worker (WORKER_PATHS).
 */
export async function registerAdminApp(app: FastifyInstance, adminDist: string): Promise<void> {
  const index = path.join(adminDist, 'index.html');
  const hasBuild = fs.existsSync(index);
  await app.register(
    async (admin) => {
      if (hasBuild)
        await admin.register(fastifyStatic, {
          root: adminDist,
          prefix: '/',
          wildcard: false,
          index: false,
          preCompressed: true,
          decorateReply: false,
          cacheControl: false,
          setHeaders(res, filePath) {
            const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
            res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        });
      const page = async (request: { method: string; url: string }, reply: import('fastify').FastifyReply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD')
          return reply.status(404).send(errorBody(ErrorCode.notFound, `Not found: ${request.url.split('?')[0]}`));
        if (!hasBuild)
          return reply.status(503).type('text/plain').send('The back office is not built yet: run `npm run build`.');
        return reply
          .header('cache-control', 'no-cache')
          .header('x-robots-tag', 'noindex')
          .type('text/html; charset=utf-8')
          .send(fs.createReadStream(index));
      };
      // A page, not an API: kept out of the OpenAPI document (and so out of the API fuzzing).
      admin.get('/', { schema: { hide: true } }, page);
      admin.setNotFoundHandler(page);
    },
    { prefix: '/admin' },
  );
}
