import { noteChange } from '../../lib/audit-scope.ts';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { CashPeriods, ErrorCode, LimitDefinition, LimitStatus, formatMinor } from '@casino/contracts';
import { atomic } from '../../db/atomic.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { DomainError, unprocessable } from '../../lib/errors.ts';
import { accountCurrency } from '../wallet/index.ts';
import { announce, cancelOpenChanges, cancelPlayerChanges, lockPlayerLimits } from './changes.ts';
import { playerLimits, type PlayerLimitRow } from './tables.ts';

export type CashPeriod = (typeof CashPeriods)[number];
export type MoneyLimitType = typeof LimitDefinition.bet | typeof LimitDefinition.loss | typeof LimitDefinition.deposit;
export type ExclusionType = typeof LimitDefinition.selfExclusion | typeof LimitDefinition.coolingOff;

const DAY_MS = 86_400_000;
const EXCLUSIONS = [LimitDefinition.selfExclusion, LimitDefinition.coolingOff];
const MONEY_LIMITS = [LimitDefinition.bet, LimitDefinition.loss];

const inEffect = (now: Date) =>
  and(lte(playerLimits.startsAt, now), or(isNull(playerLimits.expiresAt), gt(playerLimits.expiresAt, now)));

/** The self-exclusion or cooling-off in effect, if any. */
export async function activeExclusion(db: DbOrTx, playerId: string, now = new Date()): Promise<PlayerLimitRow | null> {
  const [row] = await db
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.playerId, playerId), inArray(playerLimits.type, [...EXCLUSIONS]), inEffect(now)))
    .limit(1);
  return row ?? null;
}

/** Limits of these types in effect for one currency; of a type/period pair, the latest started one. */
function limitsInEffect(
  db: DbOrTx,
  playerId: string,
  currency: string,
  types: readonly PlayerLimitRow['type'][],
  now: Date,
): Promise<PlayerLimitRow[]> {
  return db
    .selectDistinctOn([playerLimits.type, playerLimits.period])
    .from(playerLimits)
    .where(
      and(
        eq(playerLimits.playerId, playerId),
        inArray(playerLimits.type, [...types]),
        eq(playerLimits.currency, currency),
        inEffect(now),
      ),
    )
    .orderBy(playerLimits.type, playerLimits.period, sql`${playerLimits.startsAt} desc`);
}

/** Bet and loss limits in effect for one currency. */
export const moneyLimitsInEffect = (db: DbOrTx, playerId: string, currency: string, now = new Date()) =>
  limitsInEffect(db, playerId, currency, MONEY_LIMITS, now);

/** Deposit limits in effect for one currency. */
export const depositLimitsInEffect = (db: DbOrTx, playerId: string, currency: string, now = new Date()) =>
  limitsInEffect(db, playerId, currency, [LimitDefinition.deposit], now);

/** Starts of the current UTC calendar periods (daily, weekly from Monday, monthly), as the database counts them. */
export async function periodStarts(db: DbOrTx, now: Date): Promise<Record<CashPeriod, Date>> {
  const [row] = await rowsOf<{ starts: string[] | Date[] }>(
    db,
    sql`select limits_period_starts(${now.toISOString()}::timestamptz)::text[] as starts`,
  );
  const [daily, weekly, monthly] = (row?.starts ?? []).map((s) => new Date(String(s)));
  return { daily: daily!, weekly: weekly!, monthly: monthly! };
}

/** What a refusal to play says, for the launch and the wallet alike. */
export function playRefusal(code: number, period?: string | null): DomainError {
  switch (code) {
    case ErrorCode.accountBlocked:
      return new DomainError(code, 'Your account is blocked');
    case ErrorCode.accountClosed:
      return new DomainError(code, 'This account is closed: it takes no bets');
    case ErrorCode.limitedPlayer:
      return new DomainError(code, 'Your account is limited: real-money play is not available');
    case ErrorCode.gameSelfExcluded:
      return new DomainError(code, 'You have excluded yourself from play for now');
    case ErrorCode.gameLimitReached:
      return new DomainError(code, `Your ${period ?? ''} bet limit is reached`);
    case ErrorCode.gameLossLimitReached:
      return new DomainError(code, `Your ${period ?? ''} loss limit is reached`);
    default:
      return new DomainError(code, 'Play is not possible right now');
  }
}

/**
 * Whether the player may stake money now (the database's `limits_play_refusal`, the same check every
 * bet runs), in the order the web expects: 11002, 11008, 14103, 14105, 14100, 14101. `betMinor` null (game
 * start): refused once a limit has no room left for the smallest bet.
 */
export async function assertMayPlay(
  db: DbOrTx,
  check: { playerId: string; playerStatus: number; currency: string; betMinor: bigint | null; now?: Date },
): Promise<void> {
  const now = (check.now ?? new Date()).toISOString();
  const stake = check.betMinor === null ? null : check.betMinor.toString();
  const [refusal] = await rowsOf<{ code: number | null; period: string | null }>(
    db,
    sql`select r.code, r.period
          from limits_flags(${check.playerId}::uuid, ${check.currency}, ${now}::timestamptz) f,
               limits_play_refusal(${check.playerId}::uuid, wallet_account_id(${check.playerId}::uuid, ${check.currency}),
                                   ${check.playerStatus}::integer, ${check.currency},
                                   ${stake}::bigint, ${now}::timestamptz, f.excluded, f.money) r`,
  );
  if (refusal?.code) throw playRefusal(refusal.code, refusal.period);
}

/**
 * Sets a bet, loss or deposit limit that applies at once: it replaces (ends) the one of the same type,
 * period and currency in effect, stricter or not, and drops that one's waiting change. Under the
 * player's limits lock, announced as every limit change is. The player's own new limit comes here
 * once it is known to be stricter; the operator's comes here as it is (checked by `limitAmount`).
 */
export async function setMoneyLimit(
  db: DbOrTx,
  input: { playerId: string; type: MoneyLimitType; period: CashPeriod; currency: string; amountMinor: bigint },
  now = new Date(),
): Promise<PlayerLimitRow> {
  if (input.amountMinor < 0n) throw unprocessable('The limit must not be negative');
  return atomic(db, async (tx) => {
    await lockPlayerLimits(tx, input.playerId);
    const existing = (await limitsInEffect(tx, input.playerId, input.currency, [input.type], now)).find(
      (row) => row.period === input.period,
    );
    if (existing) await cancelOpenChanges(tx, existing.id, now);
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
    await announce(tx, {
      playerId: input.playerId,
      kind: !existing ? 'added' : input.amountMinor < (existing.amountMinor ?? 0n) ? 'decreased' : 'applied',
      definition: input.type,
      period: input.period,
      currency: input.currency,
      amount: formatMinor(input.amountMinor, accountCurrency(input.currency).subunitToUnit),
      until: null,
    });
    noteChange({
      targetType: 'limit',
      targetId: row!.id,
      playerId: input.playerId,
      before: existing ? { amount: existing.amountMinor, currency: existing.currency, period: existing.period } : null,
      after: { amount: row!.amountMinor, currency: row!.currency, period: row!.period },
    });
    return row!;
  });
}

/**
 * Self-exclusion or cooling-off for `days` from now (null: for good); takes effect at once (every bet
 * checks it) and drops the player's waiting raises. Under the player's limits lock, announced as every
 * limit change is. The caller ends what else must end with it (sessions, live games), in its unit.
 */
export async function excludePlayer(
  db: DbOrTx,
  input: { playerId: string; type: ExclusionType; days: number | null; period?: string | null },
  now = new Date(),
): Promise<PlayerLimitRow> {
  const until = input.days === null ? null : new Date(now.getTime() + input.days * DAY_MS);
  return atomic(db, async (tx) => {
    await lockPlayerLimits(tx, input.playerId);
    const [limit] = await tx
      .insert(playerLimits)
      .values({
        playerId: input.playerId,
        type: input.type,
        period: null,
        status: LimitStatus.active,
        createdAt: now,
        startsAt: now,
        expiresAt: until,
      })
      .returning();
    // Money limits cannot be loosened while excluded.
    await cancelPlayerChanges(tx, input.playerId, now);
    noteChange({
      targetType: 'exclusion',
      targetId: limit!.id,
      playerId: input.playerId,
      before: null,
      after: { excluded: true, type: input.type, until: until?.toISOString() ?? null },
    });
    await announce(tx, {
      playerId: input.playerId,
      kind: 'excluded',
      definition: input.type,
      period: input.period ?? null,
      currency: null,
      amount: null,
      until: until?.toISOString() ?? null,
    });
    return limit!;
  });
}
