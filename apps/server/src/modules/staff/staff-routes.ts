import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  staffAuditQuerySchema,
  staffAuditSchema,
  staffInvitedSchema,
  staffInviteSchema,
  staffReasonSchema,
  staffRoleChangeSchema,
  staffSchema,
  type StaffRole,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { withTransaction } from '../../outbox/index.ts';
import { auditCsv, searchAudit, writeAudit } from './audit.ts';
import { changeStaff, enrolPath, inviteStaff, listStaff } from './identity.ts';
import { authorize } from './principal.ts';
import type { Who } from './routes.ts';

/** The staff list, invitations, role changes, deactivation (Staff) and the audit trail (Audit). */
export const staffRoutes =
  (ctx: AppContext, who: Who): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/staff',
      { schema: { tags: ['admin'], response: { 200: dataEnvelope(z.array(staffSchema)) } } },
      async (request) => {
        authorize(await who(request), { action: 'read', subject: 'Staff' });
        return { data: await listStaff(ctx.db) };
      },
    );

    app.post(
      '/staff',
      { schema: { tags: ['admin'], body: staffInviteSchema, response: { 200: dataEnvelope(staffInvitedSchema) } } },
      async (request) => {
        const principal = await who(request);
        authorize(principal, { action: 'write', subject: 'Staff' });
        const invited = await withTransaction(ctx, async (tx) => {
          const created = await inviteStaff(tx, request.body.email, request.body.role);
          const after = { email: created.staff.email, role: created.staff.role };
          await writeAudit(tx, {
            principal,
            action: 'staff.invite',
            target: { targetType: 'staff', targetId: created.staff.id, after },
          });
          return created;
        });
        return { data: { staff: invited.staff, enrolUrl: `${ctx.config.publicUrl}${enrolPath(invited.token)}` } };
      },
    );

    /** A role change or a deactivation: either ends the member's sessions and tokens at once. */
    const change = (path: string, body: z.ZodType<{ reason: string; role?: StaffRole }>, action: string) =>
      app.post(
        path,
        {
          schema: {
            tags: ['admin'],
            params: z.object({ id: z.uuid() }),
            body,
            response: { 200: dataEnvelope(staffSchema) },
          },
        },
        async (request) => {
          const principal = await who(request);
          authorize(principal, { action: 'write', subject: 'Staff' });
          const { role, reason } = request.body as { role?: StaffRole; reason: string };
          const { id } = request.params as { id: string };
          const changed = await withTransaction(ctx, async (tx) => {
            const result = await changeStaff(tx, id, role ? { role } : { deactivate: true });
            await writeAudit(tx, {
              principal,
              action,
              reason,
              target: { targetType: 'staff', targetId: id, ...result },
            });
            return result.after;
          });
          return { data: changed };
        },
      );
    change('/staff/:id/role', staffRoleChangeSchema, 'staff.role');
    change('/staff/:id/deactivate', staffReasonSchema, 'staff.deactivate');
  };

/** The audit trail: searched by staff member, player or action, newest first; exported as CSV (Audit). */
export const auditRoutes =
  (ctx: AppContext, who: Who): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/audit',
      {
        schema: {
          tags: ['admin'],
          querystring: staffAuditQuerySchema,
          response: { 200: dataEnvelope(z.array(staffAuditSchema)) },
        },
      },
      async (request, reply) => {
        authorize(await who(request), { action: 'read', subject: 'Audit' });
        const { format, ...query } = request.query;
        const rows = await searchAudit(ctx.db, query);
        if (format === 'csv')
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="audit.csv"')
            .send(auditCsv(rows) as never);
        return { data: rows };
      },
    );
  };
