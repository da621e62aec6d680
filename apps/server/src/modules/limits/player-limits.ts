import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import {
  COOLING_OFF_PERIODS,
  CashPeriods,
  ErrorCode,
  LIMIT_CURRENCY_REQUIRED,
  LIMIT_INCREASE_DELAY_HOURS,
  LimitDefinition,
  LimitStatus,
  SELF_EXCLUSION_PERIODS,
  formatMinor,
  isExclusionDefinition,
  restrictionDays,
  toMajor,
  type CashPeriod,
  type LimitCreateBody,
  type LimitUpdateBody,
  type PlayerLimit,
  type RestrictionPeriod,
} from '@casino/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { DomainError, conflict, fieldError, notFound, unprocessable } from '../../lib/errors.ts';
import type { FindPlayer } from '../../lib/player-naming.ts';
import { isUuid } from '../../lib/uuid.ts';
import { noReadCache, type ReadCache } from '../../lib/read-cache.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { accountCurrency, playSinceDays } from '../wallet/index.ts';
import { announce, cancelOpenChanges, limitAmount, lockPlayerLimits } from './changes.ts';
import { excludePlayer, periodStarts, setMoneyLimit, type ExclusionType, type MoneyLimitType } from './service.ts';
import { limitChanges, playerLimits, type LimitChangeRow, type PlayerLimitRow } from './tables.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long the e-mailed confirmation link of a raise or removal stays valid. */
export const LIMIT_CONFIRM_TTL_MS = DAY_MS;
const NAMES: Record<number, string> = { 1: 'bet', 2: 'loss', 3: 'deposit', 4: 'self-exclusion', 5: 'cooling-off' };

/** What the limits module needs of other modules; the composition root supplies it. */
export type LimitsPorts = {
  /** Deposits (paid or still open) and paid withdrawals of a currency since a moment, minor units. */
  paymentTotals(
    db: DbOrTx,
    playerId: string,
    currency: string,
    since: Date,
  ): Promise<{ deposits: bigint; withdrawals: bigint }>;
  /** Real-money stakes and wins of a currency since a moment (the reality check; the game module's play). */
  playSince(db: DbOrTx, playerId: string, currency: string, since: Date): Promise<{ stakes: bigint; wins: bigint }>;
  /**
   * Ends the player's live games and every session of theirs, in the transaction: how many live games
   * it closed, and the sessions it ended.
   */
  endPlay(tx: Tx, playerId: string): Promise<{ games: number; sessions: string[] }>;
  /** Mails the player a link (the player's address and language are the player module's). */
  mailLimitConfirmation(
    tx: Tx,
    playerId: string,
    params: { link: string; what: string; hours: number },
  ): Promise<boolean>;
  /** The player an operator's command names (the player module's lookup). */
  playerOf: FindPlayer;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const inEffect = (now: Date) =>
  and(lte(playerLimits.startsAt, now), or(isNull(playerLimits.expiresAt), gt(playerLimits.expiresAt, now)));

function moneyOf(row: PlayerLimitRow): { period: CashPeriod; currency: string; amountMinor: bigint } {
  return { period: row.period!, currency: row.currency!, amountMinor: row.amountMinor ?? 0n };
}

const describe = (row: { type: number; period: string | null; currency: string | null }, amount: bigint | null) =>
  amount === null
    ? `removal of your ${row.period} ${NAMES[row.type]} limit`
    : `${row.period} ${NAMES[row.type]} limit of ${formatMinor(amount, accountCurrency(row.currency!).subunitToUnit)} ${row.currency}`;

/** The player's limits in effect (money limits: the latest of each type, period and currency), oldest first. */
async function limitsOf(db: DbOrTx, playerId: string, now: Date): Promise<PlayerLimitRow[]> {
  const rows = await db
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.playerId, playerId), inEffect(now)))
    .orderBy(asc(playerLimits.startsAt));
  return latestOf(rows);
}

/** limitsOf from the rows a node remembers (those not ended when read; the clock moves on, so filtered again). */
async function rememberedLimitsOf(
  db: DbOrTx,
  cache: ReadCache<PlayerLimitRow[]>,
  playerId: string,
  now: Date,
): Promise<PlayerLimitRow[]> {
  // An async function: a drizzle query is a thenable that runs again each time it is awaited.
  const rows = await cache.get(playerId, async () =>
    db
      .select()
      .from(playerLimits)
      .where(
        and(
          eq(playerLimits.playerId, playerId),
          or(isNull(playerLimits.expiresAt), gt(playerLimits.expiresAt, new Date())),
        ),
      )
      .orderBy(asc(playerLimits.startsAt)),
  );
  return latestOf(rows.filter((r) => r.startsAt <= now && (r.expiresAt === null || r.expiresAt > now)));
}

function latestOf(rows: PlayerLimitRow[]): PlayerLimitRow[] {
  // Of several money limits of one type, period and currency in effect, the one that started last counts.
  const latest = new Map<string, PlayerLimitRow>();
  for (const row of rows)
    latest.set(isExclusionDefinition(row.type) ? row.id : `${row.type}:${row.period}:${row.currency}`, row);
  return [...latest.values()];
}

async function openChangesOf(db: DbOrTx, limitIds: string[]): Promise<Map<string, LimitChangeRow>> {
  if (limitIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(limitChanges)
    .where(
      and(inArray(limitChanges.limitId, limitIds), isNull(limitChanges.appliedAt), isNull(limitChanges.cancelledAt)),
    )
    .orderBy(desc(limitChanges.requestedAt));
  const open = new Map<string, LimitChangeRow>();
  const now = Date.now();
  for (const row of rows) {
    // An unconfirmed request whose link has lapsed is as good as gone.
    if (!row.confirmedAt && now - row.requestedAt.getTime() > LIMIT_CONFIRM_TTL_MS) continue;
    if (!open.has(row.limitId)) open.set(row.limitId, row);
  }
  return open;
}

/** Staked, lost and deposited per period for each currency with a money limit (minor units). */
async function usageOf(
  db: DbOrTx,
  ports: LimitsPorts,
  playerId: string,
  rows: PlayerLimitRow[],
  now: Date,
): Promise<Map<string, bigint>> {
  const used = new Map<string, bigint>();
  const money = rows.filter((r) => !isExclusionDefinition(r.type));
  if (money.length === 0) return used;
  const starts = await periodStarts(db, now);
  for (const currency of new Set(money.map((r) => r.currency!))) {
    const play = await playTotals(db, playerId, currency, starts);
    for (const row of money.filter((r) => r.currency === currency)) {
      const period = row.period!;
      const value =
        row.type === LimitDefinition.deposit
          ? (await ports.paymentTotals(db, playerId, currency, starts[period])).deposits
          : row.type === LimitDefinition.bet
            ? play[period].stakes
            : play[period].stakes - play[period].wins;
      used.set(row.id, value > 0n ? value : 0n);
    }
  }
  return used;
}

/** Stakes and wins of a currency since each period's start. */
async function playTotals(
  db: DbOrTx,
  playerId: string,
  currency: string,
  starts: Record<CashPeriod, Date>,
): Promise<Record<CashPeriod, { stakes: bigint; wins: bigint }>> {
  // Period starts are UTC midnights: the wallet counts play per UTC day.
  const [daily, weekly, monthly] = await playSinceDays(
    db,
    playerId,
    currency,
    CashPeriods.map((p) => starts[p]),
  );
  return { daily: daily!, weekly: weekly!, monthly: monthly! };
}

function toWire(row: PlayerLimitRow, change: LimitChangeRow | undefined, used: bigint | undefined): PlayerLimit {
  const scale = row.currency ? accountCurrency(row.currency).subunitToUnit : 1;
  const amount = (minor: bigint | null | undefined) =>
    minor === null || minor === undefined ? null : toMajor(minor, scale);
  return {
    id: row.id,
    definition: row.type,
    period: row.period,
    amount: amount(row.amountMinor),
    currency: row.currency,
    status: change ? LimitStatus.pending : LimitStatus.active,
    createdAt: row.createdAt.toISOString(),
    expiredAt: row.expiresAt?.toISOString() ?? null,
    used: amount(used),
    pendingExist: change !== undefined,
    cancelProcess: change !== undefined,
    pending: change
      ? {
          id: change.id,
          amount: amount(change.amountMinor),
          period: change.period,
          confirmed: change.confirmedAt !== null,
          effectiveAt: change.runAt?.toISOString() ?? null,
          requestedAt: change.requestedAt.toISOString(),
        }
      : null,
  };
}

/** Limits as the API shows them: with what each has used this period and any change waiting. */
async function viewsOf(db: DbOrTx, ports: LimitsPorts, playerId: string, rows: PlayerLimitRow[], now: Date) {
  const [changes, used] = await Promise.all([
    openChangesOf(
      db,
      rows.map((r) => r.id),
    ),
    usageOf(db, ports, playerId, rows, now),
  ]);
  return rows.map((row) => toWire(row, changes.get(row.id), used.get(row.id)));
}

const viewOf = async (db: DbOrTx, ports: LimitsPorts, row: PlayerLimitRow, now: Date) =>
  (await viewsOf(db, ports, row.playerId, [row], now))[0]!;

/** The player's limits in effect, with what each has used this period and any change waiting. */
export async function listPlayerLimits(
  db: DbOrTx,
  ports: LimitsPorts,
  playerId: string,
  now = new Date(),
  cache: ReadCache<PlayerLimitRow[]> = noReadCache(),
): Promise<PlayerLimit[]> {
  return viewsOf(db, ports, playerId, await rememberedLimitsOf(db, cache, playerId, now), now);
}

async function oneLimit(db: DbOrTx, playerId: string, id: string, now: Date): Promise<PlayerLimitRow> {
  if (!isUuid(id)) throw notFound('Limit not found');
  const [row] = await db
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.id, id), eq(playerLimits.playerId, playerId), inEffect(now)))
    .for('update');
  if (!row) throw notFound('Limit not found');
  return row;
}

const cannotShorten = (until: Date | null) =>
  new DomainError(
    ErrorCode.forbidden,
    until
      ? `Your exclusion runs until ${until.toISOString()}; it cannot be shortened or lifted early`
      : 'Your exclusion has no end; it cannot be lifted',
  );

export type CreateOutcome = { limit: PlayerLimit; endedSessions: string[] };

/**
 * Adds a limit. A money limit applies at once; one of the same type, period and currency is replaced
 * only by a stricter one (raising goes through `updatePlayerLimit`). An exclusion starts at once, ends
 * every session and live game of the player, and can only be lengthened.
 */
export async function addPlayerLimit(
  ctx: UnitOfWorkContext,
  ports: LimitsPorts,
  playerId: string,
  body: LimitCreateBody,
  at?: Date,
): Promise<CreateOutcome> {
  if (isExclusionDefinition(body.definition)) return exclude(ctx, ports, playerId, body, at);
  if (!body.period || !(CashPeriods as readonly string[]).includes(body.period))
    throw fieldError('period', 'Choose daily, weekly or monthly');
  const period = body.period as CashPeriod;
  if (!body.currency)
    throw fieldError(
      'currency',
      body.definition === LimitDefinition.deposit
        ? LIMIT_CURRENCY_REQUIRED
        : 'Please, select the currency of the limit',
    );
  const currency = accountCurrency(body.currency).code;
  const amountMinor = limitAmount(body.amount, currency);
  return withTransaction(ctx, async (tx) => {
    await lockPlayerLimits(tx, playerId);
    // The moment is taken under the lock: one taken before it could precede a limit another request
    // committed meanwhile, which would then not count as in effect.
    const now = at ?? new Date();
    const existing = (await limitsOf(tx, playerId, now)).find(
      (r) => r.type === body.definition && r.period === period && r.currency === currency,
    );
    if (existing && amountMinor >= (existing.amountMinor ?? 0n))
      throw conflict(
        `You already have a ${period} ${NAMES[body.definition]} limit in ${currency}: change it to raise it`,
      );
    const type = body.definition as MoneyLimitType;
    const row = await setMoneyLimit(tx, { playerId, type, period, currency, amountMinor }, now);
    return { limit: await viewOf(tx, ports, row, now), endedSessions: [] };
  });
}

async function exclude(
  ctx: UnitOfWorkContext,
  ports: LimitsPorts,
  playerId: string,
  body: LimitCreateBody,
  at: Date | undefined,
): Promise<CreateOutcome> {
  const offered: readonly string[] =
    body.definition === LimitDefinition.selfExclusion ? SELF_EXCLUSION_PERIODS : COOLING_OFF_PERIODS;
  if (!body.period || !offered.includes(body.period))
    throw fieldError('period', `Choose one of: ${offered.map((p) => p.replace('_', ' ')).join(', ')}`);
  const days = restrictionDays(body.period as RestrictionPeriod);
  return withTransaction(ctx, async (tx) => {
    await lockPlayerLimits(tx, playerId);
    const now = at ?? new Date();
    const until = days === null ? null : new Date(now.getTime() + days * DAY_MS);
    const current = (await limitsOf(tx, playerId, now)).filter((r) => isExclusionDefinition(r.type));
    // An exclusion in effect is never shortened: a new one must end no sooner than every current one.
    for (const row of current) {
      if (row.expiresAt === null || (until !== null && until < row.expiresAt)) throw cannotShorten(row.expiresAt);
    }
    const type = body.definition as ExclusionType;
    const row = await excludePlayer(tx, { playerId, type, days, period: body.period }, now);
    const { sessions: endedSessions } = await ports.endPlay(tx, playerId);
    return { limit: { ...toWire(row, undefined, undefined), period: body.period! }, endedSessions };
  });
}

function assertMoneyLimit(row: PlayerLimitRow): void {
  if (isExclusionDefinition(row.type)) throw cannotShorten(row.expiresAt);
}

async function requestLooser(
  tx: Tx,
  ports: LimitsPorts,
  row: PlayerLimitRow,
  change: { period: CashPeriod; amountMinor: bigint | null },
  publicUrl: string,
  now: Date,
): Promise<void> {
  const open = await openChangesOf(tx, [row.id]);
  if (open.size > 0)
    throw conflict('A change of this limit is already waiting: cancel it first', ErrorCode.limitChangePending);
  // Lapsed, unconfirmed requests go, so the only open one is the new one.
  await cancelOpenChanges(tx, row.id, now);
  const token = randomBytes(32).toString('base64url');
  await tx.insert(limitChanges).values({
    limitId: row.id,
    playerId: row.playerId,
    amountMinor: change.amountMinor,
    period: change.period,
    confirmTokenHash: hashToken(token),
    requestedAt: now,
  });
  const mailed = await ports.mailLimitConfirmation(tx, row.playerId, {
    link: `${publicUrl}/profile/limits?confirm-limit=${token}`,
    what: describe({ ...row, period: change.period }, change.amountMinor),
    hours: LIMIT_INCREASE_DELAY_HOURS,
  });
  if (!mailed) throw unprocessable(NO_EMAIL, { amount: [NO_EMAIL] });
  await announce(tx, {
    playerId: row.playerId,
    kind: 'requested',
    definition: row.type,
    period: change.period,
    currency: row.currency,
    amount:
      change.amountMinor === null
        ? null
        : formatMinor(change.amountMinor, accountCurrency(row.currency!).subunitToUnit),
    until: null,
  });
}

/**
 * Changes a money limit: a lower amount for the same period applies at once (a waiting raise is
 * dropped); a higher amount or another period waits for the e-mail link and then 24 hours.
 */
export async function updatePlayerLimit(
  ctx: UnitOfWorkContext,
  ports: LimitsPorts,
  input: { playerId: string; id: string; body: LimitUpdateBody; publicUrl: string },
  now = new Date(),
): Promise<PlayerLimit> {
  return withTransaction(ctx, async (tx) => {
    await lockPlayerLimits(tx, input.playerId);
    const row = await oneLimit(tx, input.playerId, input.id, now);
    assertMoneyLimit(row);
    const current = moneyOf(row);
    const amountMinor = limitAmount(input.body.amount, current.currency);
    if (input.body.period === current.period && amountMinor === current.amountMinor)
      throw fieldError('amount', 'This is the limit you have');
    if (input.body.period === current.period && amountMinor < current.amountMinor) {
      await cancelOpenChanges(tx, row.id, now);
      await tx.update(playerLimits).set({ expiresAt: now }).where(eq(playerLimits.id, row.id));
      const [next] = await tx
        .insert(playerLimits)
        .values({
          ...current,
          amountMinor,
          playerId: row.playerId,
          type: row.type,
          status: LimitStatus.active,
          createdAt: now,
          startsAt: now,
        })
        .returning();
      await announce(tx, {
        playerId: row.playerId,
        kind: 'decreased',
        definition: row.type,
        period: current.period,
        currency: current.currency,
        amount: formatMinor(amountMinor, accountCurrency(current.currency).subunitToUnit),
        until: null,
      });
      return viewOf(tx, ports, next!, now);
    }
    await requestLooser(tx, ports, row, { period: input.body.period, amountMinor }, input.publicUrl, now);
    return viewOf(tx, ports, row, now);
  });
}

/**
 * DELETE on a limit: with a change waiting, cancels that change (`cancelProcess`); otherwise asks to
 * remove the limit, which waits for the e-mail link and then 24 hours. Exclusions cannot be lifted.
 */
export async function deletePlayerLimit(
  ctx: UnitOfWorkContext,
  ports: LimitsPorts,
  input: { playerId: string; id: string; publicUrl: string },
  now = new Date(),
): Promise<{ cancelled: boolean; limit: PlayerLimit }> {
  return withTransaction(ctx, async (tx) => {
    await lockPlayerLimits(tx, input.playerId);
    const row = await oneLimit(tx, input.playerId, input.id, now);
    assertMoneyLimit(row);
    const open = await openChangesOf(tx, [row.id]);
    if (open.size > 0) {
      await cancelOpenChanges(tx, row.id, now);
      await announce(tx, {
        playerId: row.playerId,
        kind: 'cancelled',
        definition: row.type,
        period: row.period,
        currency: row.currency,
        amount: null,
        until: null,
      });
    } else {
      await requestLooser(tx, ports, row, { period: moneyOf(row).period, amountMinor: null }, input.publicUrl, now);
    }
    const limit = await viewOf(tx, ports, row, now);
    return { cancelled: open.size > 0, limit };
  });
}

export const NO_EMAIL =
  'Raising or removing a limit is confirmed by e-mail: add your e-mail address to your profile first';
export const LIMIT_LINK_INVALID = 'This confirmation link is no longer valid. Ask for the change again.';

/** The e-mailed link: the change is confirmed and takes effect 24 hours from now. Only its owner may use it. */
export async function confirmLimitChange(
  ctx: UnitOfWorkContext,
  input: { playerId: string; token: string },
  now = new Date(),
): Promise<{ effectiveAt: string }> {
  return withTransaction(ctx, async (tx) => {
    const [change] = await tx
      .select()
      .from(limitChanges)
      .where(eq(limitChanges.confirmTokenHash, hashToken(input.token)))
      .for('update');
    const usable =
      change &&
      change.playerId === input.playerId &&
      !change.cancelledAt &&
      !change.appliedAt &&
      (change.confirmedAt || now.getTime() - change.requestedAt.getTime() <= LIMIT_CONFIRM_TTL_MS);
    if (!usable) throw unprocessable(LIMIT_LINK_INVALID, { token: [LIMIT_LINK_INVALID] });
    if (change.confirmedAt) return { effectiveAt: change.runAt!.toISOString() };
    const runAt = new Date(now.getTime() + LIMIT_INCREASE_DELAY_HOURS * HOUR_MS);
    await tx.update(limitChanges).set({ confirmedAt: now, runAt }).where(eq(limitChanges.id, change.id));
    await announce(tx, {
      playerId: change.playerId,
      kind: 'confirmed',
      definition: 0,
      period: change.period,
      currency: null,
      amount: null,
      until: runAt.toISOString(),
    });
    return { effectiveAt: runAt.toISOString() };
  });
}

/**
 * The limits job: applies confirmed changes whose time has come. Each round takes up to `batch` due
 * rows with `FOR UPDATE SKIP LOCKED` in one transaction, so nodes running it at once never apply one
 * twice, and a crash mid-round leaves the rows for the next. Returns how many it applied.
 */
export async function applyDueLimitChanges(ctx: UnitOfWorkContext, now = new Date(), batch = 50): Promise<number> {
  return withTransaction(ctx, async (tx) => {
    const due = await tx
      .select()
      .from(limitChanges)
      .where(and(isNull(limitChanges.appliedAt), isNull(limitChanges.cancelledAt), lte(limitChanges.runAt, now)))
      .orderBy(asc(limitChanges.runAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const change of due) {
      const [limit] = await tx.select().from(playerLimits).where(eq(playerLimits.id, change.limitId)).for('update');
      const live = limit && (limit.expiresAt === null || limit.expiresAt > now);
      if (live) {
        await tx.update(playerLimits).set({ expiresAt: now }).where(eq(playerLimits.id, limit.id));
        if (change.amountMinor !== null) {
          await tx.insert(playerLimits).values({
            playerId: limit.playerId,
            type: limit.type,
            period: change.period,
            currency: limit.currency,
            amountMinor: change.amountMinor,
            status: LimitStatus.active,
            createdAt: now,
            startsAt: now,
          });
        }
        await announce(tx, {
          playerId: limit.playerId,
          kind: 'applied',
          definition: limit.type,
          period: change.period,
          currency: limit.currency,
          amount:
            change.amountMinor === null
              ? null
              : formatMinor(change.amountMinor, accountCurrency(limit.currency!).subunitToUnit),
          until: null,
        });
      }
      await tx
        .update(limitChanges)
        .set(live ? { appliedAt: now } : { cancelledAt: now })
        .where(eq(limitChanges.id, change.id));
    }
    return due.length;
  });
}

/** Net deposits and net result of a currency for the current day, week and month (major units). */
export async function limitsSummary(
  db: DbOrTx,
  ports: LimitsPorts,
  playerId: string,
  currencyCode: string,
  now = new Date(),
) {
  const currency = accountCurrency(currencyCode);
  const starts = await periodStarts(db, now);
  const play = await playTotals(db, playerId, currency.code, starts);
  const major = (minor: bigint) => toMajor(minor, currency.subunitToUnit);
  const period = async (p: CashPeriod) => {
    const pay = await ports.paymentTotals(db, playerId, currency.code, starts[p]);
    return {
      deposits: major(pay.deposits),
      withdrawals: major(pay.withdrawals),
      netDeposits: major(pay.deposits - pay.withdrawals),
      stakes: major(play[p].stakes),
      wins: major(play[p].wins),
      netResult: major(play[p].wins - play[p].stakes),
    };
  };
  return {
    currency: currency.code,
    daily: await period('daily'),
    weekly: await period('weekly'),
    monthly: await period('monthly'),
  };
}
