import { ErrorCode, toMajor, type Cashback, type CashbackResponse, type CashbackRunning } from '@casino/contracts';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { atomic } from '../../db/atomic.ts';
import { rowsOf } from '../../db/rows.ts';
import { DomainError, fieldError } from '../../lib/errors.ts';
import { withTransaction, type UnitOfWorkContext } from '../../outbox/index.ts';
import { activeExclusion } from '../limits/index.ts';
import { bonusConsent } from '../player/index.ts';
import { subunitOf } from '../settings/index.ts';
import { issueOffer } from './offer.ts';
import type { BonusRules } from './service.ts';
import { bonusDefinitions, cashbackPayouts, playerBonuses } from './tables.ts';

/**
 * Cashback: a definition with `cashbackPercentage` pays that share of each period's net real-money
 * losses (real stakes − real wins, the wallet's `wallet_real_losses`) of every account in a currency it
 * offers, as a bonus of that definition with its own wagering, once the period has ended (a week runs
 * Monday to Sunday UTC and is paid from Monday 00:00; a day from midnight UTC). Exactly once per
 * account and period: the payout row (unique definition, account, period start) is inserted first and
 * the bonus is issued in the same transaction, so two nodes racing on one period issue one bonus. A
 * player who is self-excluded or cooling off at payout time, or who has not consented to bonuses when
 * the definition is a promotion, is issued nothing for that period (the row records it, bonus null).
 */

export type CashbackPeriod = 'week' | 'day';
type Period = { start: string; end: string };

const DAY_MS = 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10);
const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** The period (UTC days, end exclusive) that contains `at`. */
export function periodOf(period: CashbackPeriod, at: Date): Period {
  let start = dayStart(at);
  if (period === 'week') start = new Date(start.getTime() - ((start.getUTCDay() + 6) % 7) * DAY_MS);
  const end = new Date(start.getTime() + (period === 'week' ? 7 : 1) * DAY_MS);
  return { start: day(start), end: day(end) };
}

/** The last period that has ended by `now`. */
export function lastEndedPeriod(period: CashbackPeriod, now: Date): Period {
  const current = periodOf(period, now);
  return periodOf(period, new Date(Date.parse(current.start) - DAY_MS));
}

const periodKind = (value: string | null): CashbackPeriod => (value === 'day' ? 'day' : 'week');

type Definition = typeof bonusDefinitions.$inferSelect;

async function cashbackDefinitions(db: DbOrTx, name?: string): Promise<Definition[]> {
  const rows = await db
    .select()
    .from(bonusDefinitions)
    .where(and(isNotNull(bonusDefinitions.cashbackPercentage), eq(bonusDefinitions.enabled, true)))
    .orderBy(bonusDefinitions.createdAt);
  return name ? rows.filter((row) => row.name === name) : rows;
}

/** floor(loss × percentage / 100), capped by the definition's maximum in that currency. */
export function cashbackAmount(
  definition: Pick<Definition, 'cashbackPercentage' | 'maxAmounts'>,
  currency: string,
  loss: bigint,
) {
  if (loss <= 0n) return 0n;
  const amount = (loss * BigInt(definition.cashbackPercentage ?? 0)) / 100n;
  const cap = definition.maxAmounts[currency];
  return cap !== undefined && cap > 0 && amount > BigInt(cap) ? BigInt(cap) : amount;
}

type Loss = { account_id: string; player_id: string; currency: string; net_loss: string };

const lossesOf = (db: DbOrTx, period: Period, currency: string, playerId: string | null) =>
  rowsOf<Loss>(
    db,
    sql`select account_id, player_id, currency, net_loss::text as net_loss
          from wallet_real_losses(${period.start}::date, ${period.end}::date, ${currency}::text, ${playerId}::uuid)`,
  );

export type CashbackRunResult = {
  /** Per definition and period: bonuses issued, payouts withheld (exclusion, consent, nothing to pay), failures. */
  runs: {
    definition: string;
    periodStart: string;
    periodEnd: string;
    issued: number;
    withheld: number;
    failed: number;
    busy: boolean;
  }[];
};

/**
 * Pays the cashback of the last ended period (or of the period starting `periodStart`, which must have
 * ended) of every enabled cashback definition (or the one named). `done` (per node) remembers the
 * definition/period pairs already paid in full, so the job scans each period's losses once per node.
 */
export async function runCashback(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  options: {
    now?: Date;
    periodStart?: string;
    definition?: string;
    batch?: number;
    done?: Set<string>;
    onError?: (err: unknown) => void;
    /** Tests turn the lease off to show the unique payout row alone keeps a period paid once. */
    lease?: boolean;
  } = {},
): Promise<CashbackRunResult> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? 100;
  const result: CashbackRunResult = { runs: [] };
  for (const definition of await cashbackDefinitions(ctx.db, options.definition)) {
    const period = periodToPay(periodKind(definition.cashbackPeriod), options.periodStart, now);
    const key = `${definition.id}:${period.start}`;
    if (options.done?.has(key)) continue;
    const run = {
      definition: definition.name,
      periodStart: period.start,
      periodEnd: period.end,
      issued: 0,
      withheld: 0,
      failed: 0,
      busy: false,
    };
    result.runs.push(run);

    const todo = await unpaidLosses(ctx.db, definition, period);

    for (let i = 0; i < todo.length && !run.busy; i += batch) {
      await withTransaction(ctx, async (tx) => {
        // The lease: one node at a time pays a definition's period (an advisory lock, held to commit).
        const [lease] = await rowsOf<{ locked: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(hashtextextended(${`cashback:${key}`}, 0)) as locked`,
        );
        if (options.lease !== false && !lease?.locked) {
          run.busy = true;
          return;
        }
        for (const loss of todo.slice(i, i + batch)) {
          try {
            const outcome = await atomic(tx, (step) =>
              payOne({ db: step, notifyOutbox: ctx.notifyOutbox }, rules, definition, period, loss, now),
            );
            if (outcome === 'issued') run.issued += 1;
            else if (outcome === 'withheld') run.withheld += 1;
          } catch (err) {
            run.failed += 1;
            options.onError?.(err);
          }
        }
      });
    }
    if (!run.busy && run.failed === 0) options.done?.add(key);
  }
  return result;
}

/** The period asked for (it must start a period of this kind and have ended), or else the last ended one. */
function periodToPay(kind: CashbackPeriod, periodStart: string | undefined, now: Date): Period {
  let period: Period;
  if (periodStart) {
    period = periodOf(kind, new Date(`${periodStart}T00:00:00Z`));
    if (period.start !== periodStart)
      throw fieldError('periodStart', `${periodStart} does not start a ${kind} (a week starts on a Monday)`);
    if (Date.parse(`${period.end}T00:00:00Z`) > now.getTime())
      throw fieldError('periodStart', `The ${kind} from ${period.start} has not ended yet`);
  } else period = lastEndedPeriod(kind, now);
  return period;
}

/** The period's losses in the definition's currencies of the accounts not paid yet, by account id. */
async function unpaidLosses(db: DbOrTx, definition: Definition, period: Period): Promise<Loss[]> {
  const paid = new Set(
    (
      await db
        .select({ accountId: cashbackPayouts.accountId })
        .from(cashbackPayouts)
        .where(and(eq(cashbackPayouts.definitionId, definition.id), eq(cashbackPayouts.periodStart, period.start)))
    ).map((row) => row.accountId),
  );
  const todo: Loss[] = [];
  for (const currency of Object.keys(definition.amounts))
    for (const loss of await lossesOf(db, period, currency, null)) if (!paid.has(loss.account_id)) todo.push(loss);
  // One order on every node: two runs racing wait on each other's rows in the same order (no deadlock).
  todo.sort((a, b) => (a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : 0));
  return todo;
}

/**
 * One account's cashback for one period: the payout row first (a second run, or a node racing this
 * one, inserts nothing and issues nothing), then the bonus, in the caller's transaction.
 */
async function payOne(
  ctx: { db: DbOrTx; notifyOutbox(): void },
  rules: BonusRules,
  definition: Definition,
  period: Period,
  loss: Loss,
  now: Date,
): Promise<'issued' | 'withheld' | 'paid_already'> {
  const netLoss = BigInt(loss.net_loss);
  const amount = cashbackAmount(definition, loss.currency, netLoss);
  const [payout] = await ctx.db
    .insert(cashbackPayouts)
    .values({
      definitionId: definition.id,
      playerId: loss.player_id,
      accountId: loss.account_id,
      periodStart: period.start,
      periodEnd: period.end,
      netLossMinor: netLoss,
      amountMinor: amount,
      createdAt: now,
    })
    .onConflictDoNothing({
      target: [cashbackPayouts.definitionId, cashbackPayouts.accountId, cashbackPayouts.periodStart],
    })
    .returning({ id: cashbackPayouts.id });
  if (!payout) return 'paid_already';
  if (amount <= 0n) return 'withheld';
  if (await activeExclusion(ctx.db, loss.player_id, now)) return 'withheld';
  // The unit of work's db is the caller's transaction here: issueBonus's own transaction is a savepoint of it.
  // Unasked: a promotional definition's cashback is withheld without the player's consent (issueOffer).
  let offer;
  try {
    offer = await issueOffer(ctx as UnitOfWorkContext, rules, {
      playerId: loss.player_id,
      definition: definition.id,
      currency: loss.currency,
      source: 'cashback',
      amountMinor: amount,
      now,
      unasked: true,
    });
  } catch (error) {
    // Closed since the losses: checked before anything is written, so the period is settled with nothing.
    if (error instanceof DomainError && error.code === ErrorCode.accountClosed) return 'withheld';
    throw error;
  }
  if (offer.kind === 'withheld') return 'withheld';
  if (offer.kind !== 'bonus') throw new Error(`The cashback "${definition.name}" is not a bonus`);
  await ctx.db.update(cashbackPayouts).set({ bonusId: offer.bonus.id }).where(eq(cashbackPayouts.id, payout.id));
  return 'issued';
}

/**
 * `GET /api/game/bonuses/cashback`: the cashback paid to the player (newest first, at most 50) and each
 * programme's running figure for the period under way, in `currency` (absent: every currency).
 */
export async function playerCashback(
  db: DbOrTx,
  playerId: string,
  currency: string | undefined,
  maxWager: number,
  now = new Date(),
): Promise<CashbackResponse> {
  const paidRows = await db
    .select({
      bonusId: playerBonuses.id,
      bonusName: playerBonuses.name,
      amountMinor: playerBonuses.amountMinor,
      currency: playerBonuses.currency,
      createdAt: cashbackPayouts.createdAt,
      periodStart: cashbackPayouts.periodStart,
      periodEnd: cashbackPayouts.periodEnd,
    })
    .from(cashbackPayouts)
    .innerJoin(playerBonuses, eq(playerBonuses.id, cashbackPayouts.bonusId))
    .where(and(eq(cashbackPayouts.playerId, playerId), currency ? eq(playerBonuses.currency, currency) : undefined))
    .orderBy(desc(cashbackPayouts.createdAt))
    .limit(50);
  const data: Cashback[] = paidRows.map((row) => ({
    bonusId: row.bonusId,
    bonusName: row.bonusName,
    amount: toMajor(row.amountMinor, subunitOf(row.currency)),
    date: row.createdAt.toISOString(),
    currency: row.currency,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
  }));

  const current: CashbackRunning[] = [];
  const consent = await bonusConsent(db, playerId);
  for (const definition of await cashbackDefinitions(db)) {
    const kind = periodKind(definition.cashbackPeriod);
    const period = periodOf(kind, now);
    const currencies = Object.keys(definition.amounts).filter((code) => !currency || code === currency);
    for (const code of currencies) {
      const [loss] = await lossesOf(db, period, code, playerId);
      if (!loss && currency === undefined) continue; // every currency: only those played in
      const netLoss = BigInt(loss?.net_loss ?? '0');
      const subunit = subunitOf(code);
      current.push({
        bonusName: definition.name,
        currency: code,
        percentage: definition.cashbackPercentage ?? 0,
        period: kind,
        wagerMultiplier: Math.min(definition.wagerMultiplier, maxWager),
        periodStart: period.start,
        periodEnd: period.end,
        netLoss: toMajor(netLoss, subunit),
        amount: toMajor(cashbackAmount(definition, code, netLoss), subunit),
        nextPayoutAt: `${period.end}T00:00:00.000Z`,
        optedIn: !definition.promotional || consent,
      });
    }
  }
  return { data, current };
}
