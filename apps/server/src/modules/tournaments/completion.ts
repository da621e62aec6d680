import { TournamentState } from '@casino/contracts';
import { and, eq, lte, gt, inArray, sql } from 'drizzle-orm';
import { atomic } from '../../db/atomic.ts';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { enqueue, withTransaction, type UnitOfWorkContext } from '../../outbox/index.ts';
import { issueOffer, offerResult, WITHHELD_NO_CONSENT, type BonusRules } from '../bonus/index.ts';
import { awardPoints } from '../loyalty/index.ts';
import { playableAccount } from '../wallet/index.ts';
import { SCORING_LANE } from './engine.ts';
import type { TournamentRow } from './service.ts';
import { tournamentAwards, tournaments } from './tables.ts';

/** A final standing, recomputed from the rounds. */
export type FinalStanding = {
  playerId: string;
  nickname: string | null;
  points: bigint;
  reachedAt: Date;
  place: number;
};

/**
 * The exact ranking from `tournament_rounds`: per player the sum (or, for `multiplier`, the best) of
 * their rounds' points, reached when the total last rose (the best first reached); ties go to who got
 * there first. The live entries follow the same rule batch by batch.
 */
export async function finalRanking(
  tx: Tx,
  tournament: Pick<TournamentRow, 'id' | 'scoring'>,
): Promise<FinalStanding[]> {
  const best = tournament.scoring === 'multiplier';
  const rows = await rowsOf<{
    player_id: string;
    nickname: string | null;
    points: string;
    reached_at: string | Date;
    rounds: number;
  }>(
    tx,
    sql`select r.player_id, p.nickname, r.points::text, r.reached_at, r.rounds from (
          select player_id, count(*)::int as rounds,
                 ${best ? sql`max(points)` : sql`sum(points)`}::int8 as points,
                 ${
                   best
                     ? sql`(array_agg(settled_at order by points desc, settled_at))[1]`
                     : sql`coalesce(max(settled_at) filter (where points > 0), min(settled_at))`
                 } as reached_at
            from tournament_rounds where tournament_id = ${tournament.id}::uuid group by player_id) r
          join players p on p.id = r.player_id
         order by r.points desc, r.reached_at asc, r.player_id asc`,
  );
  return rows.map((row, i) => ({
    playerId: row.player_id,
    nickname: row.nickname,
    points: BigInt(row.points),
    reachedAt: new Date(row.reached_at),
    place: i + 1,
  }));
}

/** Whether the scoring lane has passed every settled round written before `endAt` (no lane yet: not). */
async function scoredUpTo(tx: Tx, endAt: Date): Promise<boolean> {
  const [row] = await rowsOf<{ behind: boolean }>(
    tx,
    sql`select exists (
          select 1 from outbox o
           where o.event = 'game.bet.settled' and o.created_at < ${endAt.toISOString()}::timestamptz
             and (o.tx, o.id) > coalesce((select (c.tx, c.position) from outbox_cursors c where c.consumer = ${SCORING_LANE}),
                                         ('0'::xid8, 0::int8))) as behind`,
  );
  return !row?.behind;
}

export type CompletionResult =
  | {
      outcome: 'completed';
      tournament: TournamentRow;
      awards: { place: number; playerId: string; result: string }[];
      next: TournamentRow | null;
    }
  | { outcome: 'not-due' | 'done-already' | 'busy' | 'waiting' };

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Ends a running tournament and pays its prizes, once: under a lease (an advisory lock, any node) and
 * the tournament's row lock, the state moves to finished in the transaction that writes the awards
 * (one row per place, `ON CONFLICT DO NOTHING`), so a second run — a node racing, an operator's
 * `end` — finds it finished and pays nothing. It waits (`waiting`) until the scoring lane has counted
 * every round settled before the end, unless `force` (the operator ends it now).
 */
export async function completeTournament(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  tournamentId: string,
  options: { now?: Date; force?: boolean } = {},
): Promise<CompletionResult> {
  const now = options.now ?? new Date();
  return withTransaction(ctx, async (tx): Promise<CompletionResult> => {
    const [lease] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`tournament:${tournamentId}`}, 0)) as locked`,
    );
    if (!lease?.locked) return { outcome: 'busy' };
    const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId)).for('update');
    if (!row || (row.state !== TournamentState.running && row.state !== TournamentState.upcoming))
      return { outcome: 'done-already' };
    if (row.endAt > now) return { outcome: 'not-due' };
    if (!options.force && !(await scoredUpTo(tx, row.endAt))) return { outcome: 'waiting' };

    const ranking = await finalRanking(tx, row);
    await writeFinalEntries(tx, row.id, ranking);
    const { awards, prizes } = await awardPrizes(ctx, rules, tx, row, ranking);
    const [finished] = await tx
      .update(tournaments)
      .set({ state: TournamentState.finished, completedAt: now })
      .where(eq(tournaments.id, row.id))
      .returning();
    await enqueue(tx, 'tournament.completed', {
      tournamentId: row.id,
      identity: row.identity,
      title: row.title,
      endAt: row.endAt.toISOString(),
      prizes,
    });
    const next = row.recurrence === 'daily' && row.series ? await createNextDay(tx, row, now) : null;
    return { outcome: 'completed', tournament: finished!, awards, next };
  });
}

/** The entries become the final ranking (only those the batches left otherwise are written). */
async function writeFinalEntries(tx: Tx, tournamentId: string, ranking: FinalStanding[]): Promise<void> {
  if (ranking.length > 0)
    await tx.execute(sql`
        update tournament_entries e set points = f.points, reached_at = f.at
          from jsonb_to_recordset(${JSON.stringify(
            ranking.map((s) => ({ player: s.playerId, points: s.points.toString(), at: s.reachedAt.toISOString() })),
          )}::jsonb) as f(player uuid, points int8, at timestamptz)
         where e.tournament_id = ${tournamentId}::uuid and e.player_id = f.player
           and (e.points, e.reached_at) is distinct from (f.points, f.at)`);
}

type Prize = TournamentRow['prizes'][number];
/** A place as the completion event tells it: its prize, and who won it (a place nobody reached has no entry). */
type PlacePrize = {
  place: number;
  type: number;
  title: string;
  entry?: { playerId: string; nickname: string | null; points: string };
};

/** Every prize, in place order, paid to the standing at its place; what was paid, and each place for the event. */
async function awardPrizes(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  tx: Tx,
  row: TournamentRow,
  ranking: FinalStanding[],
): Promise<{ awards: { place: number; playerId: string; result: string }[]; prizes: PlacePrize[] }> {
  const awards: { place: number; playerId: string; result: string }[] = [];
  const prizes: PlacePrize[] = [];
  for (const prize of [...row.prizes].sort((a, b) => a.place - b.place)) {
    const winner = ranking[prize.place - 1];
    if (!winner) {
      prizes.push({ place: prize.place, type: prize.type, title: prize.title });
      continue;
    }
    const result = await claimPrize(ctx, rules, tx, row.id, prize, winner);
    if (result === null) continue;
    awards.push({ place: prize.place, playerId: winner.playerId, result });
    prizes.push({
      place: prize.place,
      type: prize.type,
      title: prize.title,
      entry: {
        playerId: winner.playerId,
        nickname: winner.nickname,
        points: winner.points.toString(),
        ...(result === WITHHELD_NO_CONSENT ? { held: 'no_bonus_consent' as const } : {}),
      },
    });
  }
  return { awards, prizes };
}

/**
 * Claims a place's award row (once: null when it was claimed already), pays the prize in a step of
 * its own and records the result (a refusal's reason when the payment failed).
 */
async function claimPrize(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  tx: Tx,
  tournamentId: string,
  prize: Prize,
  winner: FinalStanding,
): Promise<string | null> {
  const [claimed] = await tx
    .insert(tournamentAwards)
    .values({
      tournamentId,
      place: prize.place,
      playerId: winner.playerId,
      points: winner.points,
      result: 'pending',
    })
    .onConflictDoNothing()
    .returning({ place: tournamentAwards.place });
  if (!claimed) return null;
  let result: string;
  try {
    result = await atomic(tx, (step) => payPrize(ctx, rules, step, tournamentId, prize, winner));
  } catch (error) {
    // Refused (excluded since, a definition off, no such currency): the place is decided, the prize not paid.
    result = `refused: ${(error as Error).message}`.slice(0, 500);
  }
  await tx
    .update(tournamentAwards)
    .set({ result })
    .where(and(eq(tournamentAwards.tournamentId, tournamentId), eq(tournamentAwards.place, prize.place)));
  return result;
}

/** Pays one prize: loyalty points, or a bonus offer in the winner's playable account's currency. */
async function payPrize(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  step: Tx,
  tournamentId: string,
  prize: Prize,
  winner: FinalStanding,
): Promise<string> {
  if (prize.type === 3) {
    const given = await awardPoints(step, {
      playerId: winner.playerId,
      points: BigInt(prize.points ?? 0),
      sourceKey: `tournament:${tournamentId}:${prize.place}`,
    });
    return given ? `points:${prize.points}` : 'points:already';
  }
  const account = await playableAccount(step, winner.playerId, undefined);
  if (!account) throw new Error('the player has no active account');
  // A prize is a promotion the player did not ask for: withheld without their consent to bonuses.
  const offer = await issueOffer({ db: step, notifyOutbox: ctx.notifyOutbox }, rules, {
    playerId: winner.playerId,
    definition: prize.bonus!,
    currency: account.currency,
    source: 'tournament',
    unasked: true,
  });
  return offerResult(offer);
}

/**
 * The next day's tournament of a daily series: the same rules over the UTC day after (or today's,
 * when days were missed), identity `<series>-<YYYY-MM-DD>`; nothing when it exists already.
 */
async function createNextDay(tx: Tx, row: TournamentRow, now: Date): Promise<TournamentRow | null> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const start = Math.max(row.endAt.getTime(), today);
  const dayStart = Math.floor(start / DAY_MS) * DAY_MS;
  const startAt = new Date(start);
  const endAt = new Date(dayStart + DAY_MS);
  const [next] = await tx
    .insert(tournaments)
    .values({
      identity: `${row.series}-${day(dayStart)}`,
      title: row.title,
      description: row.description,
      scoring: row.scoring,
      minStakeMinor: row.minStakeMinor,
      gameIds: row.gameIds,
      collections: row.collections,
      prizes: row.prizes,
      recurrence: row.recurrence,
      series: row.series,
      startAt,
      endAt,
      state: startAt <= now ? TournamentState.running : TournamentState.upcoming,
    })
    .onConflictDoNothing({ target: tournaments.identity })
    .returning();
  return next ?? null;
}

/** Upcoming tournaments whose start has come begin; answers whether any did. */
export async function startDue(ctx: UnitOfWorkContext, now = new Date()): Promise<string[]> {
  const rows = await ctx.db
    .update(tournaments)
    .set({ state: TournamentState.running })
    .where(
      and(eq(tournaments.state, TournamentState.upcoming), lte(tournaments.startAt, now), gt(tournaments.endAt, now)),
    )
    .returning({ id: tournaments.id });
  return rows.map((r) => r.id);
}

/** Running (or never started) tournaments past their end, oldest first. */
export async function dueTournaments(ctx: UnitOfWorkContext, now = new Date()): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(inArray(tournaments.state, [TournamentState.upcoming, TournamentState.running]), lte(tournaments.endAt, now)),
    )
    .orderBy(tournaments.endAt);
  return rows.map((r) => r.id);
}

/** One round of the job: starts what is due, ends what is due (waiting for the scoring lane), in this order. */
export async function runTournamentJob(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  options: { now?: Date; onError?: (err: unknown) => void } = {},
): Promise<{ started: string[]; completed: CompletionResult[] }> {
  const now = options.now ?? new Date();
  const started = await startDue(ctx, now);
  const completed: CompletionResult[] = [];
  for (const id of await dueTournaments(ctx, now)) {
    try {
      completed.push(await completeTournament(ctx, rules, id, { now }));
    } catch (err) {
      options.onError?.(err);
    }
  }
  return { started, completed };
}
