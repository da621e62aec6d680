import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sportsbookTicketItems, sportsbookTickets } from './tables.ts';

export type TicketRow = typeof sportsbookTickets.$inferSelect;
export type TicketItemRow = typeof sportsbookTicketItems.$inferSelect;

/**
 * A page of the player's tickets, newest first, each with its selections in order: settled (closed or
 * voided) ones, unsettled ones, or both. The bets history (the game module's) adds what the wallet
 * round says: stake, payout, status.
 */
export async function ticketPage(
  db: DbOrTx,
  playerId: string,
  query: { page: number; perPage: number; isSettled?: boolean | undefined },
): Promise<{ tickets: (TicketRow & { items: TicketItemRow[] })[]; totalRows: number }> {
  const conditions: SQL[] = [eq(sportsbookTickets.playerId, playerId)];
  if (query.isSettled !== undefined) conditions.push(eq(sportsbookTickets.settled, query.isSettled));
  const where = and(...conditions);
  const [tickets, [total]] = await Promise.all([
    db
      .select()
      .from(sportsbookTickets)
      .where(where)
      .orderBy(desc(sportsbookTickets.createdAt), desc(sportsbookTickets.roundId))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(sportsbookTickets).where(where),
  ]);
  const items = tickets.length
    ? await db
        .select()
        .from(sportsbookTicketItems)
        .where(
          inArray(
            sportsbookTicketItems.roundId,
            tickets.map((t) => t.roundId),
          ),
        )
        .orderBy(asc(sportsbookTicketItems.roundId), asc(sportsbookTicketItems.position))
    : [];
  const itemsOf = new Map<string, TicketItemRow[]>();
  for (const item of items) itemsOf.set(item.roundId, [...(itemsOf.get(item.roundId) ?? []), item]);
  return {
    tickets: tickets.map((ticket) => ({ ...ticket, items: itemsOf.get(ticket.roundId) ?? [] })),
    totalRows: Number(total?.n ?? 0),
  };
}
