import { asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { e164 } from './phone.ts';
import { players } from './tables.ts';

/** externalId: the short number support staff and partners see. */
export type PlayerRef = { id: string; email: string | null; phone: string | null; externalId: number };

const REF = { id: players.id, email: players.email, phone: players.phone, externalId: players.externalId };

/** A player by id or by email (trimmed, any case); null when there is none. */
export async function findPlayer(db: DbOrTx, by: { id: string } | { email: string }): Promise<PlayerRef | null> {
  if ('id' in by && !isUuid(by.id)) return null;
  const condition = 'id' in by ? eq(players.id, by.id) : eq(players.email, by.email.trim().toLowerCase());
  const [player] = await db.select(REF).from(players).where(condition);
  return player ?? null;
}

/** Short ids have at most this many digits; longer digit strings are phone numbers without the +. */
const EXTERNAL_ID_DIGITS = 10;

/** What an operator typed, as a condition and as words for "No player with …"; null when it names nothing. */
function namingCondition(typed: string): { where: SQL; what: string } | null {
  const who = typed.trim();
  if (isUuid(who)) return { where: eq(players.id, who.toLowerCase()), what: `the id ${who}` };
  if (who.includes('@')) {
    const email = who.toLowerCase();
    return { where: eq(players.email, email), what: `the e-mail ${email}` };
  }
  // Separators go, 00 stands for +, as a number is written on a form or read out on the phone.
  const compact = who.replace(/[\s\-.()/]/g, '').replace(/^00/, '+');
  if (/^\d{1,10}$/.test(compact) && compact.length <= EXTERNAL_ID_DIGITS)
    return { where: eq(players.externalId, Number(compact)), what: `the id ${compact}` };
  const phone = e164(compact.startsWith('+') ? compact : `+${compact}`);
  return phone ? { where: eq(players.phone, phone), what: `the phone ${phone}` } : null;
}

/**
 * A player as an operator names one: an e-mail, a phone number (spaces, dashes, 00 or + before the
 * country code; matched as E.164), the short id or the uuid. 404 naming what was not found.
 */
export async function findPlayerBy(db: DbOrTx, who: string): Promise<PlayerRef> {
  const by = namingCondition(who);
  if (!by) throw unprocessable(`Not an e-mail, a phone number (+country code) or a player id: ${who.trim()}`);
  const [player] = await db.select(REF).from(players).where(by.where).limit(1);
  if (!player) throw notFound(`No player with ${by.what}`);
  return player;
}

/** How lists show a player to the operator: the address or number, and the short id. */
export const playerLabel = (player: PlayerRef) =>
  `${player.email ?? player.phone ?? 'no e-mail or phone'} (id ${player.externalId})`;

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

/** The same, read in the caller's transaction (so after a lock it took): for decisions made under that lock. */
export async function playerStatusIn(tx: DbOrTx, playerId: string): Promise<number | null> {
  if (!isUuid(playerId)) return null;
  const [row] = await tx.select({ status: players.status }).from(players).where(eq(players.id, playerId));
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

/** How the operator recognises each player in a list: the e-mail address, else the phone number, else the id. */
export async function playerContacts(db: DbOrTx, playerIds: readonly string[]): Promise<Map<string, string>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: players.id, email: players.email, phone: players.phone })
    .from(players)
    .where(inArray(players.id, [...new Set(playerIds)]));
  return new Map(rows.map((r) => [r.id, r.email ?? r.phone ?? r.id]));
}
