import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { players } from './tables.ts';

export type IdentityMatch = { playerId: string; basis: 'name_birthdate' | 'id_number' };

/** Lower-cased, trimmed, inner spaces made one: "  Ana  Maria " and "ana maria" are one name. */
const normalised = (column: AnyPgColumn) => sql`lower(regexp_replace(trim(${column}), '\\s+', ' ', 'g'))`;
const norm = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Other players whose identity data match this one's: the same first name, last name and birth date,
 * or the same national id number (personal id number or CPF). Whether a match means one person is
 * for the caller to decide (the links module counts it only when both identities are verified).
 */
export async function identityMatches(db: DbOrTx, playerId: string): Promise<IdentityMatch[]> {
  const [me] = await db
    .select({
      firstName: players.firstName,
      lastName: players.lastName,
      birthdate: players.birthdate,
      personalIdNumber: players.personalIdNumber,
      cpfNumber: players.cpfNumber,
    })
    .from(players)
    .where(eq(players.id, playerId));
  if (!me) return [];
  const byName =
    me.firstName?.trim() && me.lastName?.trim() && me.birthdate
      ? and(
          sql`${normalised(players.firstName)} = ${norm(me.firstName)}`,
          sql`${normalised(players.lastName)} = ${norm(me.lastName)}`,
          eq(players.birthdate, me.birthdate),
        )
      : undefined;
  const idNumber = (me.personalIdNumber ?? '').replace(/[\s.-]/g, '').toUpperCase();
  const byId: SQL[] = [];
  if (idNumber) byId.push(sql`upper(regexp_replace(${players.personalIdNumber}, '[\\s.-]', '', 'g')) = ${idNumber}`);
  if (me.cpfNumber) byId.push(eq(players.cpfNumber, me.cpfNumber));
  const byIdNumber = byId.length > 0 ? or(...byId) : undefined;
  if (!byName && !byIdNumber) return [];
  const rows = await db
    .select({ id: players.id, byName: byName ? sql<boolean>`${byName}` : sql<boolean>`false` })
    .from(players)
    .where(and(ne(players.id, playerId), or(byName, byIdNumber)))
    .limit(200);
  return rows.map((r) => ({ playerId: r.id, basis: r.byName ? 'name_birthdate' : 'id_number' }));
}
