import { and, eq, ne } from 'drizzle-orm';
import { BASE_CURRENCY, toMinor, type StaffApproval } from '@casino/contracts';
import type { Db } from '../../db/client.ts';
import { runAudited } from '../../lib/audit-scope.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AnyOpsCommand, CommandContext } from '../../lib/ops-command.ts';
import { isUuid } from '../../lib/uuid.ts';
import { subunitOf, toBaseMinor } from '../settings/index.ts';
import { auditWriterFor, writeAudit, type AuditAction } from './audit.ts';
import { authorize, type Principal } from './principal.ts';
import { staffApprovals } from './tables.ts';

/** The audit trail's name of a command's action: `documents.approve`, `credit`. */
export const actionName = (command: AnyOpsCommand, body: unknown) => {
  const action = (body as { action?: unknown }).action;
  return typeof action === 'string' ? `${command.route}.${action}` : command.route;
};

export const reasonOf = (body: unknown) => {
  const reason = (body as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : null;
};

/** Whether an amount needs a second approver: above the threshold in the base currency, or without a rate. */
export function needsFourEyes(money: { amount: string; currency: string }, threshold: string): boolean {
  const minor = toMinor(money.amount, subunitOf(money.currency));
  if (minor === null) return false; // the command refuses the amount itself
  const base = toBaseMinor(minor < 0n ? -minor : minor, money.currency);
  const limit = toMinor(threshold, subunitOf(BASE_CURRENCY))!;
  return base === null || base > limit;
}

/**
 * Runs a command for a staff member: what it reads is answered; what it writes records one audit row
 * in the write's own transaction (lib/audit-scope.ts), or, for a command that wrote without one, right
 * after it. The row's `after` is what the module noted, else the request as typed.
 */
export async function runForStaff(ctx: CommandContext, command: AnyOpsCommand, body: unknown, what: AuditAction) {
  if (command.permission(body).action === 'read') return command.run(ctx, body);
  const run = () => command.run(ctx, body);
  const { result, written, change } = await runAudited(auditWriterFor(what), run, { after: body });
  if (!written) await writeAudit(ctx.db, what, change);
  return result;
}

/** The ops CLI on the database itself (no server up): the command, audited as the local operator. */
export const runAsLocalOperator = (ctx: CommandContext, command: AnyOpsCommand, body: unknown) =>
  runForStaff(ctx, command, body, {
    principal: { via: 'local', staffId: null, email: 'local operator', role: 'admin', sessionId: null, ip: 'cli' },
    action: actionName(command, body),
    reason: reasonOf(body),
  });

export const approvalView = (row: typeof staffApprovals.$inferSelect): StaffApproval => ({
  id: row.id,
  command: row.command,
  body: row.body,
  amount: row.amount,
  currency: row.currency,
  requestedBy: row.requestedBy,
  requestedAt: row.requestedAt.toISOString(),
  status: row.status,
});

/** Holds a command above the threshold for a second approver; the request is audited. */
export async function holdForApproval(
  db: Db,
  command: AnyOpsCommand,
  body: unknown,
  money: { amount: string; currency: string },
  what: AuditAction,
): Promise<StaffApproval> {
  const [row] = await db
    .insert(staffApprovals)
    .values({ command: command.route, body: body as object, ...money, requestedBy: what.principal.staffId! })
    .returning();
  await writeAudit(
    db,
    { ...what, action: 'approval.request' },
    { targetType: 'approval', targetId: row!.id, after: { command: command.route, body, ...money } },
  );
  return approvalView(row!);
}

/** The waiting approvals this principal could decide. */
export async function pendingApprovals(db: Db, principal: Principal, byRoute: ReadonlyMap<string, AnyOpsCommand>) {
  const rows = await db.select().from(staffApprovals).where(eq(staffApprovals.status, 'pending'));
  return rows
    .filter((row) => {
      const command = byRoute.get(row.command);
      if (!command || row.requestedBy === principal.staffId) return false;
      try {
        authorize(principal, command.permission(row.body));
        return true;
      } catch {
        return false;
      }
    })
    .map(approvalView);
}

/**
 * A second staff member's decision: someone else than the requester, allowed to run the command.
 * One decision claims the approval; a run the module refuses puts it back to pending.
 */
export async function decideApproval(
  ctx: CommandContext,
  byRoute: ReadonlyMap<string, AnyOpsCommand>,
  principal: Principal,
  decision: { id: string; approve: boolean },
) {
  const { id, approve } = decision;
  if (!isUuid(id)) throw notFound('No such approval');
  const [pending] = await ctx.db.select().from(staffApprovals).where(eq(staffApprovals.id, id));
  const command = pending && byRoute.get(pending.command);
  if (!pending || !command) throw notFound('No such approval');
  authorize(principal, command.permission(pending.body));
  if (pending.requestedBy === principal.staffId) throw forbidden('A second, different staff member must decide');
  const [claimed] = await ctx.db
    .update(staffApprovals)
    .set({ status: approve ? 'approved' : 'declined', decidedBy: principal.staffId, decidedAt: new Date() })
    .where(
      and(
        eq(staffApprovals.id, id),
        eq(staffApprovals.status, 'pending'),
        ne(staffApprovals.requestedBy, principal.staffId ?? id),
      ),
    )
    .returning();
  if (!claimed) throw conflict('This approval was already decided');
  const why = reasonOf(pending.body);
  const what = {
    principal,
    action: approve ? actionName(command, pending.body) : 'approval.decline',
    reason: `${approve ? 'approved' : 'declined'} approval ${id} requested by ${pending.requestedBy}${why ? `: ${why}` : ''}`,
  };
  if (!approve) {
    await writeAudit(ctx.db, what, {
      targetType: 'approval',
      targetId: id,
      before: { status: 'pending' },
      after: { status: 'declined' },
    });
    return { approval: approvalView(claimed), result: null };
  }
  try {
    return { approval: approvalView(claimed), result: await runForStaff(ctx, command, pending.body, what) };
  } catch (error) {
    await ctx.db
      .update(staffApprovals)
      .set({ status: 'pending', decidedBy: null, decidedAt: null })
      .where(eq(staffApprovals.id, id));
    throw error;
  }
}
