import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  MessageState,
  pageMeta,
  type ContactBody,
  type MessengerList,
  type MessengerMessage,
  type SupportMessage,
} from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { isUuid } from '../../lib/uuid.ts';
import { createReadCache, noReadCache, type ReadCache } from '../../lib/read-cache.ts';
import { enqueue, withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { contactMessages, messengerMessages, supportMessages, type MessengerMessageRow } from './tables.ts';
import type { Written } from './texts.ts';

function toWire(row: MessengerMessageRow): MessengerMessage {
  return {
    id: row.id,
    state: row.readAt ? MessageState.read : MessageState.unread,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    topic: row.source.startsWith('invoice.') ? 'payment' : row.source,
    content: {
      title: row.title,
      body: row.body,
      link: row.linkUrl ? { url: row.linkUrl, label: row.linkLabel ?? row.linkUrl } : null,
    },
  };
}

async function unreadOf(db: DbOrTx, playerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messengerMessages)
    .where(and(eq(messengerMessages.playerId, playerId), isNull(messengerMessages.readAt)));
  return row?.n ?? 0;
}

/** Files a message for one player and pushes it with the new unread count, in the caller's transaction. */
export async function postMessage(
  tx: DbOrTx,
  playerId: string,
  message: Written,
  source: string,
): Promise<MessengerMessage> {
  const [wire] = await postToMany(tx, [playerId], message, source);
  return wire!;
}

/** One message to many players (an operator's): one insert per batch, one push each. */
export async function postToMany(
  tx: DbOrTx,
  playerIds: string[],
  message: Written,
  source: string,
): Promise<MessengerMessage[]> {
  if (playerIds.length === 0) return [];
  const rows = await tx
    .insert(messengerMessages)
    .values(
      playerIds.map((playerId) => ({
        playerId,
        type: message.type,
        title: message.title,
        body: message.body,
        linkUrl: message.link?.url ?? null,
        linkLabel: message.link?.label ?? null,
        source,
      })),
    )
    .returning();
  forgetHeads(playerIds);
  const unread = await rowsOf<{ player_id: string; n: number }>(
    tx,
    sql`select player_id, count(*)::int as n from messenger_messages
         where read_at is null and player_id = any(${`{${playerIds.join(',')}}`}::uuid[]) group by player_id`,
  );
  const counts = new Map(unread.map((r) => [r.player_id, Number(r.n)]));
  const wires = rows.map(toWire);
  for (const [i, row] of rows.entries()) {
    await enqueue(tx, 'messenger.message.created', {
      playerId: row.playerId,
      message: wires[i]!,
      totalUnread: counts.get(row.playerId) ?? 1,
    });
  }
  return wires;
}

/** A player's newest messages and counts, as the bell and the panel's first page show them. */
type Head = { messages: MessengerMessage[]; total: number; unread: number };
/** How many of the newest messages a node remembers per player (the panel's first page fits). */
const HEAD_SIZE = 20;

/**
 * Every page load asks for the bell's messages. On the embedded database a node remembers each
 * player's newest ones: it is the only node, every write to a player's messages forgets them (inside
 * the writer's transaction, which a read cannot overtake there: PGlite runs a query only between
 * transactions). On PostgreSQL nothing is remembered: several nodes write, and the read is the
 * database server's work, not this process's.
 */
const heads = new Set<ReadCache<Head>>();
export function messengerHeads(kind: 'pglite' | 'postgres'): { cache: ReadCache<Head>; close(): void } {
  const cache =
    kind === 'pglite' ? createReadCache<Head>({ maxAgeMs: 60_000, maxEntries: 20_000 }) : noReadCache<Head>();
  heads.add(cache);
  return { cache, close: () => void heads.delete(cache) };
}
const forgetHeads = (playerIds: string[]) => {
  for (const cache of heads) for (const id of playerIds) cache.forget(id);
};

/**
 * A page of the player's messages, newest first, with how many there are and how many are unread.
 * A page within the newest HEAD_SIZE comes from what this node remembers of them.
 */
export async function listMessages(
  db: DbOrTx,
  cache: ReadCache<Head>,
  playerId: string,
  page: { page: number; perPage: number },
): Promise<MessengerList> {
  const from = (page.page - 1) * page.perPage;
  if (from + page.perPage > HEAD_SIZE) return readPage(db, playerId, page);
  const head = await cache.get(playerId, async () => {
    const list = await readPage(db, playerId, { page: 1, perPage: HEAD_SIZE });
    return { messages: list.data, total: list.meta.totalRows, unread: list.meta.totalUnread };
  });
  return {
    data: head.messages.slice(from, from + page.perPage),
    meta: { ...pageMeta(page.page, page.perPage, head.total), totalUnread: head.unread },
  };
}

/** The player's latest messages, newest first, read afresh (the back office's view, no cache). */
export async function latestMessages(db: DbOrTx, playerId: string, limit: number): Promise<MessengerMessage[]> {
  return (await readPage(db, playerId, { page: 1, perPage: limit })).data;
}

/** One statement (window counts are taken before the limit). */
async function readPage(db: DbOrTx, playerId: string, page: { page: number; perPage: number }): Promise<MessengerList> {
  const rows = await db
    .select({
      row: messengerMessages,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      unread: sql<number>`count(*) filter (where ${messengerMessages.readAt} is null) over ()`.mapWith(Number),
    })
    .from(messengerMessages)
    .where(eq(messengerMessages.playerId, playerId))
    .orderBy(desc(messengerMessages.createdAt), desc(messengerMessages.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  // A page past the end has no rows to carry the counts: ask for them alone.
  const [first] = rows;
  const totals = first
    ? { total: first.total, unread: first.unread }
    : await db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${messengerMessages.readAt} is null)`.mapWith(Number),
        })
        .from(messengerMessages)
        .where(eq(messengerMessages.playerId, playerId))
        .then(([r]) => ({ total: r?.total ?? 0, unread: r?.unread ?? 0 }));
  return {
    data: rows.map((r) => toWire(r.row)),
    meta: { ...pageMeta(page.page, page.perPage, totals.total), totalUnread: totals.unread },
  };
}

/** Only the player's own messages are touched; ids of others (or no message) are passed over. */
const ownIds = (playerId: string, ids: string[]) =>
  and(eq(messengerMessages.playerId, playerId), inArray(messengerMessages.id, ids.filter(isUuid)));

async function settled(tx: DbOrTx, playerId: string): Promise<{ totalUnread: number }> {
  forgetHeads([playerId]);
  const totalUnread = await unreadOf(tx, playerId);
  // The player's other tabs and devices update their count too.
  await enqueue(tx, 'messenger.unread.updated', { playerId, totalUnread });
  return { totalUnread };
}

export async function markRead(
  ctx: UnitOfWorkContext,
  playerId: string,
  ids: string[] | 'all',
): Promise<{ totalUnread: number }> {
  return withTransaction(ctx, async (tx) => {
    const which =
      ids === 'all' ? eq(messengerMessages.playerId, playerId) : ids.some(isUuid) ? ownIds(playerId, ids) : null;
    if (which)
      await tx
        .update(messengerMessages)
        .set({ readAt: new Date() })
        .where(and(which, isNull(messengerMessages.readAt)));
    return settled(tx, playerId);
  });
}

export async function deleteMessages(
  ctx: UnitOfWorkContext,
  playerId: string,
  ids: string[],
): Promise<{ totalUnread: number }> {
  return withTransaction(ctx, async (tx) => {
    if (ids.some(isUuid)) await tx.delete(messengerMessages).where(ownIds(playerId, ids));
    return settled(tx, playerId);
  });
}

// ---------------------------------------------------------------------------------------------
// Contact form

export async function fileContactMessage(
  db: DbOrTx,
  playerId: string | null,
  body: ContactBody,
): Promise<{ id: string; createdAt: string }> {
  const [row] = await db
    .insert(contactMessages)
    .values({ playerId, ...body })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return { id: row!.id, createdAt: row!.createdAt.toISOString() };
}

export type ContactEntry = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
};

export async function latestContactMessages(db: DbOrTx, limit: number): Promise<ContactEntry[]> {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Live support chat

const SUPPORT_HISTORY = 200;

const supportWire = (row: typeof supportMessages.$inferSelect): SupportMessage => ({
  id: String(row.id),
  author: row.author,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/** The conversation's latest messages, oldest first. */
export async function supportHistory(db: DbOrTx, playerId: string): Promise<SupportMessage[]> {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.playerId, playerId))
    .orderBy(desc(supportMessages.id))
    .limit(SUPPORT_HISTORY);
  return rows.toReversed().map(supportWire);
}

/** Adds a line to the player's conversation and pushes it to the player's open chats. */
export async function postSupportMessage(
  ctx: UnitOfWorkContext,
  playerId: string,
  author: 'player' | 'operator',
  text: string,
): Promise<SupportMessage> {
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.insert(supportMessages).values({ playerId, author, text }).returning();
    const message = supportWire(row!);
    await enqueue(tx, 'support.message', { playerId, message });
    return message;
  });
}

export type OpenChat = { playerId: string; lastText: string; lastAt: string; waiting: number };

/**
 * Conversations whose last word is the player's (waiting for an answer), oldest wait first, with how
 * many of the player's lines came since the operator last wrote.
 */
export async function openChats(db: DbOrTx, limit = 50): Promise<OpenChat[]> {
  const rows = await rowsOf<{ player_id: string; text: string; created_at: string | Date; waiting: number }>(
    db,
    sql`select l.player_id, l.text, l.created_at,
               (select count(*)::int from support_messages w
                 where w.player_id = l.player_id and w.author = 'player'
                   and w.id > coalesce((select max(o.id) from support_messages o
                                         where o.player_id = l.player_id and o.author = 'operator'), 0)) as waiting
          from (select distinct on (player_id) player_id, author, text, created_at
                  from support_messages order by player_id, id desc) l
         where l.author = 'player'
         order by l.created_at asc
         limit ${limit}`,
  );
  return rows.map((r) => ({
    playerId: r.player_id,
    lastText: r.text,
    lastAt: new Date(String(r.created_at)).toISOString(),
    waiting: Number(r.waiting),
  }));
}
