import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { fieldError } from '../../../lib/errors.ts';
import { unpaidInvoices } from '../../payment/index.ts';
import { dayAfter, type Column, type Report, type ReportQuery, type Row } from '../report.ts';

/**
 * Deposits and withdrawals per currency, payment provider and method: what was paid (the transfers
 * with each provider's clearing account: a deposit credited, a payout sent) and, apart, what failed,
 * was declined or expired (the payment module's invoices: no money moved).
 */
export async function paymentsReport(db: DbOrTx, query: ReportQuery): Promise<Report> {
  if (query.by) throw fieldError('by', 'the payments report is per provider and method: it takes no --by');
  const columns: Column[] = [
    { key: 'currency', label: 'currency', type: 'text' },
    { key: 'direction', label: 'direction', type: 'text' },
    { key: 'provider', label: 'provider', type: 'text' },
    { key: 'method', label: 'method', type: 'text' },
    { key: 'paid', label: 'paid', type: 'count' },
    { key: 'paidAmount', label: 'paid amount', type: 'money' },
    { key: 'failed', label: 'failed', type: 'count' },
    { key: 'failedAmount', label: 'failed amount', type: 'money' },
    { key: 'declined', label: 'declined', type: 'count' },
    { key: 'declinedAmount', label: 'declined amount', type: 'money' },
    { key: 'expired', label: 'expired', type: 'count' },
    { key: 'expiredAmount', label: 'expired amount', type: 'money' },
  ];
  const paid = await rowsOf<{ currency: string; direction: string; account: string; paid: string; amount: string }>(
    db,
    sql`select p.currency, case p.kind when 'deposit' then 'deposit' else 'withdrawal' end as direction, p.account,
               count(*) as paid, abs(sum(p.amount))::text as amount
          from wallet_postings(${query.from}::date::timestamp at time zone 'UTC',
                               ${dayAfter(query.to)}::date::timestamp at time zone 'UTC') p
         where p.wallet_account_id is null and p.account like 'psp:%' and p.kind in ('deposit', 'withdrawal-paid')
           and (${query.currency ?? null}::text is null or p.currency = ${query.currency ?? null})
         group by 1, 2, 3`,
  );
  const rows = new Map<string, Row>();
  const rowOf = (currency: string, direction: string, provider: string, method: string) => {
    const key = [currency, direction, provider, method].join('|');
    let row = rows.get(key);
    if (!row) {
      row = { currency, direction, provider, method };
      for (const c of columns.slice(4)) row[c.key] = c.type === 'money' ? 0n : 0;
      rows.set(key, row);
    }
    return row;
  };
  for (const p of paid) {
    const [provider = '', method = ''] = p.account.slice('psp:'.length).split('/');
    const row = rowOf(p.currency, p.direction, provider, method);
    row.paid = Number(p.paid);
    row.paidAmount = BigInt(p.amount);
  }
  for (const u of await unpaidInvoices(db, query.from, query.to)) {
    if (query.currency && u.currency !== query.currency) continue;
    const row = rowOf(u.currency, u.direction, u.provider, u.method);
    row[u.state] = u.count;
    row[`${u.state}Amount`] = u.amountMinor;
  }
  const sorted = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  return { name: 'payments', query, columns, rows: sorted };
}
