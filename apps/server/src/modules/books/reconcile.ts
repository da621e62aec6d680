import type { AppContext } from '../../context.ts';
import type { PartnerStatement, PartnerStatementLine } from '../../lib/partner-statement.ts';
import { gameStatements } from '../game/index.ts';
import { paymentStatements } from '../payment/index.ts';
import { entriesByKeys, entriesOfDay, type EntryLine } from '../wallet/index.ts';
import type { Column, Report, Row } from './report.ts';

/**
 * Reconciliation with the partners (docs/books.md): each partner's signed daily statement against our
 * ledger's transfers with that partner on the same UTC day, matched by the ledger key the line names.
 * What is listed: a line we have no entry for (a webhook never delivered, a round we never heard of),
 * an entry the partner does not list, an amount or currency that differs; and per partner and
 * currency the totals (and the PSP's fees).
 */
export const RECONCILE_KINDS = ['psp', 'games'] as const;
export type ReconcileKind = (typeof RECONCILE_KINDS)[number];

const COLUMNS: Column[] = [
  { key: 'partner', label: 'partner', type: 'text' },
  { key: 'currency', label: 'currency', type: 'text' },
  { key: 'issue', label: 'issue', type: 'text' },
  { key: 'key', label: 'ledger key', type: 'text' },
  { key: 'partnerId', label: 'partner id', type: 'text' },
  { key: 'kind', label: 'kind', type: 'text' },
  { key: 'ours', label: 'ours', type: 'money' },
  { key: 'theirs', label: 'theirs', type: 'money' },
  { key: 'fee', label: 'fee', type: 'money' },
];

/** Our entries with a partner: a PSP's clearing account, or a game aggregator's games (casino and sports). */
const prefixesOf = (kind: ReconcileKind, partner: string) =>
  kind === 'psp' ? [`psp:${partner}/`] : [`casino:${partner}/`, `sports:${partner}/`];

type Issue = Row & { issue: string };

/** The lines of one statement against our entries of the day, and the totals per currency. */
async function compare(ctx: AppContext, kind: ReconcileKind, statement: PartnerStatement): Promise<Issue[]> {
  const ours = await entriesOfDay(ctx.db, statement.date, prefixesOf(kind, statement.partner));
  const byKey = new Map(ours.map((e) => [e.key, e]));
  const listed = new Set(statement.lines.map((l) => l.ledgerKey));
  // A line of theirs we booked on another day (around midnight) is not missing.
  const elsewhere = new Map(
    (
      await entriesByKeys(
        ctx.db,
        [...listed].filter((k) => !byKey.has(k)),
      )
    ).map((e) => [e.key, e]),
  );
  const issues: Issue[] = [];
  const line = (issue: string, entry: EntryLine | undefined, theirs: PartnerStatementLine | undefined): Issue => ({
    partner: statement.partner,
    currency: theirs?.currency ?? entry!.currency,
    issue,
    key: theirs?.ledgerKey ?? entry!.key,
    partnerId: theirs?.partnerId ?? '',
    kind: theirs?.kind ?? entry!.kind,
    ours: entry?.amountMinor ?? null,
    theirs: theirs?.amountMinor ?? null,
    fee: theirs?.feeMinor ?? null,
  });
  for (const theirs of statement.lines) {
    const entry = byKey.get(theirs.ledgerKey) ?? elsewhere.get(theirs.ledgerKey);
    if (!entry) issues.push(line('missing in our ledger', undefined, theirs));
    else if (entry.currency !== theirs.currency) issues.push(line('currency differs', entry, theirs));
    else if (entry.amountMinor !== theirs.amountMinor) issues.push(line('amount differs', entry, theirs));
    else if (!byKey.has(theirs.ledgerKey)) issues.push(line(`booked by us on ${entry.at.slice(0, 10)}`, entry, theirs));
  }
  for (const entry of ours)
    if (!listed.has(entry.key)) issues.push(line('missing in their statement', entry, undefined));
  return [...issues, ...totals(statement, ours)];
}

/** Per currency: what we booked, what they listed, their fees, and how many lines matched. */
function totals(statement: PartnerStatement, ours: EntryLine[]): Issue[] {
  const currencies = [...new Set([...statement.lines.map((l) => l.currency), ...ours.map((e) => e.currency)])].sort();
  return currencies.map((currency) => {
    const theirs = statement.lines.filter((l) => l.currency === currency);
    const mine = ours.filter((e) => e.currency === currency);
    const keys = new Map(mine.map((e) => [e.key, e.amountMinor]));
    const matched = theirs.filter((l) => keys.get(l.ledgerKey) === l.amountMinor).length;
    return {
      partner: statement.partner,
      currency,
      issue: `total: ${matched} of ${theirs.length} lines matched`,
      key: '',
      partnerId: '',
      kind: '',
      ours: mine.reduce((s, e) => s + e.amountMinor, 0n),
      theirs: theirs.reduce((s, l) => s + l.amountMinor, 0n),
      fee: theirs.reduce((s, l) => s + l.feeMinor, 0n),
    };
  });
}

/** Reconciles every partner of a kind that publishes a statement, for UTC day `day`. */
export async function reconcile(ctx: AppContext, kind: ReconcileKind, day: string): Promise<Report> {
  const statements = kind === 'psp' ? await paymentStatements(ctx, day) : await gameStatements(ctx, day);
  const rows: Row[] = [];
  for (const statement of statements) rows.push(...(await compare(ctx, kind, statement)));
  return { name: `reconcile ${kind}`, query: { from: day, to: day }, columns: COLUMNS, rows };
}
