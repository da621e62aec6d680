import { BASE_CURRENCY, formatMinor } from '@casino/contracts';
import { subunitOf, toBaseMinor } from '../settings/index.ts';
import type { Column, ColumnType, Report, Row } from './report.ts';

/**
 * A report as an operator reads it (`table`), as a finance team opens it (`csv`: a header row, ISO
 * dates, amounts in major units beside their currency, one file per report) or for a program (`json`).
 * Every money column is followed by the same amount in the base currency at the catalogue's rate.
 */
export const REPORT_FORMATS = ['table', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * A column as rendered: money in the row's currency (`currency: 'row'`) and beside it the same amount
 * in the base currency (`currency: 'base'`, key `<key>Base`, empty without a rate).
 */
export type RenderedColumn = { key: string; label: string; type: ColumnType; currency?: 'row' | 'base' };

type Cell = RenderedColumn & { value: string };

const money = (minor: bigint, currency: string) => formatMinor(minor, subunitOf(currency));

/** A row's cells, money in major units of its currency and then of the base currency. */
function cellsOf(row: Row, columns: Column[]): Cell[] {
  const currency = typeof row.currency === 'string' ? row.currency : BASE_CURRENCY;
  return columns.flatMap((c): Cell[] => {
    const value = row[c.key];
    if (c.type === 'money') {
      const minor = BigInt(value ?? 0);
      const base = toBaseMinor(minor, currency);
      return [
        { key: c.key, label: c.label, type: 'money', currency: 'row', value: money(minor, currency) },
        {
          key: `${c.key}Base`,
          label: `${c.label} (${BASE_CURRENCY})`,
          type: 'money',
          currency: 'base',
          value: base === null ? '' : money(base, BASE_CURRENCY),
        },
      ];
    }
    const text =
      value === null || value === undefined ? '' : c.type === 'ratio' ? Number(value).toFixed(4) : String(value);
    return [{ key: c.key, label: c.label, type: c.type, value: text }];
  });
}

/** A CSV field; text that a spreadsheet would run as a formula (`=…`, `@…`) starts with a quote mark. */
function csvField(value: string, column: RenderedColumn): string {
  const safe = column.type === 'text' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function asTable(header: string[], lines: string[][], report: Report): string {
  if (lines.length === 0) return `${report.name}: nothing from ${report.query.from} to ${report.query.to}.`;
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const numeric = header.map((_, i) => lines.every((l) => l[i] === '' || /^-?[\d.]+$/.test(l[i]!)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  const title = `${report.name} ${report.query.from} – ${report.query.to}`;
  return [title, line(header), line(widths.map((w) => '-'.repeat(w))), ...lines.map(line)].join('\n');
}

/** The report's columns and rows as formatted text: what `json` prints and the back office shows. */
export function reportTable(report: Report): { columns: RenderedColumn[]; rows: Record<string, string>[] } {
  const cells = report.rows.map((row) => cellsOf(row, report.columns));
  const columns = cellsOf({}, report.columns).map((c): RenderedColumn => ({
    key: c.key,
    label: c.label,
    type: c.type,
    ...(c.currency ? { currency: c.currency } : {}),
  }));
  return { columns, rows: cells.map((row) => Object.fromEntries(row.map((c) => [c.key, c.value]))) };
}

export function renderReport(report: Report, format: ReportFormat): string {
  const { columns, rows } = reportTable(report);
  const header = columns.map((c) => c.label);
  const lines = rows.map((row) => columns.map((c) => row[c.key]!));
  if (format === 'csv')
    return [header, ...lines].map((l) => l.map((value, i) => csvField(value, columns[i]!)).join(',')).join('\n');
  if (format === 'json') return JSON.stringify({ report: report.name, ...report.query, rows }, null, 2);
  return asTable(header, lines, report);
}
