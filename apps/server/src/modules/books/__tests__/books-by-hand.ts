import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { dayAfter } from '../report.ts';

/**
 * The books worked out by hand: straight sums over ledger_entries, wallet_accounts, payment_invoices
 * and players, with no function of the books (no wallet_postings, no wallet_house_account): the house
 * side of each entry is written here again from docs/books.md, so a mistake in either shows as a
 * difference. Every amount is a bigint in minor units of its row's currency.
 */

const startOf = (day: string) => sql`${day}::date::timestamp at time zone 'UTC'`;
/** Entries of UTC day `day`, as `l` joined to their account `a`. */
const onDay = (day: string) => sql`l.created_at >= ${startOf(day)} and l.created_at < ${startOf(dayAfter(day))}`;

/**
 * The house account opposite fund `fund` of an entry with counterparty `cp`: a game provider keeps real
 * and bonus money apart, a bonus's real leg is what its promotion cost and its bonus leg goes back to
 * its source, a payment provider and the operator's adjustments are themselves, the player's own moves
 * have none. Anything else is null: an unknown counterparty then shows up as books that do not add up.
 */
const houseAccount = (cp: SQL, fund: SQL) => sql`case
    when ${cp} = 'internal' then null
    when split_part(${cp}, ':', 1) in ('casino', 'sports') and ${fund} in ('real', 'bonus') then ${cp} || ':' || ${fund}
    when split_part(${cp}, ':', 1) = 'bonus' and ${fund} = 'real' then 'promotion:' || split_part(${cp}, ':', 2)
    when split_part(${cp}, ':', 1) = 'bonus' and ${fund} = 'bonus' then ${cp}
    when ${cp} like 'psp:%/%' or ${cp} = 'adjustment' then ${cp}
  end`;

/** Every leg through the end of `day`: the player's funds, and the house account opposite each. */
const legsThrough = (day: string) => sql`
  with funds as (
    select a.currency, l.counterparty, a.id as holder, f.fund, f.delta
      from ledger_entries l
      join wallet_accounts a on a.id = l.account_id
     cross join lateral (values ('real', l.real_delta), ('bonus', l.bonus_delta), ('locked', l.locked_delta)) f(fund, delta)
     where f.delta <> 0 and l.created_at < ${startOf(dayAfter(day))}
  )
  select currency, 'player:' || fund as account, holder::text as holder, delta as amount from funds
  union all
  select currency, ${houseAccount(sql`counterparty`, sql`fund`)}, null, -delta from funds
   where ${houseAccount(sql`counterparty`, sql`fund`)} is not null`;

export type BalanceLine = { currency: string; account: string; accounts: number; balance: bigint };

/** The trial balance at the end of `day`: per currency and account, the accounts holding money and their sum. */
export async function trialBalanceByHand(db: DbOrTx, day: string): Promise<BalanceLine[]> {
  const rows = await rowsOf<{ currency: string; account: string; accounts: string; balance: string }>(
    db,
    sql`with legs as (${legsThrough(day)}),
        held as (select currency, account, holder, sum(amount) as balance from legs
                  group by 1, 2, 3 having sum(amount) <> 0)
        select currency, account, count(*)::text as accounts, sum(balance)::text as balance
          from held group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => ({ ...r, accounts: Number(r.accounts), balance: BigInt(r.balance) }));
}

/** Σ of every leg per currency (players' and house's together): zero when the books balance. */
export async function legSumsByHand(db: DbOrTx, day: string): Promise<{ currency: string; sum: bigint }[]> {
  const rows = await rowsOf<{ currency: string; sum: string }>(
    db,
    sql`with legs as (${legsThrough(day)}) select currency, sum(amount)::text as sum from legs group by 1 order by 1`,
  );
  return rows.map((r) => ({ currency: r.currency, sum: BigInt(r.sum) }));
}

export type GgrLine = {
  currency: string;
  key: string;
  product: string;
  bets: number;
  stakes: bigint;
  wins: bigint;
  ggr: bigint;
};
export type GgrBy = 'product' | 'game' | 'provider';

const GGR_KEYS: Record<GgrBy, SQL> = {
  product: sql`''`,
  game: sql`coalesce(l.reference ->> 'gameIdentity', '')`,
  provider: sql`split_part(l.counterparty, ':', 2)`,
};

/**
 * GGR of `day` from the game entries themselves: real stakes (a bet takes real money, a rollback gives
 * it back) less real wins, per currency, product (casino, sports) and key.
 */
export async function ggrByHand(db: DbOrTx, day: string, by: GgrBy): Promise<GgrLine[]> {
  const rows = await rowsOf<Record<keyof GgrLine, string>>(
    db,
    sql`select a.currency, ${GGR_KEYS[by]} as key, split_part(l.counterparty, ':', 1) as product,
               count(*) filter (where l.kind = 'bet')::text as bets,
               coalesce(-sum(l.real_delta) filter (where l.kind in ('bet', 'rollback')), 0)::text as stakes,
               coalesce(sum(l.real_delta) filter (where l.kind = 'win'), 0)::text as wins,
               (-sum(l.real_delta))::text as ggr
          from ledger_entries l join wallet_accounts a on a.id = l.account_id
         where (l.counterparty like 'casino:%' or l.counterparty like 'sports:%') and l.real_delta <> 0 and ${onDay(day)}
         group by 1, 2, 3 order by 1, 2, 3`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    key: r.key,
    product: r.product,
    bets: Number(r.bets),
    stakes: BigInt(r.stakes),
    wins: BigInt(r.wins),
    ggr: BigInt(r.ggr),
  }));
}

export type NgrLine = { currency: string; ggr: bigint; promotionCost: bigint; ngr: bigint };

/** NGR of `day`: GGR less what promotions cost (bonus money made real: a bonus entry's real delta). */
export async function ngrByHand(db: DbOrTx, day: string): Promise<NgrLine[]> {
  const rows = await rowsOf<Record<keyof NgrLine, string>>(
    db,
    sql`select a.currency,
               coalesce(-sum(l.real_delta) filter (where l.counterparty not like 'bonus:%'), 0)::text as ggr,
               coalesce(sum(l.real_delta) filter (where l.counterparty like 'bonus:%'), 0)::text as "promotionCost"
          from ledger_entries l join wallet_accounts a on a.id = l.account_id
         where (l.counterparty like 'casino:%' or l.counterparty like 'sports:%' or l.counterparty like 'bonus:%')
           and l.real_delta <> 0 and ${onDay(day)}
         group by 1 order by 1`,
  );
  return rows.map((r) => {
    const ggr = BigInt(r.ggr);
    const promotionCost = BigInt(r.promotionCost);
    return { currency: r.currency, ggr, promotionCost, ngr: ggr - promotionCost };
  });
}

export type PaymentLine = {
  currency: string;
  direction: string;
  provider: string;
  method: string;
  paid: number;
  paidAmount: bigint;
  failed: number;
  failedAmount: bigint;
  declined: number;
  declinedAmount: bigint;
  expired: number;
  expiredAmount: bigint;
};

type PaymentFact = { currency: string; direction: string; provider: string; method: string; state: string };

/**
 * Payments of `day`: what the ledger paid (deposits credited, payouts sent, per psp counterparty) and, from
 * the invoices, what succeeded (the same, seen from the payment module) and what failed, was declined or
 * expired (by the invoice's last change).
 */
export async function paymentsByHand(db: DbOrTx, day: string) {
  const paid = await rowsOf<PaymentFact & { n: string; amount: string }>(
    db,
    sql`select a.currency, case l.kind when 'deposit' then 'deposit' else 'withdrawal' end as direction,
               split_part(substr(l.counterparty, 5), '/', 1) as provider,
               split_part(substr(l.counterparty, 5), '/', 2) as method, 'paid' as state, count(*)::text as n,
               sum(case l.kind when 'deposit' then l.real_delta else -l.locked_delta end)::text as amount
          from ledger_entries l join wallet_accounts a on a.id = l.account_id
         where l.kind in ('deposit', 'withdrawal-paid') and l.counterparty like 'psp:%' and ${onDay(day)}
         group by 1, 2, 3, 4`,
  );
  const invoices = await rowsOf<PaymentFact & { n: string; amount: string }>(
    db,
    sql`select i.currency, case i.type when 1 then 'deposit' else 'withdrawal' end as direction,
               coalesce(i.provider, '') as provider, i.method, i.state, count(*)::text as n,
               sum(i.amount_minor)::text as amount
          from payment_invoices i
         where coalesce(i.updated_at, i.created_at) >= ${startOf(day)}
           and coalesce(i.updated_at, i.created_at) < ${startOf(dayAfter(day))}
         group by 1, 2, 3, 4, 5`,
  );
  const lines = new Map<string, PaymentLine>();
  const lineOf = (f: PaymentFact) => {
    const key = [f.currency, f.direction, f.provider, f.method].join('|');
    if (!lines.has(key))
      lines.set(key, {
        ...{ currency: f.currency, direction: f.direction, provider: f.provider, method: f.method },
        ...{ paid: 0, paidAmount: 0n, failed: 0, failedAmount: 0n, declined: 0, declinedAmount: 0n },
        ...{ expired: 0, expiredAmount: 0n },
      });
    return lines.get(key)!;
  };
  for (const p of paid) Object.assign(lineOf(p), { paid: Number(p.n), paidAmount: BigInt(p.amount) });
  for (const i of invoices.filter((row) => ['failed', 'declined', 'expired'].includes(row.state)))
    Object.assign(lineOf(i), { [i.state]: Number(i.n), [`${i.state}Amount`]: BigInt(i.amount) });
  const succeeded = invoices
    .filter((i) => i.state === 'succeeded')
    .map((i) => ({
      key: [i.currency, i.direction, i.provider, i.method].join('|'),
      n: Number(i.n),
      amount: BigInt(i.amount),
    }));
  const sorted = [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
  return { lines: sorted, succeeded };
}

/** Players of `day`: signed up, placed a bet, made their first deposit ever. */
export async function playersByHand(db: DbOrTx, day: string) {
  const [row] = await rowsOf<{ new: string; active: string; first: string }>(
    db,
    sql`select (select count(*) from players p
                 where p.created_at >= ${startOf(day)} and p.created_at < ${startOf(dayAfter(day))})::text as new,
               (select count(distinct a.player_id) from ledger_entries l join wallet_accounts a on a.id = l.account_id
                 where l.kind = 'bet' and ${onDay(day)})::text as active,
               (select count(*) from (select a.player_id, min(l.created_at) as first
                                        from ledger_entries l join wallet_accounts a on a.id = l.account_id
                                       where l.kind = 'deposit' group by 1) f
                 where f.first >= ${startOf(day)} and f.first < ${startOf(dayAfter(day))})::text as first`,
  );
  return { key: day, new: Number(row!.new), active: Number(row!.active), firstDeposits: Number(row!.first) };
}

export type Liability = { currency: string; real: bigint; bonus: bigint; locked: bigint };

/** What the wallet holds for players now, per currency (currencies with money only). */
export async function liabilityByHand(db: DbOrTx): Promise<Liability[]> {
  const rows = await rowsOf<Record<keyof Liability, string>>(
    db,
    sql`select currency, sum(real_balance)::text as real, sum(bonus_balance)::text as bonus,
               sum(locked_balance)::text as locked
          from wallet_accounts group by 1
        having sum(real_balance) <> 0 or sum(bonus_balance) <> 0 or sum(locked_balance) <> 0 order by 1`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    real: BigInt(r.real),
    bonus: BigInt(r.bonus),
    locked: BigInt(r.locked),
  }));
}

/**
 * Wallet accounts whose balances are not the sums of their entries' deltas, nor what their last entry
 * left; and entries between the player's own funds that do not sum to zero. Both empty when sound.
 */
export async function walletOffByHand(db: DbOrTx) {
  const accounts = await rowsOf<{ id: string }>(
    db,
    sql`select a.id from wallet_accounts a
          left join lateral (select coalesce(sum(real_delta), 0) as real, coalesce(sum(bonus_delta), 0) as bonus,
                                    coalesce(sum(locked_delta), 0) as locked
                               from ledger_entries where account_id = a.id) s on true
          left join lateral (select real_after, bonus_after, locked_after from ledger_entries
                              where account_id = a.id order by id desc limit 1) last on true
         where (s.real, s.bonus, s.locked) <> (a.real_balance, a.bonus_balance, a.locked_balance)
            or (last.real_after is not null
                and (last.real_after, last.bonus_after, last.locked_after) <> (a.real_balance, a.bonus_balance, a.locked_balance))`,
  );
  const internal = await rowsOf<{ id: string }>(
    db,
    sql`select id::text from ledger_entries
         where counterparty = 'internal' and real_delta + bonus_delta + locked_delta <> 0`,
  );
  return { accounts, internal };
}

/** Entries per currency on `day`, and the counterparties seen (each must be one the books know). */
export async function entriesByHand(db: DbOrTx, day: string) {
  const counts = await rowsOf<{ currency: string; n: string }>(
    db,
    sql`select a.currency, count(*)::text as n from ledger_entries l join wallet_accounts a on a.id = l.account_id
         where ${onDay(day)} group by 1 order by 1`,
  );
  const counterparties = await rowsOf<{ counterparty: string }>(
    db,
    sql`select distinct counterparty from ledger_entries order by 1`,
  );
  return {
    entries: Object.fromEntries(counts.map((c) => [c.currency, Number(c.n)])),
    counterparties: counterparties.map((c) => c.counterparty),
  };
}
