import type { DbOrTx } from '../../../db/client.ts';
import type { Report, ReportQuery } from '../report.ts';
import { ggrReport, ngrReport } from './ggr.ts';
import { liabilityReport, trialBalanceReport } from './ledger.ts';
import { paymentsReport } from './payments.ts';
import { playersReport } from './players.ts';
import { rtpReport } from './rtp.ts';

/** Every report of the books by its name (`npm run ops -- reports <name>`, later /api/admin/reports). */
export const REPORTS = {
  ggr: ggrReport,
  ngr: ngrReport,
  payments: paymentsReport,
  players: playersReport,
  rtp: rtpReport,
  liability: liabilityReport,
  'trial-balance': trialBalanceReport,
} as const satisfies Record<string, (db: DbOrTx, query: ReportQuery) => Promise<Report>>;

export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];

export const runReport = (db: DbOrTx, name: ReportName, query: ReportQuery): Promise<Report> =>
  REPORTS[name](db, query);
