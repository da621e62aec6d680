import type { DbOrTx } from '../../../db/client.ts';
import { fieldError } from '../../../lib/errors.ts';
import { balancesAt, dayCloses, lastClosedDay } from '../../wallet/index.ts';
import { daysOf, type Column, type Report, type ReportQuery, type Row } from '../report.ts';

/**
 * The ledger's own reports: the trial balance (every account at the end of `to`, players' funds summed
 * per fund; each currency adds up to zero) and the players' liability per day (what the operator owes:
 * real money, bonus money, and withdrawals not yet paid out) — closed days from their close, a day not
 * closed yet from the legs since the last close.
 */

const onlyTotal = (query: ReportQuery) => {
  if (query.by && query.by !== 'day') throw fieldError('by', 'this report is by day only');
};

export async function trialBalanceReport(db: DbOrTx, query: ReportQuery): Promise<Report> {
  if (query.by) throw fieldError('by', 'the trial balance is per account: it takes no --by');
  const columns: Column[] = [
    { key: 'currency', label: 'currency', type: 'text' },
    { key: 'account', label: 'account', type: 'text' },
    { key: 'accounts', label: 'accounts', type: 'count' },
    { key: 'balance', label: 'balance', type: 'money' },
  ];
  const lines = await balancesAt(db, query.to, query.currency);
  const rows: Row[] = [];
  for (const currency of [...new Set(lines.map((l) => l.currency))]) {
    const own = lines.filter((l) => l.currency === currency);
    rows.push(...own.map((l) => ({ ...l })));
    const total = own.reduce((sum, l) => sum + l.balance, 0n);
    rows.push({ currency, account: 'total (zero when the books balance)', accounts: null, balance: total });
  }
  return { name: 'trial-balance', query, columns, rows };
}

export async function liabilityReport(db: DbOrTx, query: ReportQuery): Promise<Report> {
  onlyTotal(query);
  const columns: Column[] = [
    { key: 'day', label: 'day', type: 'text' },
    { key: 'currency', label: 'currency', type: 'text' },
    { key: 'real', label: 'real money', type: 'money' },
    { key: 'bonus', label: 'bonus money', type: 'money' },
    { key: 'locked', label: 'withdrawals in flight', type: 'money' },
    { key: 'total', label: 'owed to players', type: 'money' },
  ];
  const closed = await dayCloses(db, query.from, query.to, query.currency);
  const last = (await lastClosedDay(db)) ?? '';
  const rows: Row[] = closed.map((c) => ({
    day: c.day,
    currency: c.currency,
    real: c.liabilityReal,
    bonus: c.liabilityBonus,
    locked: c.liabilityLocked,
    total: c.liabilityReal + c.liabilityBonus + c.liabilityLocked,
  }));
  for (const day of daysOf(query.from, query.to).filter((d) => d > last)) {
    const funds = (await balancesAt(db, day, query.currency)).filter((l) => l.account.startsWith('player:'));
    for (const currency of [...new Set(funds.map((l) => l.currency))]) {
      const of = (fund: string) =>
        funds.find((l) => l.currency === currency && l.account === `player:${fund}`)?.balance ?? 0n;
      rows.push({
        day,
        currency,
        real: of('real'),
        bonus: of('bonus'),
        locked: of('locked'),
        total: of('real') + of('bonus') + of('locked'),
      });
    }
  }
  return { name: 'liability', query, columns, rows };
}
