import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { isUuid } from '../../lib/uuid.ts';

/** What the books' reports need of players (books module): their countries, and sign-ups per day. */

/** Each player's country of registration ('' when it was never given). */
export async function playerCountries(db: DbOrTx, playerIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(playerIds)].filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; country: string | null }>(
    db,
    sql`select id, country from players where id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, r.country ?? '']));
}

/** Players who signed up on each UTC day of [from, to], with their ids (to count them by country). */
export async function signUpsByDay(db: DbOrTx, from: string, to: string): Promise<{ day: string; playerId: string }[]> {
  return rowsOf<{ day: string; playerId: string }>(
    db,
    sql`select (created_at at time zone 'UTC')::date::text as day, id as "playerId" from players
         where created_at >= ${from}::date::timestamp at time zone 'UTC'
           and created_at < (${to}::date + 1)::timestamp at time zone 'UTC'
         order by created_at`,
  );
}
