import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  BASE_CURRENCY,
  EVENT_VERSIONS,
  pageMeta,
  toMajor,
  type EventMap,
  type LoyaltyAccount,
  type LoyaltyLevel,
  type LoyaltyLevelInput,
  type LoyaltyLevelsQuery,
  type LoyaltyRate,
} from '@casino/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { noteEnqueued } from '../../outbox/index.ts';
import { createReadCache, noReadCache, type ReadCache } from '../../lib/read-cache.ts';
import { subunitOf, toBaseMinor } from '../settings/index.ts';
import { loyaltyAccounts, loyaltyLevelRewards, loyaltyLevels, loyaltyRates } from './tables.ts';

export type PointsAward = {
  playerId: string;
  points: bigint;
  /** What earned them (`round:<id>`, `quest:<id>:<n>`, `tournament:<id>:<place>`): each key counts once per player. */
  sourceKey: string;
};

type LevelRow = typeof loyaltyLevels.$inferSelect;

/** The levels in order (position ascending). */
export function levelRows(db: DbOrTx): Promise<LevelRow[]> {
  return db.select().from(loyaltyLevels).orderBy(asc(loyaltyLevels.position));
}

/** The level `points` reach: the last (by points) whose threshold they meet; null with no levels (or none at 0). */
export function levelAt(levels: readonly LevelRow[], points: bigint): LevelRow | null {
  let reached: LevelRow | null = null;
  for (const level of levels)
    if (level.points <= points && (!reached || level.points >= reached.points)) reached = level;
  return reached;
}

export const wireLevel = (level: LevelRow): LoyaltyLevel => ({
  id: level.id,
  name: level.name,
  order: level.position,
  points: Number(level.points),
});

type AccountFields = { id: string; playerId: string; points: bigint; createdAt: Date; updatedAt: Date | null };

/** An account as the wire shows it, its levels found in `levels` (null when no level exists yet). */
export function wireAccount(account: AccountFields, levels: readonly LevelRow[]): LoyaltyAccount | null {
  const current = levelAt(levels, account.points);
  if (!current) return null;
  const next = levels.filter((l) => l.points > current.points).sort((a, b) => (a.points < b.points ? -1 : 1))[0];
  return {
    id: account.id,
    playerId: account.playerId,
    points: Number(account.points),
    currentLevel: wireLevel(current),
    nextLevel: next ? wireLevel(next) : null,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt?.toISOString() ?? null,
  };
}

/** Points to credit: a fixed number (`points`), or a stake in the base currency priced by its game type's rate. */
type Credit = { playerId: string; sourceKey: string } & ({ points: bigint } | { baseMinor: bigint; gameType: string });

type Credited = {
  id: string;
  player_id: string;
  points: string;
  added: string;
  created_at: string | Date;
  updated_at: string | Date | null;
};

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Credits each award once per (player, source key), in two statements whatever their number: one
 * inserts the point entries (a key already counted inserts nothing), prices stakes by their game type's
 * rate, adds each player's sum to the account (opened on the way) and sets its level; the other writes
 * one `loyalty.account.updated` event per account that changed (`level` when it reached another level).
 * Answers the source keys counted now.
 */
export async function creditPoints(tx: DbOrTx, credits: readonly Credit[]): Promise<Set<string>> {
  if (credits.length === 0) return new Set();
  const input = credits.map((c) => ({
    player_id: c.playerId,
    source_key: c.sourceKey,
    ...('points' in c
      ? { points: c.points.toString() }
      : { base_minor: c.baseMinor.toString(), game_type: c.gameType }),
  }));
  const credited = await rowsOf<Credited & { keys: string[] }>(
    tx,
    sql`
      with input as (
        select i.player_id, i.source_key,
               coalesce(i.points, (i.base_minor * r.points) / nullif(r.per_minor, 0)) as points
        from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          as i(player_id uuid, source_key text, points bigint, base_minor bigint, game_type text)
        left join loyalty_rates r on r.game_type = i.game_type
      ),
      entries as (
        insert into loyalty_point_entries (player_id, source_key, points)
        select player_id, source_key, points from input where points > 0
        on conflict do nothing
        returning player_id, source_key, points
      ),
      sums as (
        select player_id, sum(points)::bigint as added, array_agg(source_key) as keys from entries group by player_id
      ),
      accounts as (
        insert into loyalty_accounts (player_id, points, level_id, updated_at)
        select s.player_id, s.added,
               (select l.id from loyalty_levels l where l.points <= s.added order by l.points desc limit 1), now()
        from sums s
        on conflict (player_id) do update
          set points = loyalty_accounts.points + excluded.points,
              level_id = (select l.id from loyalty_levels l
                          where l.points <= loyalty_accounts.points + excluded.points order by l.points desc limit 1),
              updated_at = now()
        returning id, player_id, points, created_at, updated_at
      )
      select a.id, a.player_id, a.points::text as points, s.added::text as added, s.keys, a.created_at, a.updated_at
      from accounts a join sums s using (player_id)`,
  );
  if (credited.length === 0) return new Set();
  forgetAccounts(credited.map((r) => r.player_id));
  const levels = await levelRows(tx);
  const events: EventMap['loyalty.account.updated'][] = [];
  for (const row of credited) {
    const points = BigInt(row.points);
    const level = levelAt(levels, points);
    if (!level) continue; // no levels yet: nothing to tell
    const previousOrder = levelAt(levels, points - BigInt(row.added))?.position ?? 0;
    events.push({
      playerId: row.player_id,
      accountId: row.id,
      change: level.position > previousOrder ? 'level' : 'balance',
      points: row.points,
      levelOrder: level.position,
      previousOrder,
      createdAt: asDate(row.created_at).toISOString(),
      updatedAt: row.updated_at ? asDate(row.updated_at).toISOString() : null,
    });
  }
  if (events.length > 0) {
    // One statement for the batch's events (`enqueue` writes one row a call).
    await tx.execute(sql`
      insert into outbox (event, v, payload)
      select 'loyalty.account.updated', ${EVENT_VERSIONS['loyalty.account.updated']}, e
      from jsonb_array_elements(${JSON.stringify(events)}::jsonb) e`);
    noteEnqueued();
  }
  return new Set(credited.flatMap((row) => row.keys.map((key) => `${row.player_id}|${key}`)));
}

/**
 * Adds points to the player's loyalty account once per `sourceKey` (false: already counted). Runs in
 * the caller's transaction: the account reaches its level and `loyalty.account.updated` is written;
 * the loyalty lane pays the rewards of the levels passed.
 */
export async function awardPoints(tx: DbOrTx, award: PointsAward): Promise<boolean> {
  if (award.points <= 0n) return false;
  const counted = await creditPoints(tx, [
    { playerId: award.playerId, sourceKey: award.sourceKey, points: award.points },
  ]);
  return counted.size > 0;
}

/** What the loyalty lane takes from a settled round: its real stake in the base currency, priced per game type. */
export type SettledRound = Pick<
  EventMap['game.bet.settled'],
  'playerId' | 'roundId' | 'currency' | 'gameType' | 'stake'
>;

/** Points for a run of settled rounds: real stakes only (bonus money earns none), each round once. */
export async function creditRounds(tx: DbOrTx, rounds: readonly SettledRound[]): Promise<number> {
  const credits: Credit[] = [];
  const seen = new Set<string>();
  for (const round of rounds) {
    const real = BigInt(round.stake.real);
    if (real <= 0n || !round.gameType || seen.has(round.roundId)) continue;
    const baseMinor = toBaseMinor(real, round.currency);
    if (baseMinor === null || baseMinor <= 0n) continue;
    seen.add(round.roundId);
    credits.push({
      playerId: round.playerId,
      sourceKey: `round:${round.roundId}`,
      baseMinor,
      gameType: round.gameType,
    });
  }
  return (await creditPoints(tx, credits)).size;
}

/** `GET /api/retention/levels` */
export async function listLevels(db: DbOrTx, query: LoyaltyLevelsQuery) {
  const column = query.sortBy === 'points' ? loyaltyLevels.points : loyaltyLevels.position;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(loyaltyLevels)
      .orderBy(query.sortOrder === 'desc' ? desc(column) : asc(column))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(loyaltyLevels),
  ]);
  return { data: rows.map(wireLevel), meta: pageMeta(query.page, query.perPage, count?.n ?? 0) };
}

/** The player's account (opened at 0 points on the first look); 404 while no level exists. */
/**
 * The header shows the player's level on every page load. On the embedded database a node remembers
 * each account as shown: it is the only node, and every credit forgets the player's (and a new set of
 * levels all of them) inside the writer's transaction, which a read cannot overtake there (PGlite runs
 * a query only between transactions). On PostgreSQL nothing is remembered: the read is the database
 * server's work, and several nodes write.
 */
const accountCaches = new Set<ReadCache<LoyaltyAccount>>();
let levelsVersion = 0;
export function loyaltyAccountCache(kind: 'pglite' | 'postgres'): { cache: ReadCache<LoyaltyAccount>; close(): void } {
  const cache =
    kind === 'pglite'
      ? createReadCache<LoyaltyAccount>({ maxAgeMs: 60_000, maxEntries: 20_000 })
      : noReadCache<LoyaltyAccount>();
  accountCaches.add(cache);
  return { cache, close: () => void accountCaches.delete(cache) };
}
function forgetAccounts(playerIds: string[]): void {
  for (const cache of accountCaches) for (const id of playerIds) cache.forget(`${levelsVersion}:${id}`);
}

/**
 * The levels as the pushes show them: read at most once a second by this node (every real-money bet
 * pushes its player's account), and at once after this node changed them. Only a value read is kept,
 * never a read under way: a caller in one transaction must not wait on a read of another (on PGlite
 * that read waits for the transaction: a deadlock).
 */
let pushedLevels: { version: number; at: number; rows: LevelRow[] } | null = null;
export async function recentLevels(db: DbOrTx): Promise<LevelRow[]> {
  const now = Date.now();
  if (pushedLevels && pushedLevels.version === levelsVersion && now - pushedLevels.at < 1_000) return pushedLevels.rows;
  const rows = await levelRows(db);
  pushedLevels = { version: levelsVersion, at: now, rows };
  return rows;
}

/** The account an event's facts describe, as the wire shows it (null when no level exists). */
export function wireAccountOf(
  facts: Pick<EventMap['loyalty.account.updated'], 'accountId' | 'playerId' | 'points' | 'createdAt' | 'updatedAt'>,
  levels: readonly LevelRow[],
): LoyaltyAccount | null {
  return wireAccount(
    {
      id: facts.accountId,
      playerId: facts.playerId,
      points: BigInt(facts.points),
      createdAt: new Date(facts.createdAt),
      updatedAt: facts.updatedAt ? new Date(facts.updatedAt) : null,
    },
    levels,
  );
}

/** accountOf through what this node remembers (see loyaltyAccountCache). */
export function rememberedAccountOf(db: DbOrTx, cache: ReadCache<LoyaltyAccount>, playerId: string) {
  return cache.get(`${levelsVersion}:${playerId}`, () => accountOf(db, playerId));
}

export async function accountOf(db: DbOrTx, playerId: string): Promise<LoyaltyAccount> {
  const levels = await levelRows(db);
  let [row] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, playerId));
  if (!row) {
    await db
      .insert(loyaltyAccounts)
      .values({ playerId, points: 0n, levelId: levelAt(levels, 0n)?.id ?? null })
      .onConflictDoNothing();
    [row] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, playerId));
  }
  const account = row ? wireAccount(row, levels) : null;
  if (!account) throw notFound('The loyalty programme has no levels yet');
  return account;
}

/** The earning rates, for the "how to earn" modal: points per amount of the base currency (major units). */
export async function listRates(db: DbOrTx): Promise<LoyaltyRate[]> {
  const rows = await db.select().from(loyaltyRates).orderBy(asc(loyaltyRates.gameType));
  const subunit = subunitOf(BASE_CURRENCY);
  return rows.map((r) => ({
    gameType: r.gameType,
    points: r.points,
    perAmount: toMajor(r.perMinor, subunit),
    currency: BASE_CURRENCY,
  }));
}

/** Sets a game type's rate: `points` for every `perMinor` minor units of the base currency (0 points: none). */
export async function setRate(db: DbOrTx, gameType: string, points: number, perMinor: bigint) {
  await db
    .insert(loyaltyRates)
    .values({ gameType, points, perMinor })
    .onConflictDoUpdate({ target: loyaltyRates.gameType, set: { points, perMinor } });
}

/**
 * Replaces the levels by a file's (in its order): a level of the same name keeps its id (accounts and
 * paid rewards refer to it); a level left out is removed unless a reward of it was paid. Every account's
 * level is then set again from its points (no level-up is told nor rewarded for that).
 */
export async function replaceLevels(tx: Tx, input: readonly LoyaltyLevelInput[]): Promise<LevelRow[]> {
  levelsVersion++;
  const existing = await levelRows(tx);
  const names = new Set(input.map((l) => l.name));
  const removed = existing.filter((l) => !names.has(l.name));
  if (removed.length > 0) {
    const paid = await rowsOf<{ name: string }>(
      tx,
      sql`select distinct l.name from loyalty_level_rewards r join loyalty_levels l on l.id = r.level_id
          where r.level_id in (${sql.join(
            removed.map((l) => sql`${l.id}::uuid`),
            sql`, `,
          )})`,
    );
    if (paid.length > 0)
      throw conflict(
        `Rewards of ${paid.map((p) => `"${p.name}"`).join(', ')} were paid: keep those levels in the file`,
      );
  }
  await tx.update(loyaltyAccounts).set({ levelId: null });
  for (const level of removed) await tx.delete(loyaltyLevels).where(eq(loyaltyLevels.id, level.id));
  // Positions are unique: move the kept ones out of the way first.
  await tx.update(loyaltyLevels).set({ position: sql`-${loyaltyLevels.position} - 1000` });
  for (const [i, level] of input.entries())
    await tx
      .insert(loyaltyLevels)
      .values({
        name: level.name,
        position: i + 1,
        points: BigInt(level.points),
        rewardBonus: level.rewardBonus ?? null,
      })
      .onConflictDoUpdate({
        target: loyaltyLevels.name,
        set: { position: i + 1, points: BigInt(level.points), rewardBonus: level.rewardBonus ?? null },
      });
  await tx.execute(sql`
    update loyalty_accounts a set level_id =
      (select l.id from loyalty_levels l where l.points <= a.points order by l.points desc limit 1)`);
  return levelRows(tx);
}

/** The rewards of the levels an account passed (orders in `(previousOrder, order]`) not yet recorded for the player. */
export async function rewardsDue(db: DbOrTx, playerId: string, previousOrder: number, order: number) {
  return rowsOf<{ level_id: string; name: string; reward_bonus: string }>(
    db,
    sql`select l.id as level_id, l.name, l.reward_bonus from loyalty_levels l
        where l.position > ${previousOrder} and l.position <= ${order} and l.reward_bonus is not null
          and not exists (select 1 from loyalty_level_rewards r where r.player_id = ${playerId}::uuid and r.level_id = l.id)
        order by l.position`,
  );
}

/** Claims a level's reward for the player: true once, for whoever claims it first (the row's key decides). */
export async function claimReward(db: DbOrTx, playerId: string, levelId: string, result: string): Promise<boolean> {
  const [claimed] = await db
    .insert(loyaltyLevelRewards)
    .values({ playerId, levelId, result })
    .onConflictDoNothing()
    .returning({ levelId: loyaltyLevelRewards.levelId });
  return Boolean(claimed);
}

export async function setRewardResult(db: DbOrTx, playerId: string, levelId: string, result: string) {
  await db
    .update(loyaltyLevelRewards)
    .set({ result })
    .where(
      sql`${loyaltyLevelRewards.playerId} = ${playerId}::uuid and ${loyaltyLevelRewards.levelId} = ${levelId}::uuid`,
    );
}
