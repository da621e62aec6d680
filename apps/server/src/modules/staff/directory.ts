import { inArray } from 'drizzle-orm';
import type { StaffRole } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../lib/uuid.ts';
import { staff } from './tables.ts';

export type StaffMember = { id: string; email: string; role: StaffRole; status: 'invited' | 'active' | 'deactivated' };

/** Staff members by id (what other modules show of who did or holds something), unknown ids left out. */
export async function staffMembers(db: DbOrTx, ids: readonly string[]): Promise<Map<string, StaffMember>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: staff.id, email: staff.email, role: staff.role, status: staff.status })
    .from(staff)
    .where(inArray(staff.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}
