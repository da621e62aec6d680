import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, staffApprovalSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import type { AnyOpsCommand, CommandContext } from '../../lib/ops-command.ts';
import {
  actionName,
  decideApproval,
  holdForApproval,
  needsFourEyes,
  pendingApprovals,
  reasonOf,
  runForStaff,
} from './approvals.ts';
import { authorize, type Principal } from './principal.ts';

/**
 * The operator commands as admin routes (`POST /api/admin/commands/<route>`): the role must grant the
 * command's permission; money above the four-eyes threshold waits for a second, different approver
 * (`/approvals`).
 */
export const commandRoutes =
  (
    ctx: AppContext,
    commands: readonly AnyOpsCommand[],
    who: (r: unknown) => Promise<Principal>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const commandContext: CommandContext = {
      db: ctx.db,
      notifyOutbox: () => ctx.notifyOutbox(),
      config: ctx.config,
      node: ctx,
    };
    const byRoute = new Map(commands.map((command) => [command.route, command]));
    for (const command of byRoute.values()) {
      app.post(
        `/commands/${command.route}`,
        {
          schema: {
            tags: ['admin'],
            summary: command.usage.trim().split('\n')[0],
            body: command.body,
            response: { 200: dataEnvelope(command.result), 202: dataEnvelope(staffApprovalSchema) },
          },
        },
        async (request, reply) => {
          const principal = await who(request);
          authorize(principal, command.permission(request.body));
          const what = { principal, action: actionName(command, request.body), reason: reasonOf(request.body) };
          const money = principal.via === 'local' ? null : await command.money?.(commandContext, request.body);
          if (money && needsFourEyes(money, ctx.config.staff.fourEyesAbove))
            return reply.code(202).send({ data: await holdForApproval(ctx.db, command, request.body, money, what) });
          return { data: await runForStaff(commandContext, command, request.body, what) };
        },
      );
    }

    app.get(
      '/approvals',
      { schema: { tags: ['admin'], response: { 200: dataEnvelope(z.array(staffApprovalSchema)) } } },
      async (request) => ({ data: await pendingApprovals(ctx.db, await who(request), byRoute) }),
    );

    app.post(
      '/approvals/:id/:decision',
      {
        schema: {
          tags: ['admin'],
          params: z.object({ id: z.string().max(64), decision: z.enum(['approve', 'decline']) }),
          response: { 200: dataEnvelope(z.object({ approval: staffApprovalSchema, result: z.unknown() })) },
        },
      },
      async (request) => {
        const { id, decision } = request.params;
        return {
          data: await decideApproval(commandContext, byRoute, await who(request), {
            id,
            approve: decision === 'approve',
          }),
        };
      },
    );
  };
