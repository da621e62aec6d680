import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { pageMeta, toMajor, type Bet, type PageMeta, type Spin } from '@casino/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { subunitOf } from '../../settings/index.ts';
import { gameRounds } from '../play/tables.ts';
import { games } from '../catalogue/tables.ts';
import { SPORTSBOOK_GAME } from '../catalogue/seed/sportsbook-game.ts';
import { ticketPage } from '../../sportsbook/index.ts';

export type Page<T> = { data: T[]; meta: PageMeta };
type PageQuery = { page: number; perPage: number };

async function playerRounds(db: DbOrTx, conditions: SQL[], query: PageQuery) {
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ round: gameRounds, game: { id: games.id, identity: games.identity, name: games.name } })
      .from(gameRounds)
      .innerJoin(games, eq(games.id, gameRounds.gameId))
      .where(where)
      .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(gameRounds).where(where),
  ]);
  const totalRows = Number(total?.n ?? 0);
  return { rows, meta: pageMeta(query.page, query.perPage, totalRows) };
}

/**
 * The player's casino rounds, newest first (`GET /api/game/spins`): stake and payout in major units.
 * Not the sports tickets (`listBets`).
 */
export async function listSpins(db: DbOrTx, playerId: string, query: PageQuery): Promise<Page<Spin>> {
  const { rows, meta } = await playerRounds(
    db,
    [eq(gameRounds.playerId, playerId), ne(gameRounds.gameId, SPORTSBOOK_GAME.id)],
    query,
  );
  return {
    meta,
    data: rows.map(({ round, game }) => {
      const subunit = subunitOf(round.currency);
      return {
        id: round.id,
        game: game.name,
        gameIdentity: game.identity,
        amount: toMajor(round.betMinor, subunit),
        payout: toMajor(round.winMinor, subunit),
        currency: round.currency,
        createdAt: round.createdAt.toISOString(),
      };
    }),
  };
}

/**
 * The player's sports tickets (`GET /api/game/bets`), newest first: settled = closed or voided, unsettled
 * = still open. One bet per ticket (its wallet round: stake, payout and status), with its selections;
 * the coefficients are the odds (thousandths) as decimals. Casino rounds are in `listSpins`.
 */
export async function listBets(
  db: DbOrTx,
  playerId: string,
  query: PageQuery & { isSettled?: boolean | undefined },
): Promise<Page<Bet>> {
  const { tickets, totalRows } = await ticketPage(db, playerId, query);
  const rounds = tickets.length
    ? await db
        .select({ round: gameRounds, game: { id: games.id, name: games.name } })
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameId))
        .where(
          inArray(
            gameRounds.id,
            tickets.map((t) => t.roundId),
          ),
        )
    : [];
  const roundOf = new Map(rounds.map((row) => [row.round.id, row]));
  return {
    meta: pageMeta(query.page, query.perPage, totalRows),
    data: tickets.flatMap((ticket) => {
      const found = roundOf.get(ticket.roundId);
      if (!found) return [];
      const { round, game } = found;
      const subunit = subunitOf(round.currency);
      return [
        {
          id: round.id,
          game: game.name,
          gameId: game.id,
          roundId: round.providerRoundId,
          amount: toMajor(round.betMinor, subunit),
          payout: toMajor(round.winMinor, subunit),
          currency: round.currency,
          coefficient: ticket.odds / 1000,
          status: round.status,
          ticketType: ticket.ticketType,
          createdAt: ticket.createdAt.toISOString(),
          items: ticket.items.map((item) => ({
            event: item.event,
            stage: item.stage,
            discipline: item.discipline,
            tournament: item.tournament,
            eventDate: item.eventDate.toISOString(),
            market: item.market,
            outcome: item.outcome,
            coefficient: item.odds / 1000,
          })),
        },
      ];
    }),
  };
}

/** Applied stakes and wins (minor units) of a player in a currency since a moment: the reality check's figures. */
export async function playSince(
  db: DbOrTx,
  playerId: string,
  currency: string,
  since: Date,
): Promise<{ stakes: bigint; wins: bigint }> {
  const [row] = await rowsOf<{ stakes: string; wins: string }>(
    db,
    sql`select coalesce(sum(amount_minor) filter (where kind = 'bet'), 0)::text as stakes,
               coalesce(sum(amount_minor) filter (where kind = 'win'), 0)::text as wins
          from game_transactions
         where player_id = ${playerId}::uuid and currency = ${currency} and status = 'applied'
           and created_at >= ${since.toISOString()}::timestamptz`,
  );
  return { stakes: BigInt(row?.stakes ?? '0'), wins: BigInt(row?.wins ?? '0') };
}
