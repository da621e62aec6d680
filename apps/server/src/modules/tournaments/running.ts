import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { gameIdsInCollections } from '../game/index.ts';

/** A running tournament as scoring needs it: which games count, how a round scores, when. */
export type RunningTournament = {
  id: string;
  scoring: 'win' | 'multiplier' | 'stake';
  minStakeMinor: bigint | null;
  /** Null: every game counts. */
  games: ReadonlySet<string> | null;
  startAt: number;
  endAt: number;
};

export type RunningCache = {
  /** The running tournaments, read through `db` when older than the refresh interval (or invalidated). */
  get(db: DbOrTx): Promise<readonly RunningTournament[]>;
  /** The next `get` reads again (a tournament started, ended or was created on this node). */
  invalidate(): void;
};

/**
 * The running tournaments and their game sets, in memory: a settled bet on a game no running tournament
 * counts costs a set lookup, no statement. Refreshed every `refreshMs` (other nodes' changes) and at
 * once after a change on this node.
 */
export function createRunningCache(refreshMs = 5_000): RunningCache {
  let value: readonly RunningTournament[] = [];
  let loadedAt = -Infinity;
  let loading: Promise<readonly RunningTournament[]> | null = null;
  return {
    async get(db) {
      if (Date.now() - loadedAt < refreshMs) return value;
      // One read at a time; a caller in another transaction waits for it rather than reading twice.
      loading ??= load(db).finally(() => (loading = null));
      const fresh = await loading;
      value = fresh;
      loadedAt = Date.now();
      return value;
    },
    invalidate() {
      loadedAt = -Infinity;
    },
  };
}

async function load(db: DbOrTx): Promise<RunningTournament[]> {
  const rows = await rowsOf<{
    id: string;
    scoring: RunningTournament['scoring'];
    min_stake_minor: string | null;
    game_ids: string[];
    collections: string[];
    start_at: string | Date;
    end_at: string | Date;
  }>(
    db,
    sql`select id, scoring, min_stake_minor::text, game_ids, collections, start_at, end_at
          from tournaments where state = 3`,
  );
  const out: RunningTournament[] = [];
  for (const row of rows) {
    const inCollections = await gameIdsInCollections(db, row.collections);
    const all = [...row.game_ids, ...inCollections];
    out.push({
      id: row.id,
      scoring: row.scoring,
      minStakeMinor: row.min_stake_minor === null ? null : BigInt(row.min_stake_minor),
      // Collections that hold no game make a tournament no game counts for, not one every game does.
      games: row.game_ids.length === 0 && row.collections.length === 0 ? null : new Set(all),
      startAt: new Date(row.start_at).getTime(),
      endAt: new Date(row.end_at).getTime(),
    });
  }
  return out;
}
