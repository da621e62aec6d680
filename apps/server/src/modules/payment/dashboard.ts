import type { AppContext } from '../../context.ts';
import type { DashboardFigure } from '../../lib/dashboard.ts';
import { queueLength } from './invoice-views.ts';

/** The payments queues on the dashboard: withdrawals to decide, bank transfers to confirm. */
export const paymentDashboard = (ctx: AppContext): DashboardFigure[] => [
  {
    key: 'withdrawals',
    label: 'Withdrawals to approve',
    permission: { action: 'read', subject: 'Withdrawal' },
    to: '/withdrawals',
    queue: 'withdrawals',
    value: () => queueLength(ctx.db, 'withdrawals'),
  },
  {
    key: 'bankTransfers',
    label: 'Bank transfers to confirm',
    permission: { action: 'read', subject: 'Deposit' },
    to: '/bank-transfers',
    queue: 'deposits',
    value: () => queueLength(ctx.db, 'bankTransfers'),
  },
];
