import type { StaffPermission, StaffQueue } from '@casino/contracts';
import type { AppContext } from '../context.ts';

/**
 * One figure of the back office's dashboard, declared by the module it belongs to (its manifest's
 * `dashboard`): shown to the roles its permission lets read it, read again when its queue changes.
 */
export type DashboardFigure = {
  key: string;
  label: string;
  permission: StaffPermission;
  /** The app's page that lists what the figure counts. */
  to: string;
  /** The live queue (`staff:queues`) whose changes move it. */
  queue?: StaffQueue;
  /** A count, or an amount already formatted with its currency. */
  value(): Promise<number | string>;
};

export type DashboardOf = (ctx: AppContext) => readonly DashboardFigure[];
