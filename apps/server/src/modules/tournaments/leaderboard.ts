import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** A standing: points and when they were reached (ties go to who got there first). */
export type Standing = { playerId: string; points: bigint; reachedAt: Date };
export type Ranked = { playerId: string; points: bigint; place: number };
/** What the store needs of a tournament to order it. */
export type Period = { id: string; startAt: number; endAt: number };

/**
 * The live ranking of running tournaments. With Redis a sorted set per tournament (one ZADD per batch,
 * ZREVRANGE for the top, ZREVRANK for a place); embedded, the entries' rank index
 * (`tournament_entries_rank_idx`). Both follow `tournament_entries`, the truth; the final ranking is
 * recomputed from the rounds themselves.
 */
export type LeaderboardStore = {
  /** Standings just written to `tournament_entries` (through `db`, in the same transaction). */
  record(db: DbOrTx, tournament: Period, standings: readonly Standing[]): Promise<void>;
  top(db: DbOrTx, tournament: Period, n: number): Promise<Ranked[]>;
  places(db: DbOrTx, tournament: Period, playerIds: readonly string[]): Promise<Map<string, number>>;
  drop(tournamentId: string): Promise<void>;
};

/** The SQL order of a ranking; the Redis score encodes the same (see `scoreOf`). */
const ORDER = sql`points desc, reached_at asc, player_id asc`;

type EntryRow = { player_id: string; score: string; place: string | number };

/** The embedded store: the rank index answers the top and, for a few players, each place by a count. */
export function sqlLeaderboard(): LeaderboardStore {
  return {
    async record() {},
    async top(db, tournament, n) {
      const rows = await rowsOf<EntryRow>(
        db,
        // The text copy of the points has a name of its own: ORDER BY `points` would sort the text.
        sql`select player_id, points::text as score, row_number() over (order by ${ORDER}) as place
              from tournament_entries where tournament_id = ${tournament.id}::uuid
             order by ${ORDER} limit ${n}`,
      );
      return rows.map(toRanked);
    },
    async places(db, tournament, playerIds) {
      if (playerIds.length === 0) return new Map();
      const ids = `{${playerIds.join(',')}}`;
      // A count walks the index up to the player's place; past a few players one ordered pass is cheaper.
      const rows =
        playerIds.length <= 4
          ? await rowsOf<EntryRow>(
              db,
              sql`select e.player_id, e.points::text as score,
                         1 + (select count(*) from tournament_entries o
                               where o.tournament_id = e.tournament_id
                                 and (o.points > e.points
                                      or (o.points = e.points and (o.reached_at, o.player_id) < (e.reached_at, e.player_id)))) as place
                    from tournament_entries e
                   where e.tournament_id = ${tournament.id}::uuid and e.player_id = any(${ids}::uuid[])`,
            )
          : await rowsOf<EntryRow>(
              db,
              sql`select player_id, score, place from (
                    select player_id, points::text as score, row_number() over (order by ${ORDER}) as place
                      from tournament_entries where tournament_id = ${tournament.id}::uuid) ranked
                   where player_id = any(${ids}::uuid[])`,
            );
      return new Map(rows.map((row) => [row.player_id, Number(row.place)]));
    },
    async drop() {},
  };
}

const toRanked = (row: EntryRow): Ranked => ({
  playerId: row.player_id,
  points: BigInt(row.score),
  place: Number(row.place),
});

/** Bits of a Redis score that order ties (earlier first); the points take the bits above. */
const TIE_BITS = 21;
const TIE_SLOTS = 2 ** TIE_BITS;

/**
 * One double that orders as (points desc, reached first): points × 2^21 + the reaching moment's slot
 * counted back from the end. A slot is the tournament's length ÷ 2^21 (41 ms for a day). Exact for
 * points below 2^32; two players reaching equal points in the same slot are ordered by id, as the
 * final (exact) ranking would only by chance do.
 */
export function scoreOf(tournament: Period, points: bigint, reachedAt: Date): number {
  const slotMs = Math.max(1, Math.ceil((tournament.endAt - tournament.startAt) / TIE_SLOTS));
  const slot = Math.min(TIE_SLOTS - 1, Math.max(0, Math.floor((reachedAt.getTime() - tournament.startAt) / slotMs)));
  return Number(points) * TIE_SLOTS + (TIE_SLOTS - 1 - slot);
}
const pointsOf = (score: number) => BigInt(Math.floor(score / TIE_SLOTS));

const keyOf = (tournamentId: string) => `tournament:board:${tournamentId}`;
/** The set outlives the tournament by a day (the key names are the client's prefix + this). */
const ttlSec = (tournament: Period) => Math.max(3600, Math.ceil((tournament.endAt - Date.now()) / 1000) + 86_400);

/** The Redis store: a sorted set per tournament, rebuilt from `tournament_entries` when missing. */
export function redisLeaderboard(redis: Redis): LeaderboardStore {
  const rebuild = async (db: DbOrTx, tournament: Period) => {
    const rows = await rowsOf<{ player_id: string; points: string; reached_at: string | Date }>(
      db,
      sql`select player_id, points::text, reached_at from tournament_entries where tournament_id = ${tournament.id}::uuid`,
    );
    const key = keyOf(tournament.id);
    const pipeline = redis.multi().del(key);
    for (let i = 0; i < rows.length; i += 1000) {
      const args: (string | number)[] = [];
      for (const row of rows.slice(i, i + 1000))
        args.push(scoreOf(tournament, BigInt(row.points), new Date(row.reached_at)), row.player_id);
      pipeline.zadd(key, ...args);
    }
    // An empty set is no key: a marker member keeps "rebuilt, nobody yet" apart from "missing".
    pipeline.zadd(key, -1, '~').expire(key, ttlSec(tournament));
    await pipeline.exec();
  };
  const ensure = async (db: DbOrTx, tournament: Period) => {
    if ((await redis.exists(keyOf(tournament.id))) === 0) await rebuild(db, tournament);
  };
  return {
    async record(db, tournament, standings) {
      if (standings.length === 0) return;
      const key = keyOf(tournament.id);
      const args: (string | number)[] = [];
      for (const s of standings) args.push(scoreOf(tournament, s.points, s.reachedAt), s.playerId);
      // ZADD only to a set that is there: XX-less ZADD on a missing key would make a set of these alone.
      const [[, existed]] = (await redis
        .multi()
        .exists(key)
        .zadd(key, ...args)
        .exec()) as [[unknown, number]];
      // The standings are already in tournament_entries (this transaction), so the rebuild includes them.
      if (existed === 0) await rebuild(db, tournament);
    },
    async top(db, tournament, n) {
      await ensure(db, tournament);
      const flat = await redis.zrevrange(keyOf(tournament.id), 0, n, 'WITHSCORES');
      const out: Ranked[] = [];
      for (let i = 0; i < flat.length && out.length < n; i += 2) {
        if (flat[i] === '~') continue;
        out.push({ playerId: flat[i]!, points: pointsOf(Number(flat[i + 1])), place: out.length + 1 });
      }
      return out;
    },
    async places(db, tournament, playerIds) {
      if (playerIds.length === 0) return new Map();
      await ensure(db, tournament);
      const pipeline = redis.pipeline();
      for (const id of playerIds) pipeline.zrevrank(keyOf(tournament.id), id);
      const results = (await pipeline.exec()) ?? [];
      const out = new Map<string, number>();
      results.forEach(([, rank], i) => {
        if (typeof rank === 'number') out.set(playerIds[i]!, rank + 1);
      });
      return out;
    },
    async drop(tournamentId) {
      await redis.del(keyOf(tournamentId));
    },
  };
}
