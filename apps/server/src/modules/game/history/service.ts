import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { pageMeta, toMajor, type Bet, type PageMeta, type Spin } from '@casino/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { subunitOf } from '../../settings/index.ts';
import { gameRounds } from '../play/tables.ts';
import { games } from '../catalogue/tables.ts';

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

/** The player's casino rounds, newest first (`GET /api/game/spins`): stake and payout in major units. */
export async function listSpins(db: DbOrTx, playerId: string, query: PageQuery): Promise<Page<Spin>> {
  const { rows, meta } = await playerRounds(db, [eq(gameRounds.playerId, playerId)], query);
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

/** payout / stake rounded half up to 2 decimals, exactly (integer arithmetic on minor units); 0 without a stake. */
export function coefficientOf(betMinor: bigint, winMinor: bigint): number {
  if (betMinor <= 0n) return 0;
  const hundredths = (winMinor * 200n + betMinor) / (2n * betMinor);
  return Number(hundredths) / 100;
}

/**
 * The wire's sportsbook-shaped bets, filled by casino rounds (`GET /api/game/bets`): settled = closed
 * rounds, unsettled = open ones. One "ticket" per round, no items.
 */
export async function listBets(
  db: DbOrTx,
  playerId: string,
  query: PageQuery & { isSettled?: boolean | undefined },
): Promise<Page<Bet>> {
  const conditions = [eq(gameRounds.playerId, playerId)];
  if (query.isSettled !== undefined) conditions.push(eq(gameRounds.closed, query.isSettled));
  const { rows, meta } = await playerRounds(db, conditions, query);
  return {
    meta,
    data: rows.map(({ round, game }) => {
      const subunit = subunitOf(round.currency);
      return {
        id: round.id,
        game: game.name,
        gameId: game.id,
        roundId: round.providerRoundId,
        amount: toMajor(round.betMinor, subunit),
        payout: toMajor(round.winMinor, subunit),
        currency: round.currency,
        coefficient: coefficientOf(round.betMinor, round.winMinor),
        status: round.status,
        ticketType: 1,
        createdAt: round.createdAt.toISOString(),
        items: [],
      };
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
