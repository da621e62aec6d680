import {
  BASE_CURRENCY,
  pageMeta,
  toMajor,
  TOURNAMENT_LEADERBOARD_SIZE,
  TournamentState,
  tournamentInputSchema,
  type Tournament,
  type TournamentInput,
  type TournamentPrize,
  type TournamentsQuery,
} from '@casino/contracts';
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { listDefinitions, WITHHELD_NO_CONSENT } from '../bonus/index.ts';
import { findGame, gameIdsInCollections } from '../game/index.ts';
import { publicName } from '../player/index.ts';
import { subunitOf } from '../settings/index.ts';
import { tournamentAwards, tournaments, type TournamentPrizeDefinition } from './tables.ts';

export type TournamentRow = typeof tournaments.$inferSelect;

const major = (minor: bigint) => toMajor(minor, subunitOf(BASE_CURRENCY));

/** Bonus definitions by name (the prizes name them), read at most once a minute, per database. */
const definitionIds = new WeakMap<DbOrTx, { at: number; byName: Map<string, string> }>();
async function definitionIdOf(db: DbOrTx, name: string | undefined): Promise<string | undefined> {
  if (!name) return undefined;
  let known = definitionIds.get(db);
  if (!known || Date.now() - known.at > 60_000 || !known.byName.has(name)) {
    known = { at: Date.now(), byName: new Map((await listDefinitions(db)).map((d) => [d.name, d.id])) };
    definitionIds.set(db, known);
  }
  return known.byName.get(name);
}

/** A tournament's general data (the same for everyone). */
export function toWire(row: TournamentRow): Tournament {
  return {
    id: row.id,
    identity: row.identity,
    title: row.title,
    description: row.description,
    type: 1,
    state: row.state,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    isAvailable: row.state === TournamentState.upcoming || row.state === TournamentState.running,
    confirmationRequired: false,
    scoring: row.scoring,
    baseCurrency: BASE_CURRENCY,
    rates: { baseCurrencyRate: 1 },
    conditions: {
      ...(row.collections.length > 0 ? { gameCollections: row.collections } : {}),
      ...(row.gameIds.length > 0 ? { gameIds: row.gameIds } : {}),
      ...(row.minStakeMinor !== null ? { minAmount: major(row.minStakeMinor), minAmountOp: 'gte' as const } : {}),
    },
    places: [...row.prizes].sort((a, b) => a.place - b.place).map(({ place, type, title }) => ({ place, type, title })),
  };
}

const ORDER = sql`case ${tournaments.state} when 3 then 0 when 2 then 1 else 2 end,
  case when ${tournaments.state} in (4, 5) then ${tournaments.endAt} end desc nulls last, ${tournaments.startAt} asc, ${tournaments.id}`;

/**
 * The winners of finished tournaments, as anyone may see them (masked names, no ids): the list shows a
 * finished tournament with its results, so the home page keeps it after it ends.
 */
async function withWinners(db: DbOrTx, list: Tournament[]): Promise<Tournament[]> {
  const finished = list.filter((t) => t.state === TournamentState.finished).map((t) => t.id);
  if (finished.length === 0) return list;
  const rows = await rowsOf<{
    tournament_id: string;
    place: number;
    points: string;
    nickname: string | null;
    email: string | null;
  }>(
    db,
    sql`select a.tournament_id, a.place, a.points::text, p.nickname, p.email
          from tournament_awards a join players p on p.id = a.player_id
         where a.tournament_id = any(${`{${finished.join(',')}}`}::uuid[])`,
  );
  const won = new Map(rows.map((r) => [`${r.tournament_id}:${r.place}`, r]));
  return list.map((t) =>
    t.state !== TournamentState.finished
      ? t
      : {
          ...t,
          prizes: t.places.map((prize) => {
            const winner = won.get(`${t.id}:${prize.place}`);
            return winner
              ? {
                  ...prize,
                  entry: {
                    nickname: publicName(winner),
                    points: Number(winner.points),
                    createdAt: t.endAt,
                    updatedAt: null,
                  },
                }
              : prize;
          }),
        },
  );
}

/**
 * `GET /api/retention/tournaments`: running first, then upcoming, then finished (newest first); a
 * finished one carries its winners (masked).
 */
export async function listTournaments(db: DbOrTx, query: TournamentsQuery) {
  const filters: SQL[] = [];
  if (query.state?.length) filters.push(inArray(tournaments.state, query.state));
  if (query.identity?.length) filters.push(inArray(tournaments.identity, query.identity));
  const where = filters.length ? and(...filters) : undefined;
  if (query.gameId) {
    // Few tournaments are on at a time: the eligible ones are picked here, then the page cut.
    const all = await db.select().from(tournaments).where(where).orderBy(ORDER).limit(500);
    const eligible: TournamentRow[] = [];
    for (const row of all) if (await counts(db, row, query.gameId)) eligible.push(row);
    const start = (query.page - 1) * query.perPage;
    return {
      data: await withWinners(db, eligible.slice(start, start + query.perPage).map(toWire)),
      meta: pageMeta(query.page, query.perPage, eligible.length),
    };
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tournaments)
      .where(where)
      .orderBy(ORDER)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(tournaments).where(where),
  ]);
  return { data: await withWinners(db, rows.map(toWire)), meta: pageMeta(query.page, query.perPage, total?.n ?? 0) };
}

/** Whether a game's rounds count in a tournament. */
async function counts(db: DbOrTx, row: TournamentRow, gameId: string): Promise<boolean> {
  if (row.gameIds.length === 0 && row.collections.length === 0) return true;
  if (row.gameIds.includes(gameId)) return true;
  return (await gameIdsInCollections(db, row.collections)).includes(gameId);
}

export async function findTournament(db: DbOrTx, idOrIdentity: string): Promise<TournamentRow | null> {
  const [row] = await db
    .select()
    .from(tournaments)
    .where(
      isUuid(idOrIdentity)
        ? or(eq(tournaments.id, idOrIdentity), eq(tournaments.identity, idOrIdentity))
        : eq(tournaments.identity, idOrIdentity),
    )
    .limit(1);
  return row ?? null;
}

type Ranked = {
  player_id: string;
  nickname: string | null;
  email: string | null;
  points: string;
  place: number;
  created_at: Date | string;
  reached_at: Date | string;
};

const RANK_ORDER = sql`e.points desc, e.reached_at asc, e.player_id asc`;

/** The top `n` of the entries (exact for a finished tournament: completion rewrote them from the rounds). */
async function topEntries(db: DbOrTx, tournamentId: string, n: number): Promise<Ranked[]> {
  const rows = await rowsOf<Ranked>(
    db,
    sql`select e.player_id, p.nickname, p.email, e.points::text, e.created_at, e.reached_at,
               row_number() over (order by ${RANK_ORDER})::int as place
          from tournament_entries e join players p on p.id = e.player_id
         where e.tournament_id = ${tournamentId}::uuid
         order by ${RANK_ORDER} limit ${n}`,
  );
  return rows.map((row) => ({ ...row, place: Number(row.place) }));
}

/** A player's points and place (null: no round of theirs counted). */
export async function playerStanding(db: DbOrTx, tournamentId: string, playerId: string) {
  const [row] = await rowsOf<{ points: string; place: string | number }>(
    db,
    sql`select e.points::text,
               1 + (select count(*) from tournament_entries o
                     where o.tournament_id = e.tournament_id
                       and (o.points > e.points
                            or (o.points = e.points and (o.reached_at, o.player_id) < (e.reached_at, e.player_id)))) as place
          from tournament_entries e where e.tournament_id = ${tournamentId}::uuid and e.player_id = ${playerId}::uuid`,
  );
  return row ? { points: Number(row.points), place: Number(row.place) } : null;
}

/**
 * `GET /api/retention/tournaments/{id}` (id or identity): the general data; to a player also their
 * standing, the prizes with who holds (or won) each place, and the top 10 — others masked, their own
 * row marked `isMe`.
 */
export async function tournamentDetail(db: DbOrTx, idOrIdentity: string, playerId: string | null): Promise<Tournament> {
  const row = await findTournament(db, idOrIdentity);
  if (!row) throw notFound('Tournament not found');
  const wire = toWire(row);
  if (!playerId) return wire;
  const places = Math.max(TOURNAMENT_LEADERBOARD_SIZE, ...row.prizes.map((p) => p.place));
  const [top, standing, awards] = await Promise.all([
    topEntries(db, row.id, places),
    playerStanding(db, row.id, playerId),
    row.state === TournamentState.finished
      ? db
          .select()
          .from(tournamentAwards)
          .where(eq(tournamentAwards.tournamentId, row.id))
          .orderBy(asc(tournamentAwards.place))
      : Promise.resolve([]),
  ]);
  const byPlace = new Map(top.map((r) => [r.place, r]));
  const awarded = new Map(awards.map((a) => [a.place, a]));
  const prizes: TournamentPrize[] = [];
  for (const prize of [...row.prizes].sort((a, b) => a.place - b.place)) {
    const holder = byPlace.get(prize.place);
    const award = awarded.get(prize.place);
    const bonusId = await definitionIdOf(db, prize.bonus);
    prizes.push({
      place: prize.place,
      type: prize.type,
      title: prize.title,
      ...(bonusId ? { bonusId } : {}),
      // The asking player's own prize, held for want of their consent to bonuses (issueOffer's rule).
      ...(award?.playerId === playerId && award.result === WITHHELD_NO_CONSENT
        ? { held: 'no_bonus_consent' as const }
        : {}),
      ...(holder && (row.state !== TournamentState.finished || award?.playerId === holder.player_id)
        ? {
            entry: {
              ...(holder.player_id === playerId ? { isMe: true } : {}),
              nickname: publicName(holder),
              points: Number(holder.points),
              createdAt: new Date(holder.created_at).toISOString(),
              updatedAt: new Date(holder.reached_at).toISOString(),
            },
          }
        : {}),
    });
  }
  return {
    ...wire,
    playerEntry: standing,
    prizes,
    // What others see of a player is masked (as in the winners feed); the asking player's row says so.
    leaderboard: top.slice(0, TOURNAMENT_LEADERBOARD_SIZE).map((r) => ({
      nickname: publicName(r),
      place: r.place,
      points: Number(r.points),
      ...(r.player_id === playerId ? { isMe: true } : {}),
    })),
  };
}

/** The prizes of an operator's file, each bonus definition checked (free spins must be a type-3 definition). */
async function checkedPrizes(db: DbOrTx, prizes: TournamentInput['prizes']): Promise<TournamentPrizeDefinition[]> {
  const definitions = new Map((await listDefinitions(db)).map((d) => [d.name, d]));
  return prizes.map((prize, i) => {
    if (prize.type === 3) return { place: prize.place, type: 3, title: prize.title, points: prize.points! };
    const definition = definitions.get(prize.bonus!);
    const field = `prizes.${i}.bonus`;
    if (!definition) throw unprocessable(`No bonus named "${prize.bonus}"`, { [field]: ['Unknown bonus definition'] });
    if ((definition.type === 3) !== (prize.type === 2))
      throw unprocessable(`"${prize.bonus}" is ${definition.type === 3 ? '' : 'not '}a free-spins definition`, {
        [field]: [
          prize.type === 2
            ? 'A free-spins prize names a free-spins definition'
            : 'A bonus prize names a bonus definition',
        ],
      });
    return { place: prize.place, type: prize.type, title: prize.title, bonus: prize.bonus! };
  });
}

/** Creates a tournament from an operator's file: running at once when its start has come. */
export async function createTournament(db: DbOrTx, input: TournamentInput, now = new Date()): Promise<TournamentRow> {
  const parsed = tournamentInputSchema.parse(input);
  const gameIds: string[] = [];
  for (const [i, game] of parsed.games.entries()) {
    const found = await findGame(db, game);
    if (!found) throw unprocessable(`Unknown game ${game}`, { [`games.${i}`]: [`Unknown game ${game}`] });
    gameIds.push(found.id);
  }
  const prizes = await checkedPrizes(db, parsed.prizes);
  const startAt = new Date(parsed.startAt);
  const endAt = new Date(parsed.endAt);
  if (endAt <= now) throw unprocessable('The tournament would have ended already', { endAt: ['In the past'] });
  const [row] = await db
    .insert(tournaments)
    .values({
      identity: parsed.identity,
      title: parsed.title,
      description: parsed.description,
      scoring: parsed.scoring,
      minStakeMinor: parsed.minStake === undefined ? null : BigInt(parsed.minStake),
      gameIds,
      collections: parsed.collections,
      prizes,
      recurrence: parsed.recurrence ?? null,
      series: parsed.series ?? null,
      startAt,
      endAt,
      state: startAt <= now ? TournamentState.running : TournamentState.upcoming,
    })
    .onConflictDoNothing({ target: tournaments.identity })
    .returning();
  if (!row) throw conflict(`A tournament "${parsed.identity}" exists already`);
  return row;
}

/** Every tournament, newest first (the operator's list). */
export const allTournaments = (db: DbOrTx) =>
  db
    .select()
    .from(tournaments)
    .orderBy(sql`${tournaments.startAt} desc`)
    .limit(200);
