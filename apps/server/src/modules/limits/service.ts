import { and, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { CashPeriods, ErrorCode, LimitDefinition, LimitStatus, PlayerStatus } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden, unprocessable } from '../../lib/errors.ts';
import { gameSessions, gameTransactions } from '../game/play/tables.ts';
import { playerLimits, type PlayerLimitRow } from './tables.ts';

export type CashPeriod = (typeof CashPeriods)[number];
export type MoneyLimitType = typeof LimitDefinition.bet | typeof LimitDefinition.loss;
export type ExclusionType = typeof LimitDefinition.selfExclusion | typeof LimitDefinition.coolingOff;

const DAY_MS = 86_400_000;

/** Start of the current UTC calendar period: today, this week (Monday), this month. */
export function periodStart(period: CashPeriod, now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (period === 'daily') return new Date(day);
  if (period === 'weekly') return new Date(day - ((now.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

const inEffect = (now: Date) =>
  and(lte(playerLimits.startsAt, now), or(isNull(playerLimits.expiresAt), gt(playerLimits.expiresAt, now)));

const EXCLUSIONS: readonly number[] = [LimitDefinition.selfExclusion, LimitDefinition.coolingOff];
const MONEY_LIMITS: readonly number[] = [LimitDefinition.bet, LimitDefinition.loss];

/** Every bet, loss, self-exclusion and cooling-off limit of the player in effect now: one query for all checks at bet time. */
export async function playLimitsInEffect(db: DbOrTx, playerId: string, now = new Date()): Promise<PlayerLimitRow[]> {
  return db
    .select()
    .from(playerLimits)
    .where(
      and(
        eq(playerLimits.playerId, playerId),
        inArray(playerLimits.type, [...EXCLUSIONS, ...MONEY_LIMITS]),
        inEffect(now),
      ),
    );
}

/** The self-exclusion or cooling-off in effect, if any. */
export async function activeExclusion(db: DbOrTx, playerId: string, now = new Date()): Promise<PlayerLimitRow | null> {
  return (await playLimitsInEffect(db, playerId, now)).find((l) => EXCLUSIONS.includes(l.type)) ?? null;
}

/** Of the money limits in `limits`, those of one currency; of a type/period pair, the latest started one. */
function moneyLimitsOf(limits: PlayerLimitRow[], currency: string): PlayerLimitRow[] {
  const latest = new Map<string, PlayerLimitRow>();
  for (const row of limits) {
    if (!MONEY_LIMITS.includes(row.type) || row.currency !== currency) continue;
    const key = `${row.type}:${row.period}`;
    const seen = latest.get(key);
    if (!seen || row.startsAt > seen.startsAt) latest.set(key, row);
  }
  // Bet limits first, so the message names the one a player most likely set on purpose.
  return [...latest.values()].sort((a, b) => a.type - b.type);
}

/** Bet and loss limits in effect for one currency; of a type/period pair, the latest started one. */
export async function moneyLimitsInEffect(
  db: DbOrTx,
  playerId: string,
  currency: string,
  now = new Date(),
): Promise<PlayerLimitRow[]> {
  return moneyLimitsOf(await playLimitsInEffect(db, playerId, now), currency);
}

type Played = { bets: bigint; wins: bigint };

/**
 * Sums of applied bets and wins (minor units) in one currency since each period's start, in one
 * query. Rolled-back bets do not count.
 */
async function playedInPeriods(
  db: DbOrTx,
  playerId: string,
  currency: string,
  now: Date,
): Promise<Record<CashPeriod, Played>> {
  const starts = Object.fromEntries(CashPeriods.map((p) => [p, periodStart(p, now)])) as Record<CashPeriod, Date>;
  const earliest = new Date(Math.min(...Object.values(starts).map((d) => d.getTime())));
  const sum = (kind: 'bet' | 'win', since: Date) =>
    sql<string>`coalesce(sum(${gameTransactions.amountMinor}) filter (where ${gameTransactions.kind} = ${kind} and ${gameTransactions.createdAt} >= ${since.toISOString()}), 0)`;
  const [row] = await db
    .select({
      dailyBets: sum('bet', starts.daily),
      dailyWins: sum('win', starts.daily),
      weeklyBets: sum('bet', starts.weekly),
      weeklyWins: sum('win', starts.weekly),
      monthlyBets: sum('bet', starts.monthly),
      monthlyWins: sum('win', starts.monthly),
    })
    .from(gameTransactions)
    .where(
      and(
        eq(gameTransactions.playerId, playerId),
        eq(gameTransactions.currency, currency),
        eq(gameTransactions.status, 'applied'),
        gte(gameTransactions.createdAt, earliest),
      ),
    );
  return {
    daily: { bets: BigInt(row?.dailyBets ?? 0), wins: BigInt(row?.dailyWins ?? 0) },
    weekly: { bets: BigInt(row?.weeklyBets ?? 0), wins: BigInt(row?.weeklyWins ?? 0) },
    monthly: { bets: BigInt(row?.monthlyBets ?? 0), wins: BigInt(row?.monthlyWins ?? 0) },
  };
}

const limitReached = (type: MoneyLimitType, period: string) =>
  type === LimitDefinition.bet
    ? forbidden(`Your ${period} bet limit is reached`, ErrorCode.gameLimitReached)
    : forbidden(`Your ${period} loss limit is reached`, ErrorCode.gameLossLimitReached);

/** 11002 blocked, 14103 limited, 14105 self-excluded or cooling off (by status or by a limit in `limits`). */
export function assertNotExcluded(playerStatus: number, limits: PlayerLimitRow[]): void {
  if (playerStatus === PlayerStatus.blocked) throw forbidden('Your account is blocked', ErrorCode.accountBlocked);
  if (playerStatus === PlayerStatus.limited)
    throw forbidden('Your account is limited: real-money play is not available', ErrorCode.limitedPlayer);
  const excludedByStatus = playerStatus === PlayerStatus.selfExcluded || playerStatus === PlayerStatus.coolingOff;
  if (excludedByStatus || limits.some((l) => EXCLUSIONS.includes(l.type))) {
    throw forbidden('You have excluded yourself from play for now', ErrorCode.gameSelfExcluded);
  }
}

/**
 * Bet limit: bets in the period + this bet > limit → 14100. Loss limit: (bets − wins) in the period +
 * this bet > limit → 14101. `betMinor` null (game start): refused once a limit has no room left for
 * the smallest bet. Reads the played sums only when a money limit applies.
 */
export async function assertWithinLimits(
  db: DbOrTx,
  check: { playerId: string; currency: string; betMinor: bigint | null; limits: PlayerLimitRow[]; now: Date },
): Promise<void> {
  const limits = moneyLimitsOf(check.limits, check.currency);
  if (!limits.length) return;
  const played = await playedInPeriods(db, check.playerId, check.currency, check.now);
  const stake = check.betMinor ?? 1n;
  for (const limit of limits) {
    const sums = played[limit.period as CashPeriod];
    const used = limit.type === LimitDefinition.bet ? sums.bets : sums.bets - sums.wins;
    if (used + stake > (limit.amountMinor ?? 0n)) throw limitReached(limit.type as MoneyLimitType, limit.period ?? '');
  }
}

/** Whether the player may stake money now, in the order the web expects: 14103, 14105, 14100, 14101. */
export async function assertMayPlay(
  db: DbOrTx,
  check: { playerId: string; playerStatus: number; currency: string; betMinor: bigint | null; now?: Date },
): Promise<void> {
  const now = check.now ?? new Date();
  const limits = await playLimitsInEffect(db, check.playerId, now);
  assertNotExcluded(check.playerStatus, limits);
  await assertWithinLimits(db, { ...check, limits, now });
}

/**
 * Sets an operator bet or loss limit that applies at once: it replaces (ends) the one of the same
 * type, period and currency in effect.
 */
export async function setMoneyLimit(
  db: DbOrTx,
  input: { playerId: string; type: MoneyLimitType; period: CashPeriod; currency: string; amountMinor: bigint },
): Promise<PlayerLimitRow> {
  if (input.amountMinor < 0n) throw unprocessable('The limit must not be negative');
  return db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(playerLimits)
      .set({ expiresAt: now })
      .where(
        and(
          eq(playerLimits.playerId, input.playerId),
          eq(playerLimits.type, input.type),
          eq(playerLimits.period, input.period),
          eq(playerLimits.currency, input.currency),
          or(isNull(playerLimits.expiresAt), gt(playerLimits.expiresAt, now)),
        ),
      );
    const [row] = await tx
      .insert(playerLimits)
      .values({ ...input, status: LimitStatus.active, createdAt: now, startsAt: now })
      .returning();
    return row!;
  });
}

/**
 * Self-exclusion or cooling-off for `days` from now; takes effect at once and closes the player's
 * live game sessions, so an open game cannot bet any more.
 */
export async function excludePlayer(
  db: DbOrTx,
  input: { playerId: string; type: ExclusionType; days: number },
): Promise<{ limit: PlayerLimitRow; closedGameSessions: number }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [limit] = await tx
      .insert(playerLimits)
      .values({
        playerId: input.playerId,
        type: input.type,
        status: LimitStatus.active,
        createdAt: now,
        startsAt: now,
        expiresAt: new Date(now.getTime() + input.days * DAY_MS),
      })
      .returning();
    const closed = await closeLiveGameSessions(tx, input.playerId, now);
    return { limit: limit!, closedGameSessions: closed };
  });
}

/** Ends every open game session of the player for new bets (wins and rollbacks still settle). */
async function closeLiveGameSessions(db: DbOrTx, playerId: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(gameSessions)
    .set({ closedAt: now })
    .where(and(eq(gameSessions.playerId, playerId), isNull(gameSessions.closedAt)))
    .returning({ id: gameSessions.id });
  return rows.length;
}
