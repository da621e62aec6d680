import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { BASE_CURRENCY } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { RECONCILE_KINDS, reconcile } from './reconcile.ts';
import { renderReport, reportTable } from './render.ts';
import { isoDay, reportQueryFields, withinSpan, type Report } from './report.ts';
import { REPORT_NAMES, runReport, type ReportName } from './reports/index.ts';

/**
 * The books' reports for the back office's screen (Report read): the same reports and rendering as the
 * `reports` command, as columns and rows of formatted text (money in the row's currency and in the base
 * one), or with `format=csv` as the file the command prints.
 */

const formatField = { format: z.enum(['json', 'csv']).optional() };

const reportParams = z.object({ name: z.enum(REPORT_NAMES as [ReportName, ...ReportName[]]) }).strict();
const reportQuery = withinSpan(z.object({ ...reportQueryFields, ...formatField }).strict());
const reconcileParams = z.object({ kind: z.enum(RECONCILE_KINDS) }).strict();
const reconcileQuery = z.object({ date: isoDay, ...formatField }).strict();

export const adminReportSchema = z.object({
  name: z.string(),
  from: z.string(),
  to: z.string(),
  currency: z.string().nullable(),
  by: z.string().nullable(),
  baseCurrency: z.string(),
  columns: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(['text', 'count', 'money', 'ratio']),
      currency: z.enum(['row', 'base']).optional(),
    }),
  ),
  rows: z.array(z.record(z.string(), z.string())),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

type Answer = { report: Report; csv: boolean; file: string };

/** The JSON envelope of the admin API, or the CSV download. */
function sendReport(reply: FastifyReply, { report, csv, file }: Answer) {
  if (csv)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}.csv"`)
      .header('cache-control', 'no-store')
      .send(renderReport(report, 'csv'));
  const data: AdminReport = {
    name: report.name,
    from: report.query.from,
    to: report.query.to,
    currency: report.query.currency ?? null,
    by: report.query.by ?? null,
    baseCurrency: BASE_CURRENCY,
    ...reportTable(report),
  };
  return reply.send({ data: adminReportSchema.parse(data) });
}

export const booksAdminRoutes = (ctx: AppContext) => [
  adminRoute({
    method: 'GET',
    url: '/reports/:name',
    summary: `A report of the books (${REPORT_NAMES.join(', ')}) as rows, or format=csv for the file`,
    permission: { action: 'read', subject: 'Report' },
    params: reportParams,
    querystring: reportQuery,
    response: null,
    async handle({ params, query: { format, ...query } }): Promise<Answer> {
      const report = await runReport(ctx.db, params.name, query);
      return { report, csv: format === 'csv', file: `${params.name}-${query.from}-${query.to}` };
    },
    send: sendReport,
  }),
  adminRoute({
    method: 'GET',
    url: '/reports/reconcile/:kind',
    summary: "The partners' signed statements of a UTC day against the ledger, or format=csv for the file",
    permission: { action: 'read', subject: 'Report' },
    params: reconcileParams,
    querystring: reconcileQuery,
    response: null,
    async handle({ params, query }): Promise<Answer> {
      const report = await reconcile(ctx, params.kind, query.date);
      return { report, csv: query.format === 'csv', file: `reconcile-${params.kind}-${query.date}` };
    },
    send: sendReport,
  }),
];
