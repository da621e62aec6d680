import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The books of the ledger (docs/books.md): every entry is a balanced transaction between the player's
 * funds and house accounts (wallet/sql/books.sql). A day is closed once it is over: each account's
 * opening, movements and closing, and per currency the trial balance and the players' liability.
 */

/** A closed day of one currency. Amounts in minor units. */
export type DayClose = {
  day: string;
  currency: string;
  /** Σ of every account's closing: zero when the books balance. */
  trialBalance: bigint;
  /** What the operator owes its players, by fund (locked: withdrawals not yet paid out). */
  liabilityReal: bigint;
  liabilityBonus: bigint;
  liabilityLocked: bigint;
  entries: number;
  /** Player accounts whose closing is not the balance their last entry left: zero when sound. */
  accountsOff: number;
  closedAt: string;
};

type CloseRow = {
  day: string;
  currency: string;
  trial_balance: string;
  liability_real: string;
  liability_bonus: string;
  liability_locked: string;
  entries: string | number;
  accounts_off: string | number;
  closed_at: string | Date;
};

const dayClose = (r: CloseRow): DayClose => ({
  day: typeof r.day === 'string' ? r.day.slice(0, 10) : new Date(r.day).toISOString().slice(0, 10),
  currency: r.currency,
  trialBalance: BigInt(r.trial_balance),
  liabilityReal: BigInt(r.liability_real),
  liabilityBonus: BigInt(r.liability_bonus),
  liabilityLocked: BigInt(r.liability_locked),
  entries: Number(r.entries),
  accountsOff: Number(r.accounts_off),
  closedAt: new Date(r.closed_at).toISOString(),
});

/** Whether a close found the books out of balance or off the wallet. */
export const closeIsOff = (close: DayClose) => close.trialBalance !== 0n || close.accountsOff !== 0;

/**
 * Closes every day not closed yet through `through` (UTC, YYYY-MM-DD), in order; with `again`, closes
 * from that day on even if it was closed (the days after take their openings from it). One closer at a
 * time on every node. Answers the closes it made.
 */
export async function closeBooks(db: DbOrTx, through: string, again?: string): Promise<DayClose[]> {
  const rows = await rowsOf<CloseRow>(
    db,
    sql`select * from wallet_close_through(${through}::date, ${again ?? null}::date) order by day, currency`,
  );
  return rows.map(dayClose);
}

/** The closes of the days in [from, to] (UTC), of one currency or all. */
export async function dayCloses(db: DbOrTx, from: string, to: string, currency?: string): Promise<DayClose[]> {
  const rows = await rowsOf<CloseRow>(
    db,
    sql`select * from ledger_day_closes where day between ${from}::date and ${to}::date
          and (${currency ?? null}::text is null or currency = ${currency ?? null})
        order by day, currency`,
  );
  return rows.map(dayClose);
}

/** Every closed day that does not balance or has player accounts off the wallet, oldest first. */
export async function offCloses(db: DbOrTx): Promise<DayClose[]> {
  const rows = await rowsOf<CloseRow>(
    db,
    sql`select * from ledger_day_closes where trial_balance <> 0 or accounts_off <> 0 order by day, currency`,
  );
  return rows.map(dayClose);
}

/** The last day closed, or null. */
export async function lastClosedDay(db: DbOrTx): Promise<string | null> {
  const [row] = await rowsOf<{ day: string | null }>(db, sql`select max(day)::text as day from ledger_day_closes`);
  return row?.day ?? null;
}

/** One line of a trial balance: a house account, or the players' fund (`player:real`…) summed. */
export type AccountBalance = { currency: string; account: string; balance: bigint; accounts: number };

/**
 * Every account's balance at the end of `day` (closed days, then the legs since), players' funds summed
 * per fund; per currency they add up to zero.
 */
export async function balancesAt(db: DbOrTx, day: string, currency?: string): Promise<AccountBalance[]> {
  const rows = await rowsOf<{ currency: string; account: string; balance: string; accounts: string | number }>(
    db,
    sql`select currency, account, sum(balance)::text as balance, count(*) as accounts
          from wallet_balances_at(${day}::date)
         where (${currency ?? null}::text is null or currency = ${currency ?? null}) and balance <> 0
         group by currency, account order by currency, account`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    account: r.account,
    balance: BigInt(r.balance),
    accounts: Number(r.accounts),
  }));
}

/** Closed days that do not balance, per currency (the /metrics gauge reads it on every scrape). */
export async function daysOff(db: DbOrTx): Promise<{ currency: string; days: number }[]> {
  const rows = await rowsOf<{ currency: string; days: string | number }>(
    db,
    sql`select currency, count(*) filter (where trial_balance <> 0 or accounts_off <> 0) as days
          from ledger_day_closes group by currency`,
  );
  return rows.map((r) => ({ currency: r.currency, days: Number(r.days) }));
}

/** A ledger entry as reconciliation reads it: its key, what moved (positive minor units), its other side. */
export type EntryLine = {
  key: string;
  kind: string;
  currency: string;
  amountMinor: bigint;
  at: string;
  counterparty: string;
};

type EntryRow = {
  key: string;
  kind: string;
  currency: string;
  amount: string;
  at: string | Date;
  counterparty: string;
};

const entryLine = (r: EntryRow): EntryLine => ({
  key: r.key,
  kind: r.kind,
  currency: r.currency,
  amountMinor: BigInt(r.amount),
  at: new Date(r.at).toISOString(),
  counterparty: r.counterparty,
});

const ENTRY_COLUMNS = sql`l.idempotency_key as key, l.kind, a.currency,
  abs(l.real_delta + l.bonus_delta + l.locked_delta)::text as amount,
  l.created_at as at, l.counterparty`;

/** The entries of UTC day `day` whose counterparty starts with `prefix` (`psp:sandbox/`, `casino:native/`). */
export async function entriesOfDay(db: DbOrTx, day: string, prefixes: readonly string[]): Promise<EntryLine[]> {
  const patterns = prefixes.map((p) => `${p.replaceAll(/[%_\\]/g, '\\$&')}%`);
  const rows = await rowsOf<EntryRow>(
    db,
    sql`select ${ENTRY_COLUMNS} from ledger_entries l join wallet_accounts a on a.id = l.account_id
         where l.created_at >= wallet_day_start(${day}::date) and l.created_at < wallet_day_start(${day}::date + 1)
           and l.counterparty like any(array(select jsonb_array_elements_text(${JSON.stringify(patterns)}::jsonb)))
         order by l.id`,
  );
  return rows.map(entryLine);
}

/** The entries of these keys, whatever their day. */
export async function entriesByKeys(db: DbOrTx, keys: readonly string[]): Promise<EntryLine[]> {
  if (keys.length === 0) return [];
  const rows = await rowsOf<EntryRow>(
    db,
    sql`select ${ENTRY_COLUMNS} from ledger_entries l join wallet_accounts a on a.id = l.account_id
         where l.idempotency_key = any(array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))`,
  );
  return rows.map(entryLine);
}
