import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  AccountStatus,
  Channel,
  ErrorCode,
  PushEvent,
  formatMinor,
  scaleDigits,
  toMajor,
  toMinor,
  type Account,
} from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, conflict, fieldError, notFound, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueue } from '../../outbox/outbox.ts';
import { players } from '../player/tables.ts';
import { currencyByCode, type CurrencyInfo } from '../settings/currencies.ts';
import { ledgerEntries, walletAccounts } from './tables.ts';

export type WalletAccount = typeof walletAccounts.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;

const MAX_BIGINT = 2n ** 63n - 1n;

export const accountNotFound = () => new AppError(404, ErrorCode.accountNotFound, 'Account not found');

/** Refused debit; carries the account so callers (e.g. a game provider API) can answer with the balance. */
export class InsufficientFundsError extends AppError {
  constructor(row: WalletAccount) {
    const balance = formatMinor(row.realBalance + row.bonusBalance, subunitOf(row.currency));
    super(422, ErrorCode.insufficientFunds, `Insufficient funds: the balance is ${balance} ${row.currency}`);
    this.account = toWireAccount(row);
  }
  readonly account: Account;
}

/** An enabled account currency, or 422 15004. Accepts lower case for the CLI's sake. */
export function accountCurrency(code: string): CurrencyInfo {
  const trimmed = code.trim();
  const currency = currencyByCode(trimmed) ?? currencyByCode(trimmed.toUpperCase());
  if (!currency || !currency.isEnabled) {
    throw unprocessable(
      `Currency ${trimmed} is not supported`,
      { currency: ['This currency is not supported'] },
      ErrorCode.currencyNotSupported,
    );
  }
  return currency;
}

function subunitOf(code: string): number {
  const currency = currencyByCode(code);
  // An account in a currency that left the list is a data error, not the client's.
  if (!currency) throw new Error(`account currency ${code} is not in the currency list`);
  return currency.subunitToUnit;
}

/**
 * The wire account (major units). `balance` is what can be played (real + bonus); locked money
 * (e.g. a pending withdrawal) is not. Only real money can be withdrawn.
 */
export function toWireAccount(row: WalletAccount): Account {
  const subunit = subunitOf(row.currency);
  return {
    id: row.id,
    currency: row.currency,
    status: row.isActive ? AccountStatus.active : AccountStatus.inactive,
    balance: toMajor(row.realBalance + row.bonusBalance, subunit),
    realBalance: toMajor(row.realBalance, subunit),
    bonusBalance: toMajor(row.bonusBalance, subunit),
    lockedBalance: toMajor(row.lockedBalance, subunit),
    withdrawalBalance: toMajor(row.realBalance, subunit),
  };
}

/**
 * Serialises account changes of one player (open, switch, hide), so the "one active account" and
 * "one account per currency" rules never race. NO KEY UPDATE does not block foreign-key checks.
 */
async function lockPlayer(tx: DbOrTx, playerId: string): Promise<void> {
  const [player] = isUuid(playerId)
    ? await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId)).for('no key update')
    : [];
  if (!player) throw notFound('Player not found');
}

async function ownAccount(tx: DbOrTx, playerId: string, accountId: string): Promise<WalletAccount> {
  // Ids are opaque strings on the wire: one that is not a uuid names no account (and must not reach a uuid column).
  if (!isUuid(accountId)) throw accountNotFound();
  const [account] = await tx
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.id, accountId), eq(walletAccounts.playerId, playerId)));
  if (!account) throw accountNotFound();
  return account;
}

async function deactivateAll(tx: DbOrTx, playerId: string): Promise<void> {
  await tx
    .update(walletAccounts)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.isActive, true)));
}

/** Visible accounts, the active one first, then by creation. */
export async function listAccounts(db: DbOrTx, playerId: string): Promise<Account[]> {
  const rows = await db
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.isHidden, false)))
    .orderBy(desc(walletAccounts.isActive), asc(walletAccounts.createdAt), asc(walletAccounts.id));
  return rows.map(toWireAccount);
}

/**
 * Opens the player's account in `currency` (422 15004 if not supported). An existing visible one is
 * 422 15005; a hidden one is shown again instead. The player's first account becomes active, and
 * `active: true` makes the new one active.
 */
export async function openAccount(
  db: DbOrTx,
  playerId: string,
  currency: string,
  options: { active?: boolean } = {},
): Promise<WalletAccount> {
  const info = accountCurrency(currency);
  return db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const accounts = await tx.select().from(walletAccounts).where(eq(walletAccounts.playerId, playerId));
    const existing = accounts.find((a) => a.currency === info.code);
    if (existing && !existing.isHidden) {
      throw unprocessable(
        `You already have a ${info.code} account`,
        { currency: ['An account in this currency already exists'] },
        ErrorCode.accountExists,
      );
    }
    const makeActive = options.active === true || !accounts.some((a) => a.isActive);
    if (makeActive) await deactivateAll(tx, playerId);
    if (existing) {
      const [shown] = await tx
        .update(walletAccounts)
        .set({ isHidden: false, isActive: makeActive, updatedAt: new Date() })
        .where(eq(walletAccounts.id, existing.id))
        .returning();
      return shown!;
    }
    // clock_timestamp, not the transaction's now(): accounts opened in one transaction keep their order.
    const [created] = await tx
      .insert(walletAccounts)
      .values({ playerId, currency: info.code, isActive: makeActive, createdAt: sql`clock_timestamp()` })
      .returning();
    return created!;
  });
}

export async function switchAccount(db: DbOrTx, playerId: string, accountId: string): Promise<Account[]> {
  return db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const account = await ownAccount(tx, playerId, accountId);
    if (account.isHidden) throw accountNotFound();
    if (!account.isActive) {
      await deactivateAll(tx, playerId);
      await tx
        .update(walletAccounts)
        .set({ isActive: true, updatedAt: new Date() })
        .where(eq(walletAccounts.id, account.id));
    }
    return listAccounts(tx, playerId);
  });
}

/** Hides an account from the list (its money stays; adding the currency again shows it). Hiding twice is fine. */
export async function hideAccount(db: DbOrTx, playerId: string, accountId: string): Promise<Account[]> {
  return db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const account = await ownAccount(tx, playerId, accountId);
    if (account.isActive) throw unprocessable('The active account cannot be hidden; switch to another account first');
    if (!account.isHidden) {
      await tx
        .update(walletAccounts)
        .set({ isHidden: true, updatedAt: new Date() })
        .where(eq(walletAccounts.id, account.id));
    }
    return listAccounts(tx, playerId);
  });
}

export type PostEntryInput = {
  accountId: string;
  /** Unique over the whole ledger: provider transaction id, invoice id, bonus id… with a prefix. */
  idempotencyKey: string;
  /** What the change is: credit, bet, win, deposit, withdrawal… */
  kind: string;
  /** Minor units; negative debits. */
  realDelta: bigint;
  bonusDelta?: bigint;
  lockedDelta?: bigint;
  /** Free-form context stored with the entry (not part of the request identity). */
  reference?: Record<string, unknown>;
};

export type PostEntryResult = {
  /** The entry of the first request with this key (with its after-balances). */
  entry: LedgerEntry;
  /** The account as it is now. */
  account: WalletAccount;
  /** True when the key was seen before with the same request: nothing changed. */
  replayed: boolean;
};

/** What makes two requests "the same": the money movement, not the free-form reference. */
function requestHash(input: PostEntryInput, bonusDelta: bigint, lockedDelta: bigint): string {
  const identity = [
    input.accountId,
    input.kind,
    input.realDelta.toString(),
    bonusDelta.toString(),
    lockedDelta.toString(),
  ];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

function replayOrDuplicate(existing: LedgerEntry, hash: string, key: string): LedgerEntry {
  if (existing.requestHash !== hash) {
    throw conflict(`Transaction ${key} was already made with different details`, ErrorCode.duplicateTransaction);
  }
  return existing;
}

/**
 * THE way balances change. In one transaction (a savepoint if `db` is already one): locks the account
 * row, answers a replayed key with its first result, refuses to go below zero (422 15001), updates the
 * balances, appends the ledger entry with the after-balances and enqueues `account.balance.updated`.
 * The row lock serialises concurrent postings to one account; the CHECK constraints are the last line.
 * Call `ctx.notifyOutbox()` after your commit.
 */
export async function postEntry(db: DbOrTx, input: PostEntryInput): Promise<PostEntryResult> {
  const bonusDelta = input.bonusDelta ?? 0n;
  const lockedDelta = input.lockedDelta ?? 0n;
  if (!input.idempotencyKey || input.idempotencyKey.length > 200)
    throw new Error('idempotencyKey must be 1 to 200 characters');
  if (!input.kind) throw new Error('kind is required');
  const hash = requestHash(input, bonusDelta, lockedDelta);

  return db.transaction(async (tx) => {
    if (!isUuid(input.accountId)) throw accountNotFound();
    const [account] = await tx
      .select()
      .from(walletAccounts)
      .where(eq(walletAccounts.id, input.accountId))
      .for('update');
    if (!account) throw accountNotFound();

    const findEntry = async () =>
      (await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, input.idempotencyKey)))[0];
    const earlier = await findEntry();
    if (earlier) return { entry: replayOrDuplicate(earlier, hash, input.idempotencyKey), account, replayed: true };

    const realAfter = account.realBalance + input.realDelta;
    const bonusAfter = account.bonusBalance + bonusDelta;
    const lockedAfter = account.lockedBalance + lockedDelta;
    if (realAfter < 0n || bonusAfter < 0n || lockedAfter < 0n) throw new InsufficientFundsError(account);
    if (realAfter > MAX_BIGINT || bonusAfter > MAX_BIGINT || lockedAfter > MAX_BIGINT)
      throw fieldError('amount', 'The amount is too large');

    // ON CONFLICT: the same key posted at this moment on another account (this row lock does not cover it).
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        accountId: account.id,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        kind: input.kind,
        realDelta: input.realDelta,
        bonusDelta,
        lockedDelta,
        realAfter,
        bonusAfter,
        lockedAfter,
        reference: input.reference ?? {},
      })
      .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
      .returning();
    if (!entry) {
      const raced = await findEntry();
      if (!raced) throw new Error('ledger insert conflicted but no entry was found');
      return { entry: replayOrDuplicate(raced, hash, input.idempotencyKey), account, replayed: true };
    }

    const [updated] = await tx
      .update(walletAccounts)
      .set({ realBalance: realAfter, bonusBalance: bonusAfter, lockedBalance: lockedAfter, updatedAt: sql`now()` })
      .where(eq(walletAccounts.id, account.id))
      .returning();
    if (input.realDelta !== 0n || bonusDelta !== 0n || lockedDelta !== 0n) {
      await enqueue(tx, {
        event: PushEvent.accountBalanceUpdated,
        channel: Channel.walletAccounts(account.playerId),
        payload: { event: PushEvent.accountBalanceUpdated, account: toWireAccount(updated!) },
      });
    }
    return { entry, account: updated!, replayed: false };
  });
}

export type CreditInput = {
  /** One of playerId or email names the player. */
  playerId?: string;
  email?: string;
  /** Major units, as typed (a string keeps every digit) or as a JSON number. */
  amount: string | number;
  currency: string;
  idempotencyKey: string;
  reason: string;
};

export type CreditResult = {
  playerId: string;
  email: string | null;
  currency: string;
  /** Major-unit decimal strings with the currency's scale, for people ("25.00"). */
  amount: string;
  balance: string;
  account: Account;
  replayed: boolean;
};

/** Money from the operator: finds or opens the player's account in that currency and posts a `credit` entry. */
export async function credit(db: DbOrTx, input: CreditInput): Promise<CreditResult> {
  const info = accountCurrency(input.currency);
  const minor = toMinor(input.amount, info.subunitToUnit);
  if (minor === null) {
    const digits = scaleDigits(info.subunitToUnit);
    throw fieldError('amount', `The amount must be a number with at most ${digits} decimals for ${info.code}`);
  }
  if (minor <= 0n) throw fieldError('amount', 'The amount must be positive');

  return db.transaction(async (tx) => {
    const condition = input.playerId
      ? isUuid(input.playerId)
        ? eq(players.id, input.playerId)
        : sql`false`
      : eq(players.email, (input.email ?? '').trim().toLowerCase());
    const [player] = await tx.select({ id: players.id, email: players.email }).from(players).where(condition);
    if (!player) throw input.playerId ? notFound('Player not found') : fieldError('email', 'No player with this email');

    let [account] = await tx
      .select()
      .from(walletAccounts)
      .where(and(eq(walletAccounts.playerId, player.id), eq(walletAccounts.currency, info.code)));
    // A hidden account is shown again: the player should see money the operator sends.
    if (!account || account.isHidden) account = await openAccount(tx, player.id, info.code);

    const result = await postEntry(tx, {
      accountId: account.id,
      idempotencyKey: input.idempotencyKey,
      kind: 'credit',
      realDelta: minor,
      reference: { reason: input.reason },
    });
    const now = result.account;
    return {
      playerId: player.id,
      email: player.email,
      currency: info.code,
      amount: formatMinor(result.entry.realDelta, info.subunitToUnit),
      balance: formatMinor(now.realBalance + now.bonusBalance, info.subunitToUnit),
      account: toWireAccount(now),
      replayed: result.replayed,
    };
  });
}
