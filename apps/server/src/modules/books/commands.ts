import { z } from 'zod';
import { formatMinor } from '@casino/contracts';
import { CommandArgsError, opsCommand, reads, writes } from '../../lib/ops-command.ts';
import { subunitOf } from '../settings/index.ts';
import { closeIsOff, offCloses, type DayClose } from '../wallet/index.ts';
import { closeDueDays } from './close.ts';
import { REPORT_FORMATS, renderReport } from './render.ts';
import { isoDay, REPORT_DIMENSIONS, reportQuerySchema } from './report.ts';
import { RECONCILE_KINDS, reconcile, type ReconcileKind } from './reconcile.ts';
import { REPORT_NAMES, runReport } from './reports/index.ts';

/**
 * `npm run ops -- reports <name> --from D [--to D] [--currency X] [--by …] [--format table|csv|json]`
 * and `reports close [--again D]`: the books' reports, rendered on the server side so the CLI prints
 * them as they are (a CSV redirected to a file is the export).
 */

const reportBodySchema = z
  .object({
    name: z.enum(REPORT_NAMES as [string, ...string[]]),
    format: z.enum(REPORT_FORMATS),
    query: reportQuerySchema,
  })
  .strict();
type ReportBody = z.infer<typeof reportBodySchema>;

const textSchema = z.object({ text: z.string() });

/** `--name value` and `--name=value` options, every one of them known. */
function optionsOf(args: string[], known: readonly string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) throw new CommandArgsError(`Unexpected ${arg}.`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!known.includes(name))
      throw new CommandArgsError(`Unknown option --${name}; it takes ${known.map((k) => `--${k}`).join(', ')}.`);
    const value = inline ?? args[++i];
    if (value === undefined || value === '') throw new CommandArgsError(`--${name} needs a value.`);
    options[name] = value;
  }
  return options;
}

function parseReport(args: string[]): ReportBody | null {
  const [name, ...rest] = args;
  if (!name || name === 'close' || name === 'reconcile') return null;
  if (!(REPORT_NAMES as string[]).includes(name))
    throw new CommandArgsError(`There is no report ${name}; the reports are ${REPORT_NAMES.join(', ')}.`);
  const o = optionsOf(rest, ['from', 'to', 'currency', 'by', 'format']);
  if (!o.from) throw new CommandArgsError('reports needs --from YYYY-MM-DD.');
  const format = (o.format ?? 'table') as ReportBody['format'];
  return {
    name,
    format,
    query: {
      from: o.from,
      to: o.to ?? o.from,
      ...(o.currency ? { currency: o.currency.toUpperCase() } : {}),
      ...(o.by ? { by: o.by as (typeof REPORT_DIMENSIONS)[number] } : {}),
    },
  };
}

export const reportCommand = opsCommand({
  word: 'reports',
  usage: `  reports ${REPORT_NAMES.join('|')} --from YYYY-MM-DD [--to YYYY-MM-DD]
          [--currency X] [--by ${REPORT_DIMENSIONS.join('|')}] [--format ${REPORT_FORMATS.join('|')}]
      The books' reports over UTC days (docs/books.md); every amount also in the base currency.
      --format csv prints one file's content: redirect it (> ggr.csv) to export.`,
  parse: parseReport,
  route: 'reports',
  permission: reads('Report'),
  body: reportBodySchema,
  result: textSchema,
  run: async (ctx, body) => ({
    text: renderReport(await runReport(ctx.db, body.name as (typeof REPORT_NAMES)[number], body.query), body.format),
  }),
  describe: (result) => result.text,
});

const closeBodySchema = z.object({ again: isoDay.optional() }).strict();

/** One close as a line: its figures, and OFF when it does not balance. */
export function describeClose(c: DayClose): string {
  const money = (minor: bigint) => formatMinor(minor, subunitOf(c.currency));
  const state = closeIsOff(c)
    ? `OFF: trial balance ${money(c.trialBalance)}, ${c.accountsOff} player account(s) off the wallet`
    : 'balanced';
  return `${c.day} ${c.currency}: ${state}; owed to players ${money(c.liabilityReal)} real, ${money(c.liabilityBonus)} bonus, ${money(c.liabilityLocked)} in withdrawals; ${c.entries} entries`;
}

export const closeCommand = opsCommand({
  word: 'reports',
  usage: `  reports close [--again YYYY-MM-DD]
      Close every UTC day that is over and not closed yet (the daily job does it too), or close again
      from --again on. Prints each close: balanced, or OFF with the difference.`,
  parse: (args) => {
    if (args[0] !== 'close') return null;
    const o = optionsOf(args.slice(1), ['again']);
    return o.again ? { again: o.again } : {};
  },
  route: 'reports/close',
  permission: writes('Report'),
  body: closeBodySchema,
  result: textSchema,
  run: async (ctx, body) => {
    const closes = await closeDueDays(ctx.db, ctx.node?.log ?? null, body.again);
    const made = closes.length ? closes.map(describeClose) : ['Nothing to close: every day that is over is closed.'];
    // A day found off stays on the operator's screen until it is closed again balanced.
    const off = (await offCloses(ctx.db)).filter(
      (c) => !closes.some((m) => m.day === c.day && m.currency === c.currency),
    );
    const still = off.length ? ['Closed days that do not balance:', ...off.map(describeClose)] : [];
    return { text: [...made, ...still].join('\n') };
  },
  describe: (result) => result.text,
});

const reconcileBodySchema = z
  .object({ kind: z.enum(RECONCILE_KINDS), date: isoDay, format: z.enum(REPORT_FORMATS) })
  .strict();

export const reconcileCommand = opsCommand({
  word: 'reports',
  usage: `  reports reconcile ${RECONCILE_KINDS.join('|')} --date YYYY-MM-DD [--format ${REPORT_FORMATS.join('|')}]
      Match each payment (psp) or game provider's signed statement of that UTC day against our
      ledger: lines missing on either side, amounts or currencies that differ, totals and fees.`,
  parse: (args) => {
    if (args[0] !== 'reconcile') return null;
    const kind = args[1];
    if (!kind || !(RECONCILE_KINDS as readonly string[]).includes(kind))
      throw new CommandArgsError(`reports reconcile needs ${RECONCILE_KINDS.join(' or ')}.`);
    const o = optionsOf(args.slice(2), ['date', 'format']);
    if (!o.date) throw new CommandArgsError('reports reconcile needs --date YYYY-MM-DD.');
    return { kind: kind as ReconcileKind, date: o.date, format: (o.format ?? 'table') as ReportBody['format'] };
  },
  route: 'reports/reconcile',
  permission: reads('Report'),
  body: reconcileBodySchema,
  result: textSchema,
  // The partners' statements are fetched with the node's partner settings and secrets.
  runs: 'server',
  run: async (ctx, body) => ({ text: renderReport(await reconcile(ctx.node!, body.kind, body.date), body.format) }),
  describe: (result) => result.text,
});
