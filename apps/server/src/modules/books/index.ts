/** The books: daily close, reports (GGR, NGR, payments, players, liability, trial balance) and their rendering. */
export { booksModule } from './manifest.ts';
export { closeDueDays, lastDayOver } from './close.ts';
export { reconcile, RECONCILE_KINDS, type ReconcileKind } from './reconcile.ts';
export { renderReport, REPORT_FORMATS, type ReportFormat } from './render.ts';
export { reportQuerySchema, type Report, type ReportQuery } from './report.ts';
export { REPORT_NAMES, runReport, type ReportName } from './reports/index.ts';
