import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * Invoices that moved no money, for the books' payments report (books module): deposits and withdrawals
 * that failed, were declined or expired, dated by their last change, per UTC day of [from, to].
 * Succeeded ones are the ledger's (their transfers), not read here.
 */
export type UnpaidInvoices = {
  currency: string;
  direction: 'deposit' | 'withdrawal';
  provider: string;
  method: string;
  state: 'failed' | 'declined' | 'expired';
  count: number;
  amountMinor: bigint;
};

export async function unpaidInvoices(db: DbOrTx, from: string, to: string): Promise<UnpaidInvoices[]> {
  const rows = await rowsOf<Omit<UnpaidInvoices, 'amountMinor' | 'count'> & { count: string; amount: string }>(
    db,
    sql`select currency, case type when 1 then 'deposit' else 'withdrawal' end as direction, provider, method, state,
               count(*) as count, sum(amount_minor)::text as amount
          from payment_invoices
         where state in ('failed', 'declined', 'expired')
           and coalesce(updated_at, created_at) >= ${from}::date::timestamp at time zone 'UTC'
           and coalesce(updated_at, created_at) < (${to}::date + 1)::timestamp at time zone 'UTC'
         group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
  );
  return rows.map(({ count, amount, ...r }) => ({ ...r, count: Number(count), amountMinor: BigInt(amount) }));
}
