import { Channel, PushEvent, TOURNAMENT_LEADERBOARD_SIZE } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { OutboxRow } from '../../outbox/index.ts';
import { publicNames } from '../player/index.ts';
import { toBaseMinor } from '../settings/index.ts';
import { redisLeaderboard, sqlLeaderboard, type LeaderboardStore, type Standing } from './leaderboard.ts';
import { createRunningCache, type RunningCache, type RunningTournament } from './running.ts';

/** The outbox lane that scores settled rounds. */
export const SCORING_LANE = 'tournaments';

type Scored = {
  t: string;
  round: string;
  player: string;
  stake: string;
  win: string;
  points: string;
  at: string;
};

/** A round's score in a tournament, or null when it does not count there (base-currency minor units). */
export function roundPoints(tournament: RunningTournament, stake: bigint, win: bigint): bigint | null {
  // Free spins (no stake) are not the player's play: they count in no tournament.
  if (stake <= 0n) return null;
  if (tournament.minStakeMinor !== null && stake < tournament.minStakeMinor) return null;
  if (tournament.scoring === 'win') return win;
  if (tournament.scoring === 'stake') return stake;
  return (win * 100n) / stake;
}

export type TournamentEngine = {
  cache: RunningCache;
  store: LeaderboardStore;
  /** The lane's batch handler for `game.bet.settled`. */
  scoreBatch(rows: readonly OutboxRow<'game.bet.settled'>[], tx: Tx): Promise<void>;
  /** Pushes the top 10 and the changed players' places of every tournament scored since the last flush. */
  flush(): Promise<void>;
  /** Forgets what was pending for a tournament (it ended). */
  forget(tournamentId: string): void;
};

/**
 * Scoring and the live leaderboard of one node. The lane (one node at a time) scores each run of
 * settled rounds with one statement and marks the tournaments it changed; a timer on this node pushes
 * them at most once a second each, however many bets came (`flush`), straight to the broker: a
 * leaderboard is a view that the next flush replaces, not an event to keep.
 */
export function createTournamentEngine(
  ctx: Pick<AppContext, 'db' | 'redis' | 'broker'>,
  onStoreError: (err: unknown) => void = () => {},
): TournamentEngine {
  const cache = createRunningCache();
  const store = ctx.redis ? redisLeaderboard(ctx.redis) : sqlLeaderboard();
  /** Per tournament: the players whose points changed, with their points. */
  const dirty = new Map<string, { period: RunningTournament; players: Map<string, bigint> }>();
  const lastTop = new Map<string, string>();
  const namesOf = publicNameCache();

  async function scoreBatch(rows: readonly OutboxRow<'game.bet.settled'>[], tx: Tx) {
    const running = await cache.get(tx);
    if (running.length === 0) return;
    const scored = scoredRounds(rows, running);
    if (scored.length === 0) return;
    const changed = await recordRounds(tx, scored);
    for (const [tournamentId, standings] of byTournament(changed)) {
      const period = running.find((t) => t.id === tournamentId)!;
      try {
        await store.record(tx, period, standings);
      } catch (err) {
        // The entries are the truth: a set that missed this batch is dropped and rebuilt from them when read.
        await store.drop(tournamentId).catch(() => {});
        onStoreError(err);
      }
      const mark = dirty.get(tournamentId) ?? { period, players: new Map() };
      for (const s of standings) mark.players.set(s.playerId, s.points);
      dirty.set(tournamentId, mark);
    }
  }

  async function flush() {
    const pending = [...dirty.values()];
    dirty.clear();
    for (const { period, players } of pending) {
      const top = await store.top(ctx.db, period, TOURNAMENT_LEADERBOARD_SIZE);
      const name = await namesOf(
        ctx.db,
        top.map((r) => r.playerId),
      );
      // Public: the masked name, never the player's id.
      const leaderboard = top.map((r) => ({
        nickname: name(r.playerId),
        place: r.place,
        points: Number(r.points),
      }));
      const json = JSON.stringify(leaderboard);
      if (lastTop.get(period.id) !== json) {
        lastTop.set(period.id, json);
        await ctx.broker.publish(Channel.tournament(period.id), {
          event: PushEvent.tournamentLeaderboardUpdated,
          leaderboard,
        });
      }
      await publishEntries(ctx, store, period, players);
    }
  }

  return {
    cache,
    store,
    scoreBatch,
    flush,
    forget(tournamentId) {
      dirty.delete(tournamentId);
      lastTop.delete(tournamentId);
    },
  };
}

/** Each tournament's score of each settled round that counts in it (a round may count in several). */
function scoredRounds(rows: readonly OutboxRow<'game.bet.settled'>[], running: readonly RunningTournament[]): Scored[] {
  const scored: Scored[] = [];
  for (const row of rows) {
    const at = row.createdAt.getTime();
    let stake: bigint | null | undefined;
    let win: bigint | null | undefined;
    for (const tournament of running) {
      if (at < tournament.startAt || at >= tournament.endAt) continue;
      if (tournament.games && !tournament.games.has(row.payload.gameId)) continue;
      if (stake === undefined) {
        const { payload } = row;
        stake = toBaseMinor(BigInt(payload.stake.real) + BigInt(payload.stake.bonus), payload.currency);
        win = toBaseMinor(BigInt(payload.win.real) + BigInt(payload.win.bonus), payload.currency);
      }
      if (stake === null || win === null || win === undefined) break;
      const points = roundPoints(tournament, stake, win);
      if (points === null) continue;
      scored.push({
        t: tournament.id,
        round: row.payload.roundId,
        player: row.payload.playerId,
        stake: stake.toString(),
        win: win.toString(),
        points: points.toString(),
        at: row.createdAt.toISOString(),
      });
    }
  }
  return scored;
}

/** The changed standings, by tournament. */
function byTournament(changed: (Standing & { tournamentId: string })[]): Map<string, Standing[]> {
  const grouped = new Map<string, Standing[]>();
  for (const change of changed) {
    const list = grouped.get(change.tournamentId) ?? [];
    list.push(change);
    grouped.set(change.tournamentId, list);
  }
  return grouped;
}

/** Public (masked) names by player id, remembered on this node: the leaderboard is public. */
function publicNameCache() {
  const nicknames = new Map<string, string>();
  return async function namesOf(db: DbOrTx, playerIds: readonly string[]) {
    const missing = playerIds.filter((id) => !nicknames.has(id));
    if (missing.length > 0) {
      if (nicknames.size > 50_000) nicknames.clear();
      for (const [id, name] of await publicNames(db, missing)) nicknames.set(id, name);
    }
    return (id: string) => nicknames.get(id) ?? 'Player';
  };
}

/** Pushes each changed player's points and place to that player's entry channel. */
async function publishEntries(
  ctx: Pick<AppContext, 'db' | 'broker'>,
  store: LeaderboardStore,
  period: RunningTournament,
  players: Map<string, bigint>,
): Promise<void> {
  const ids = [...players.keys()];
  const places = await store.places(ctx.db, period, ids);
  for (const playerId of ids) {
    const place = places.get(playerId);
    if (place === undefined) continue;
    await ctx.broker.publish(Channel.tournamentEntry(period.id, playerId), {
      event: PushEvent.tournamentPlayerEntryUpdated,
      entry: { tournamentId: period.id, playerId, points: Number(players.get(playerId)!), place },
    });
  }
}

/**
 * One statement for a run of scored rounds: the rounds are recorded once (a round delivered again
 * inserts nothing, so scores nothing), and what they add goes into each player's entry — the sum, or
 * for `multiplier` the best — with `reached_at` moved to when the points last rose. Only tournaments
 * still running take rounds; the row lock (FOR SHARE) makes a completion wait for a batch in flight.
 */
async function recordRounds(tx: Tx, scored: Scored[]): Promise<(Standing & { tournamentId: string })[]> {
  const rows = await rowsOf<{ tournament_id: string; player_id: string; points: string; reached_at: string | Date }>(
    tx,
    sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(scored)}::jsonb)
            as r(t uuid, round text, player uuid, stake int8, win int8, points int8, at timestamptz)
        ),
        live as (
          select id, scoring from tournaments
           where id in (select distinct t from input) and state = 3
           for share
        ),
        recorded as (
          insert into tournament_rounds (tournament_id, round_id, player_id, stake_minor, win_minor, points, settled_at)
          select i.t, i.round, i.player, i.stake, i.win, i.points, i.at from input i join live l on l.id = i.t
          on conflict do nothing
          returning tournament_id, player_id, points, settled_at
        ),
        gained as (
          select r.tournament_id, r.player_id, count(*)::int as rounds,
                 (case when l.scoring = 'multiplier' then max(r.points) else sum(r.points) end)::int8 as points,
                 case when l.scoring = 'multiplier'
                      then (array_agg(r.settled_at order by r.points desc, r.settled_at))[1]
                      else coalesce(max(r.settled_at) filter (where r.points > 0), min(r.settled_at)) end as reached_at
            from recorded r join live l on l.id = r.tournament_id
           group by r.tournament_id, r.player_id, l.scoring
        )
        insert into tournament_entries as e (tournament_id, player_id, points, rounds, reached_at)
        select tournament_id, player_id, points, rounds, reached_at from gained
        on conflict (tournament_id, player_id) do update set
          rounds = e.rounds + excluded.rounds,
          points = case when (select scoring from live where live.id = e.tournament_id) = 'multiplier'
                        then greatest(e.points, excluded.points) else e.points + excluded.points end,
          reached_at = case when (case when (select scoring from live where live.id = e.tournament_id) = 'multiplier'
                                       then greatest(e.points, excluded.points) else e.points + excluded.points end) > e.points
                            then excluded.reached_at else e.reached_at end
        returning tournament_id, player_id, points::text, reached_at`,
  );
  return rows.map((row) => ({
    tournamentId: row.tournament_id,
    playerId: row.player_id,
    points: BigInt(row.points),
    reachedAt: new Date(row.reached_at),
  }));
}
