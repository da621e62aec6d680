import { noteChange } from '../../lib/audit-scope.ts';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode, formatMinor, scaleDigits, toMinor, type Account } from '@casino/contracts';
import { atomic } from '../../db/atomic.ts';
import { isTransaction, type DbOrTx, type Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { conflict, DomainError, fieldError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { noteEnqueued } from '../../outbox/index.ts';
import { subunitOf } from '../settings/index.ts';
import {
  accountCurrency,
  accountIn,
  accountNotFound,
  forgetAccountsOf,
  openAccount,
  type WalletAccount,
} from './accounts.ts';
import { ledgerEntries, walletAccounts } from './tables.ts';
import { wireAccountOfRow } from './wire-account.ts';

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

/** A refused debit; carries the account (wire shape) so a caller can answer with the balance. */
export class InsufficientFundsError extends DomainError {
  constructor(
    readonly account: Account,
    row: WalletAccount,
  ) {
    const balance = formatMinor(row.realBalance + row.bonusBalance, subunitOf(row.currency));
    super(ErrorCode.insufficientFunds, `Insufficient funds: the balance is ${balance} ${row.currency}`);
  }
}

/**
 * The other side of an entry (docs/books.md): a game provider (`casino:`/`sports:` + aggregator/provider),
 * a payment provider and method (`psp:provider/method`), a bonus's source (`bonus:cashback`…), the
 * operator (`adjustment`), or the player's own other fund (`internal`).
 */
export type Counterparty =
  | 'adjustment'
  | 'internal'
  | `psp:${string}/${string}`
  | `bonus:${string}`
  | `casino:${string}/${string}`
  | `sports:${string}/${string}`;

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
  /** Where the money comes from or goes to. */
  counterparty: Counterparty;
};

export type PostEntryResult = {
  /** The entry of the first request with this key (with its after-balances). */
  entry: LedgerEntry;
  /** The account as it is now. */
  account: WalletAccount;
  /** True when the key was seen before with the same request: nothing changed. */
  replayed: boolean;
};

type Posted = {
  status: 'posted' | 'replayed' | 'conflict' | 'insufficient' | 'too_large' | 'not_found';
  entry_id: string | number | null;
};

/**
 * THE way balances change: one call of the database function `wallet_post`, which locks the account
 * row, answers a replayed key with its first result (409 15002 for the same key with another
 * movement), refuses to go below zero (422 15001) or beyond what JSON states exactly (422 15016),
 * appends the ledger entry with its after-balances and enqueues `account.balance.updated`.
 */
export async function postEntry(db: DbOrTx, input: PostEntryInput): Promise<PostEntryResult> {
  if (!input.idempotencyKey || input.idempotencyKey.length > 200)
    throw new Error('idempotencyKey must be 1 to 200 characters');
  if (!input.kind) throw new Error('kind is required');
  if (!isUuid(input.accountId)) throw accountNotFound();
  const post = () =>
    rowsOf<Posted>(
      db,
      sql`select status, entry_id from wallet_post(${input.accountId}::uuid, ${input.idempotencyKey}, ${input.kind},
        ${input.realDelta.toString()}::bigint, ${(input.bonusDelta ?? 0n).toString()}::bigint,
        ${(input.lockedDelta ?? 0n).toString()}::bigint, ${JSON.stringify(input.reference ?? {})}::jsonb,
        ${input.counterparty})`,
    );
  // The same key posted at this moment on another account is a unique violation; once that commits,
  // the retry answers from it (a replay or a conflict). Inside a transaction the retry could not run.
  const [posted] = await post().catch((error: unknown) => {
    if (isUniqueViolation(error, 'ledger_entries_idempotency_key') && !isTransaction(db)) return post();
    throw error;
  });
  const status = posted?.status;
  if (status === 'not_found' || !posted) throw accountNotFound();
  const [account] = await db.select().from(walletAccounts).where(eq(walletAccounts.id, input.accountId));
  if (status === 'insufficient') throw new InsufficientFundsError(wireAccountOfRow(account!), account!);
  if (status === 'too_large')
    throw new DomainError(ErrorCode.balanceTooLarge, 'The amount is too large', {
      amount: ['The amount is too large'],
    });
  if (status === 'conflict') {
    throw conflict(
      `Transaction ${input.idempotencyKey} was already made with different details`,
      ErrorCode.duplicateTransaction,
    );
  }
  if (status === 'posted') {
    noteEnqueued();
    forgetAccountsOf(account!.playerId);
  }
  const [entry] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.id, Number(posted.entry_id)));
  return { entry: entry!, account: account!, replayed: status === 'replayed' };
}

export type CreditInput = {
  playerId: string;
  /** Major units, as typed (a string keeps every digit) or as a JSON number. */
  amount: string | number;
  currency: string;
  idempotencyKey: string;
  reason: string;
};

export type CreditResult = {
  playerId: string;
  currency: string;
  /** Major-unit decimal strings with the currency's scale, for people ("25.00"). */
  amount: string;
  balance: string;
  account: Account;
  replayed: boolean;
};

/** A positive major-unit amount in minor units of `currency`, or 422 on `amount`. */
export function positiveMinor(amount: string | number, currency: { code: string; subunitToUnit: number }): bigint {
  const minor = toMinor(amount, currency.subunitToUnit);
  if (minor === null) {
    const digits = scaleDigits(currency.subunitToUnit);
    throw fieldError('amount', `The amount must be a number with at most ${digits} decimals for ${currency.code}`);
  }
  if (minor <= 0n) throw fieldError('amount', 'The amount must be positive');
  return minor;
}

/**
 * The operator's adjustment of a player's real money, with its reason: a `credit` (the account in that
 * currency opened if missing, shown if hidden) or a `debit` (never below zero: 15001). Both are
 * transfers with the `adjustment` house account.
 */
export async function adjust(db: DbOrTx, input: CreditInput & { kind: 'credit' | 'debit' }): Promise<CreditResult> {
  const info = accountCurrency(input.currency);
  const minor = positiveMinor(input.amount, info);
  return atomic(db, async (tx) => {
    let account = isUuid(input.playerId) ? await accountIn(tx, input.playerId, info.code) : null;
    if (input.kind === 'debit' && !account) throw accountNotFound();
    // A hidden account is shown again: the player should see money the operator sends.
    if (input.kind === 'credit' && (!account || account.isHidden))
      account = await openAccount(tx, input.playerId, info.code);
    const result = await postEntry(tx, {
      accountId: account!.id,
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      realDelta: input.kind === 'credit' ? minor : -minor,
      reference: { reason: input.reason },
      counterparty: 'adjustment',
    });
    const now = result.account;
    const real = (units: bigint) => `${formatMinor(units, info.subunitToUnit)} ${info.code}`;
    const moved = result.replayed ? 0n : input.kind === 'credit' ? minor : -minor;
    noteChange({
      targetType: 'account',
      targetId: account!.id,
      playerId: input.playerId,
      before: { realBalance: real(now.realBalance - moved) },
      after: { realBalance: real(now.realBalance) },
    });
    return {
      playerId: input.playerId,
      currency: info.code,
      amount: formatMinor(minor, info.subunitToUnit),
      balance: formatMinor(now.realBalance + now.bonusBalance, info.subunitToUnit),
      account: wireAccountOfRow(now),
      replayed: result.replayed,
    };
  });
}

/** Money from the operator (adjust's credit). */
export const credit = (db: DbOrTx, input: CreditInput) => adjust(db, { ...input, kind: 'credit' });

/**
 * Takes the account's lock for the rest of the transaction: the one every balance change takes, so
 * a decision read after it (the turnover gate) is not overtaken by a change of that account.
 */
export async function lockAccount(tx: Tx, accountId: string): Promise<void> {
  await tx.execute(sql`select wallet_lock(${accountId}::uuid)`);
}
