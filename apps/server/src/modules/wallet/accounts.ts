import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode, type Account } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { atomic } from '../../db/atomic.ts';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, unprocessable } from '../../lib/errors.ts';
import { isUniqueViolation, pgErrorOf } from '../../lib/pg-errors.ts';
import { createReadCache, noReadCache, type ReadCache } from '../../lib/read-cache.ts';
import { isUuid } from '../../lib/uuid.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { currencyByCode, type CurrencyInfo } from '../settings/index.ts';
import { walletAccounts } from './tables.ts';
import { wireAccountOfRow } from './wire-account.ts';

export type WalletAccount = typeof walletAccounts.$inferSelect;

export const accountNotFound = () => new DomainError(ErrorCode.accountNotFound, 'Account not found');

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

/**
 * Serialises account changes of one player (open, switch, hide), so the "one active account" and
 * "one account per currency" rules never race. An advisory lock: the wallet locks its own notion
 * of the player, not the player module's row.
 */
async function lockPlayerAccounts(tx: DbOrTx, playerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wallet:${playerId}`}, 0))`);
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

/** Visible accounts, the active one first, then by creation, as the wire shows them (wire-account.ts). */
export async function listAccounts(db: DbOrTx, playerId: string): Promise<Account[]> {
  if (!isUuid(playerId)) return [];
  const rows = await db
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.isHidden, false)))
    .orderBy(desc(walletAccounts.isActive), asc(walletAccounts.createdAt), asc(walletAccounts.id));
  return rows.map(wireAccountOfRow);
}

/** Accounts the player hid, oldest first: their money stays, and the wallet offers to show them again. */
export async function listHiddenAccounts(db: DbOrTx, playerId: string): Promise<Account[]> {
  if (!isUuid(playerId)) return [];
  const rows = await db
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.isHidden, true)))
    .orderBy(asc(walletAccounts.createdAt), asc(walletAccounts.id));
  return rows.map(wireAccountOfRow);
}

/** The player's visible account with this id, or their active one; null when there is none. */
export async function playableAccount(
  db: DbOrTx,
  playerId: string,
  accountId: string | undefined,
): Promise<WalletAccount | null> {
  if (accountId !== undefined && !isUuid(accountId)) throw accountNotFound();
  const [account] = await db
    .select()
    .from(walletAccounts)
    .where(
      and(
        eq(walletAccounts.playerId, playerId),
        eq(walletAccounts.isHidden, false),
        accountId !== undefined ? eq(walletAccounts.id, accountId) : eq(walletAccounts.isActive, true),
      ),
    );
  return account ?? null;
}

/** An account by its id (whoever owns it), or null. */
export async function accountById(db: DbOrTx, accountId: string): Promise<WalletAccount | null> {
  if (!isUuid(accountId)) return null;
  const [account] = await db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId));
  return account ?? null;
}

/** The player's account in a currency, hidden or not. */
export async function accountIn(db: DbOrTx, playerId: string, currency: string): Promise<WalletAccount | null> {
  const [account] = await db
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.currency, currency)));
  return account ?? null;
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
  if (!isUuid(playerId)) throw notFound('Player not found');
  try {
    return await atomic(db, async (tx) => {
      await lockPlayerAccounts(tx, playerId);
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
  } catch (error) {
    // The player does not exist (the foreign key says so).
    if (pgErrorOf(error)?.code === '23503') throw notFound('Player not found');
    if (isUniqueViolation(error)) {
      throw unprocessable(`You already have a ${info.code} account`, undefined, ErrorCode.accountExists);
    }
    throw error;
  }
}

export async function switchAccount(ctx: UnitOfWorkContext, playerId: string, accountId: string): Promise<Account[]> {
  return withTransaction(ctx, async (tx) => {
    await lockPlayerAccounts(tx, playerId);
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
export async function hideAccount(ctx: UnitOfWorkContext, playerId: string, accountId: string): Promise<Account[]> {
  return withTransaction(ctx, async (tx) => {
    await lockPlayerAccounts(tx, playerId);
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

/** The accounts caches of this process (one per app; tests run several), told of every balance change. */
const accountCaches = new Set<ReadCache<Account[]>>();

/**
 * A player's balances changed: their cached list is dropped at once, so their next read (on this node)
 * sees the change. Called as the change is written, inside its transaction: the cache lives only on
 * the embedded database, which runs one transaction at a time and makes every other query wait for its
 * end, so no read can fill the cache again before the change commits (or rolls back).
 */
export function forgetAccountsOf(playerId: string): void {
  for (const cache of accountCaches) cache.forget(playerId);
}

/**
 * The accounts list the player's pages ask for. On the embedded database every query runs on this
 * process's own thread, and it is the only node, so the list is kept in memory and dropped whenever
 * it changes: on every balance change written here (`forgetAccountsOf`), on every balance event this
 * node delivers (a change written by another process) and on the account changes made here. On
 * PostgreSQL the query costs this process little and other nodes change balances too, so it is read
 * each time.
 */
export function createAccountsReader(ctx: Pick<AppContext, 'db' | 'database'>) {
  const cache: ReadCache<Account[]> =
    ctx.database.kind === 'pglite' ? createReadCache({ maxAgeMs: 60_000 }) : noReadCache();
  accountCaches.add(cache);
  return {
    list: (playerId: string) => cache.get(playerId, () => listAccounts(ctx.db, playerId)),
    forget: (playerId: string) => cache.forget(playerId),
    stop: () => {
      accountCaches.delete(cache);
    },
  };
}

export type AccountsReader = ReturnType<typeof createAccountsReader>;
