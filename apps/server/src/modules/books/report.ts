import { z } from 'zod';

/**
 * The shape every report of the books answers (docs/books.md): typed columns and rows, amounts in minor
 * units of the row's currency until rendered (render.ts), so the back office and the CLI read the same.
 */

export const REPORT_DIMENSIONS = ['day', 'game', 'provider', 'product', 'country'] as const;
export type Dimension = (typeof REPORT_DIMENSIONS)[number];

export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: 'a date that exists',
    },
  );

/** The fields of a report's query (the admin route adds its `format` to them). */
export const reportQueryFields = {
  from: isoDay,
  to: isoDay,
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/)
    .optional(),
  by: z.enum(REPORT_DIMENSIONS).optional(),
};

/** The span rules of a report's query: from before to, at most 366 days. */
export const withinSpan = <S extends z.ZodType<{ from: string; to: string }>>(schema: S) =>
  schema
    .refine((q) => q.from <= q.to, { message: '--from must not be after --to', path: ['from'] })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
      message: 'a report spans at most 366 days',
      path: ['to'],
    });

/** What a report is asked for: UTC days [from, to], one currency or all, grouped by one dimension or none. */
export const reportQuerySchema = withinSpan(z.object(reportQueryFields).strict());
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** money: minor units of the row's `currency` (a base-currency column is added when rendered). */
export type ColumnType = 'text' | 'count' | 'money' | 'ratio';
export type Column = { key: string; label: string; type: ColumnType };
export type Row = Record<string, string | number | bigint | null>;
export type Report = { name: string; query: ReportQuery; columns: Column[]; rows: Row[] };

/** The first UTC instant of the day after `day`. */
export const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Every UTC day of [from, to]. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = dayAfter(day)) days.push(day);
  return days;
}

/** Rows as the database answered them (counts and sums as strings on PostgreSQL) in their columns' types. */
export function typed(rows: Row[], columns: Column[]): Row[] {
  return rows.map((row) => {
    const out = { ...row };
    for (const c of columns) {
      const value = row[c.key];
      if (value === null || value === undefined) continue;
      if (c.type === 'money') out[c.key] = BigInt(value);
      if (c.type === 'count') out[c.key] = Number(value);
    }
    return out;
  });
}

/** Sums rows that share a key: count and money columns add up (bigints), others keep the first row's. */
export function foldRows(rows: Row[], keyOf: (row: Row) => string, columns: Column[]): Row[] {
  const folded = new Map<string, Row>();
  for (const row of rows) {
    const key = keyOf(row);
    const seen = folded.get(key);
    if (!seen) {
      folded.set(key, { ...row });
      continue;
    }
    for (const c of columns) {
      if (c.type === 'money') seen[c.key] = BigInt(seen[c.key] ?? 0) + BigInt(row[c.key] ?? 0);
      if (c.type === 'count') seen[c.key] = Number(seen[c.key] ?? 0) + Number(row[c.key] ?? 0);
    }
  }
  return [...folded.values()];
}
