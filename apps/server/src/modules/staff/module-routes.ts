import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import type { AdminInput, AnyAdminRoute } from '../../lib/admin-route.ts';
import { runAudited } from '../../lib/audit-scope.ts';
import { reasonOf } from './approvals.ts';
import { auditWriterFor, writeAudit } from './audit.ts';
import { authorize } from './principal.ts';
import type { Who } from './routes.ts';

/**
 * The modules' own admin routes: the permission first, then the handler; a write leaves its audit row
 * in its own transaction (or right after, for a write of one statement), a recorded read one row.
 */
export const moduleRoutes =
  (ctx: AppContext, routes: readonly AnyAdminRoute[], who: Who): FastifyPluginAsyncZod =>
  async (app) => {
    for (const route of routes) {
      app.route({
        method: route.method,
        url: route.url,
        schema: {
          tags: ['admin'],
          summary: route.summary,
          ...(route.params ? { params: route.params } : {}),
          ...(route.querystring ? { querystring: route.querystring } : {}),
          ...(route.body ? { body: route.body } : {}),
          ...(route.response ? { response: { 200: dataEnvelope(route.response) } } : {}),
        },
        // The permission before the body is checked: a role without it is answered 403, never 422.
        preValidation: async (request) => authorize(await who(request), route.permission),
        handler: async (request, reply) => {
          const principal = await who(request);
          authorize(principal, route.permission);
          const input: AdminInput<unknown, unknown, unknown> = {
            params: request.params,
            query: request.query,
            body: request.body,
            reply,
            staff: { id: principal.staffId, email: principal.email, role: principal.role },
          };
          const what = {
            principal,
            action: route.action ?? `${route.method} ${route.url}`,
            reason: reasonOf(request.body),
          };
          if (route.permission.action === 'read') {
            const result = await route.handle(input);
            if (route.auditRead) await writeAudit(ctx.db, what, route.auditRead(input, result));
            return route.send ? route.send(reply, result) : { data: result };
          }
          const run = () => route.handle(input);
          const { result, written, change } = await runAudited(auditWriterFor(what), run, {
            after: request.body ?? null,
          });
          if (!written) await writeAudit(ctx.db, what, change);
          return route.send ? route.send(reply, result) : { data: result };
        },
      });
    }
  };
