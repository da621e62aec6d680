import { BASE_CURRENCY, formatMinor } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import type { DashboardFigure } from '../../lib/dashboard.ts';
import { subunitOf, toBaseMinor } from '../settings/index.ts';
import type { Report } from './report.ts';
import { runReport } from './reports/index.ts';

/** Σ of a money column over the report's rows (each in its own currency), in the base currency. */
function baseTotal(report: Report, key: string, keep: (row: Report['rows'][number]) => boolean = () => true) {
  let total = 0n;
  for (const row of report.rows.filter(keep)) total += toBaseMinor(BigInt(row[key] ?? 0), String(row.currency)) ?? 0n;
  return `${formatMinor(total, subunitOf(BASE_CURRENCY))} ${BASE_CURRENCY}`;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Today (UTC) from the books: deposits paid and GGR, every currency at the catalogue's rate. */
export const booksDashboard = (ctx: AppContext): DashboardFigure[] => [
  {
    key: 'depositsToday',
    label: "Today's deposits",
    permission: { action: 'read', subject: 'Report' },
    to: '/reports',
    queue: 'deposits',
    value: async () =>
      baseTotal(
        await runReport(ctx.db, 'payments', { from: today(), to: today() }),
        'paidAmount',
        (row) => row.direction === 'deposit',
      ),
  },
  {
    key: 'ggrToday',
    label: "Today's GGR",
    permission: { action: 'read', subject: 'Report' },
    to: '/reports',
    value: async () => baseTotal(await runReport(ctx.db, 'ggr', { from: today(), to: today() }), 'ggr'),
  },
];
