import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { isUuid } from '../../lib/uuid.ts';
import { players } from './tables.ts';

export type PlayerRef = { id: string; email: string | null };

/** A player by id or by email (trimmed, any case); null when there is none. */
export async function findPlayer(db: DbOrTx, by: { id: string } | { email: string }): Promise<PlayerRef | null> {
  if ('id' in by && !isUuid(by.id)) return null;
  const condition = 'id' in by ? eq(players.id, by.id) : eq(players.email, by.email.trim().toLowerCase());
  const [player] = await db.select({ id: players.id, email: players.email }).from(players).where(condition);
  return player ?? null;
}

const statusOf = preparedStatement((db: Db) =>
  db
    .select({ status: players.status })
    .from(players)
    .where(eq(players.id, sql.placeholder('id')))
    .prepare('player_status'),
);

/** The player's status (contracts PlayerStatus), or null for no such player. */
export async function playerStatusOf(db: Db, playerId: string): Promise<number | null> {
  if (!isUuid(playerId)) return null;
  const [row] = await statusOf(db).execute({ id: playerId });
  return row?.status ?? null;
}

/**
 * What the public sees of a player: the first letters of the nickname, else of the email ("jo***"),
 * never free text a player chose (a name can be a phishing line or abuse) and never the address.
 */
export function publicName(player: { nickname: string | null; email: string | null }): string {
  const nickname = player.nickname?.trim();
  const local = nickname || (player.email?.split('@')[0] ?? '');
  if (!local) return 'Player';
  return `${[...local].slice(0, local.length > 2 ? 2 : 1).join('')}***`;
}

/** Public names of several players at once (the winners feed). */
export async function publicNames(db: DbOrTx, playerIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(playerIds)].filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: players.id, nickname: players.nickname, email: players.email })
    .from(players)
    .where(inArray(players.id, ids));
  return new Map(rows.map((r) => [r.id, publicName(r)]));
}

/** Creates a player with a password hash unless one with this email exists; the player's id either way. */
export async function ensurePlayer(
  db: DbOrTx,
  values: Omit<typeof players.$inferInsert, 'id' | 'externalId'> & { email: string },
): Promise<string> {
  await db.insert(players).values(values).onConflictDoNothing({ target: players.email });
  const player = await findPlayer(db, { email: values.email });
  return player!.id;
}

/** Player ids for an operator's message: every player (`all`), in pages of `limit` after `after`. */
export async function findPlayerIds(db: DbOrTx, after: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(after ? gt(players.id, after) : undefined)
    .orderBy(asc(players.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
