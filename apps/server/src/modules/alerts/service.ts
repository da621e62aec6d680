import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALERT_KINDS,
  staffMay,
  type AdminAlert,
  type AdminAlertDetail,
  type adminAlertQuerySchema,
} from '@casino/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { noteChange } from '../../lib/audit-scope.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { withTransaction, type UnitOfWorkContext } from '../../outbox/index.ts';
import { playerContacts } from '../player/index.ts';
import { staffMembers } from '../staff/index.ts';
import { alertNotes, alerts, type AlertRow } from './tables.ts';

/** Who acts: the staff member (`id` null for the local operator, who has no staff row). */
export type Caller = { id: string | null; email: string };

export type AlertQuery = z.infer<typeof adminAlertQuerySchema>;

/** Rows as the back office shows them: whose (their e-mail, else phone) and who holds them. */
async function viewsOf(db: DbOrTx, rows: readonly AlertRow[]): Promise<AdminAlert[]> {
  const contacts = await playerContacts(
    db,
    rows.map((r) => r.playerId),
  );
  const holders = await staffMembers(
    db,
    rows.flatMap((r) => (r.assigneeId ? [r.assigneeId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    playerId: row.playerId,
    player: contacts.get(row.playerId) ?? row.playerId,
    summary: row.summary,
    facts: row.facts,
    status: row.status,
    assigneeId: row.assigneeId,
    assignee: row.assigneeId ? (holders.get(row.assigneeId)?.email ?? null) : null,
    closedReason: row.closedReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  }));
}

/** The alerts matching the query, newest first, at most `limit`. */
export async function listAlerts(db: DbOrTx, query: AlertQuery): Promise<AdminAlert[]> {
  const where: (SQL | undefined)[] = [
    query.status ? eq(alerts.status, query.status) : undefined,
    query.kind ? eq(alerts.kind, query.kind) : undefined,
    query.playerId ? eq(alerts.playerId, query.playerId) : undefined,
    query.assignee ? eq(alerts.assigneeId, query.assignee) : undefined,
  ];
  const rows = await db
    .select()
    .from(alerts)
    .where(and(...where))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(query.limit);
  return viewsOf(db, rows);
}

/** One alert with its notes, oldest first. */
export async function alertDetail(db: DbOrTx, id: string): Promise<AdminAlertDetail> {
  const [row] = isUuid(id) ? await db.select().from(alerts).where(eq(alerts.id, id)) : [];
  if (!row) throw notFound('No such alert');
  const notes = await db.select().from(alertNotes).where(eq(alertNotes.alertId, id)).orderBy(asc(alertNotes.id));
  const [view] = await viewsOf(db, [row]);
  return {
    ...view!,
    notes: notes.map((n) => ({
      id: n.id,
      staffId: n.staffId,
      author: n.author,
      text: n.text,
      at: n.createdAt.toISOString(),
    })),
  };
}

/** Alerts not closed yet (assigned ones included): for the dashboard. */
export async function openAlertCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(alerts)
    .where(ne(alerts.status, 'closed'));
  return row?.n ?? 0;
}

/** Alerts not closed yet, in all and by kind (every kind named, 0 when none). */
export async function alertSummary(db: DbOrTx): Promise<{ open: number; byKind: Record<string, number> }> {
  const rows = await db
    .select({ kind: alerts.kind, n: sql<number>`count(*)::int` })
    .from(alerts)
    .where(ne(alerts.status, 'closed'))
    .groupBy(alerts.kind);
  const byKind: Record<string, number> = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, 0]));
  for (const row of rows) byKind[row.kind] = row.n;
  return { open: rows.reduce((sum, r) => sum + r.n, 0), byKind };
}

/** The alert, locked for this change; 404 for an unknown id. */
async function lockAlert(tx: Tx, id: string): Promise<AlertRow> {
  const [row] = isUuid(id) ? await tx.select().from(alerts).where(eq(alerts.id, id)).for('update') : [];
  if (!row) throw notFound('No such alert');
  return row;
}

const stateOf = (row: Pick<AlertRow, 'status' | 'assigneeId' | 'closedReason'>) => ({
  status: row.status,
  assigneeId: row.assigneeId,
  closedReason: row.closedReason,
});

/**
 * Gives the alert to a staff member (the caller unless `staffId` names another) who may work on
 * alerts; a closed alert stays closed (409).
 */
export async function assignAlert(
  ctx: UnitOfWorkContext,
  id: string,
  caller: Caller,
  staffId: string | undefined,
): Promise<AdminAlertDetail> {
  const assignee = staffId ?? caller.id;
  if (!assignee) throw fieldError('staffId', 'Name the staff member to assign the alert to');
  const member = (await staffMembers(ctx.db, [assignee])).get(assignee);
  if (!member || member.status !== 'active' || !staffMay(member.role, { action: 'write', subject: 'Alert' }))
    throw fieldError('staffId', 'No active staff member who may work on alerts has this id');
  await withTransaction(ctx, async (tx) => {
    const row = await lockAlert(tx, id);
    if (row.status === 'closed') throw conflict('This alert is closed');
    const after = { status: 'assigned' as const, assigneeId: assignee, closedReason: null };
    await tx
      .update(alerts)
      .set({ ...after, updatedAt: sql`now()` })
      .where(eq(alerts.id, id));
    noteChange({ targetType: 'alert', targetId: id, playerId: row.playerId, before: stateOf(row), after });
  });
  return alertDetail(ctx.db, id);
}

/** Adds a staff note (closed alerts take notes too: what was learnt later). */
export async function addAlertNote(
  ctx: UnitOfWorkContext,
  id: string,
  caller: Caller,
  text: string,
): Promise<AdminAlertDetail> {
  await withTransaction(ctx, async (tx) => {
    const row = await lockAlert(tx, id);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(alertNotes)
      .where(eq(alertNotes.alertId, id));
    const [note] = await tx
      .insert(alertNotes)
      .values({ alertId: id, staffId: caller.id, author: caller.id ? caller.email : 'local', text })
      .returning({ id: alertNotes.id });
    await tx
      .update(alerts)
      .set({ updatedAt: sql`now()` })
      .where(eq(alerts.id, id));
    noteChange({
      targetType: 'alert',
      targetId: id,
      playerId: row.playerId,
      before: { notes: n },
      after: { notes: n + 1, note: { id: note!.id, text } },
    });
  });
  return alertDetail(ctx.db, id);
}

/** Closes the alert with the reason staff give; closing it again is refused (409). */
export async function closeAlert(
  ctx: UnitOfWorkContext,
  id: string,
  caller: Caller,
  reason: string,
): Promise<AdminAlertDetail> {
  await withTransaction(ctx, async (tx) => {
    const row = await lockAlert(tx, id);
    if (row.status === 'closed') throw conflict('This alert is already closed');
    await tx
      .update(alerts)
      .set({ status: 'closed', closedReason: reason, closedBy: caller.id, closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(alerts.id, id));
    noteChange({
      targetType: 'alert',
      targetId: id,
      playerId: row.playerId,
      before: stateOf(row),
      after: { status: 'closed', assigneeId: row.assigneeId, closedReason: reason },
    });
  });
  return alertDetail(ctx.db, id);
}
