import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { StaffAudit } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AuditChange, AuditWriter } from '../../lib/audit-scope.ts';
import type { Principal } from './principal.ts';
import { staff, staffAudit } from './tables.ts';

/** What one audited action is, besides what the module noted: who did it, what it was called, why. */
export type AuditAction = { principal: Principal; action: string; reason?: string | null; target?: AuditChange };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Values as JSON: bigint as its digits (jsonb knows no bigint), Dates as ISO strings. */
const asJson = (value: unknown): unknown => {
  if (value === undefined) return null;
  const json = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';
  // A long answer (a list) is kept as its start: the trail records what changed, not every row read.
  return json.length > 20_000 ? { truncated: json.slice(0, 20_000) } : JSON.parse(json);
};

/** Writes one audit row; `change` is what the module noted, merged over the action's own target. */
export async function writeAudit(db: DbOrTx, what: AuditAction, change: AuditChange = {}): Promise<void> {
  const merged = { ...what.target, ...change };
  const playerId = merged.playerId && UUID.test(merged.playerId) ? merged.playerId : null;
  await db.insert(staffAudit).values({
    staffId: what.principal.staffId,
    role: what.principal.via === 'local' ? 'local' : what.principal.role,
    action: what.action,
    targetType: merged.targetType ?? null,
    targetId: merged.targetId ?? null,
    playerId,
    before: asJson(merged.before),
    after: asJson(merged.after),
    reason: what.reason ?? null,
    ip: what.principal.ip,
  });
}

/** The writer a staff write runs with (lib/audit-scope.ts): its row goes into the write's transaction. */
export const auditWriterFor =
  (what: AuditAction): AuditWriter =>
  (tx, change) =>
    writeAudit(tx, what, change);

export type AuditQuery = { staffId?: string; playerId?: string; action?: string; before?: number; limit: number };

/** The trail, newest first, by staff member, player or action; `before` pages back by id. */
export async function searchAudit(db: DbOrTx, query: AuditQuery): Promise<StaffAudit[]> {
  const where: SQL[] = [];
  if (query.staffId) where.push(eq(staffAudit.staffId, query.staffId));
  if (query.playerId) where.push(eq(staffAudit.playerId, query.playerId));
  if (query.action) where.push(eq(staffAudit.action, query.action));
  if (query.before) where.push(lt(staffAudit.id, query.before));
  const rows = await db
    .select({ row: staffAudit, email: staff.email })
    .from(staffAudit)
    .leftJoin(staff, eq(staff.id, staffAudit.staffId))
    .where(and(...where))
    .orderBy(desc(staffAudit.id))
    .limit(query.limit);
  return rows.map(({ row, email }) => ({
    id: row.id,
    at: row.at.toISOString(),
    staffId: row.staffId,
    staffEmail: email,
    role: row.role,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    playerId: row.playerId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    ip: row.ip,
  }));
}

const CSV_COLUMNS = [
  'id',
  'at',
  'staffEmail',
  'role',
  'action',
  'targetType',
  'targetId',
  'playerId',
  'before',
  'after',
  'reason',
  'ip',
] as const;

/** RFC 4180 CSV; a cell a spreadsheet would run as a formula is quoted with a leading apostrophe. */
export function auditCsv(rows: readonly StaffAudit[]): string {
  const cell = (value: unknown) => {
    let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return (
    [CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((c) => cell(row[c])).join(','))].join('\r\n') + '\r\n'
  );
}
