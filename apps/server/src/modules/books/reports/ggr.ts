import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { fieldError } from '../../../lib/errors.ts';
import { playerCountries } from '../../player/index.ts';
import {
  dayAfter,
  foldRows,
  typed,
  type Column,
  type Dimension,
  type Report,
  type ReportQuery,
  type Row,
} from '../report.ts';

/**
 * Gross gaming revenue (stakes − wins, real money only, casino and sports apart) and net gaming
 * revenue (GGR − what promotions cost: bonus money made real), both sums of the house legs of the
 * ledger's transfers (wallet_postings): a game provider's real-money account, a promotion's account.
 */

/** The group key of a leg for each dimension (the country is the player's, mapped afterwards). */
const KEYS: Record<Dimension | 'none', SQL> = {
  none: sql`''`,
  day: sql`(p.created_at at time zone 'UTC')::date::text`,
  game: sql`coalesce(p.reference ->> 'gameIdentity', '')`,
  provider: sql`split_part(p.account, ':', 2)`,
  product: sql`''`,
  country: sql`p.player_id::text`,
};

const GAME_REAL = sql`(p.account like 'casino:%:real' or p.account like 'sports:%:real')`;

/** The legs of [from, to] of one currency or all, grouped by currency and key, with the sums `sums` names. */
async function legSums(db: DbOrTx, query: ReportQuery, sums: SQL, where: SQL, product: boolean): Promise<Row[]> {
  const key = KEYS[query.by ?? 'none'];
  const rows = await rowsOf<Row>(
    db,
    sql`select p.currency, ${key} as key, ${product ? sql`split_part(p.account, ':', 1)` : sql`''`} as product, ${sums}
          from wallet_postings(${query.from}::date::timestamp at time zone 'UTC',
                               ${dayAfter(query.to)}::date::timestamp at time zone 'UTC') p
         where p.wallet_account_id is null and ${where}
           and (${query.currency ?? null}::text is null or p.currency = ${query.currency ?? null})
         group by 1, 2, 3 order by 1, 2, 3`,
  );
  if (query.by !== 'country') return rows;
  const countries = await playerCountries(
    db,
    rows.map((r) => String(r.key)),
  );
  return rows.map((r) => ({ ...r, key: countries.get(String(r.key)) || '(none)' }));
}

const keyColumn = (query: ReportQuery): Column[] =>
  query.by && query.by !== 'product' ? [{ key: 'key', label: query.by, type: 'text' }] : [];

const sortRows = (rows: Row[]) =>
  rows.sort((a, b) => `${a.currency}|${a.key}|${a.product}`.localeCompare(`${b.currency}|${b.key}|${b.product}`));

export async function ggrReport(db: DbOrTx, query: ReportQuery): Promise<Report> {
  const columns: Column[] = [
    { key: 'currency', label: 'currency', type: 'text' },
    ...keyColumn(query),
    { key: 'product', label: 'product', type: 'text' },
    { key: 'bets', label: 'bets', type: 'count' },
    { key: 'stakes', label: 'stakes', type: 'money' },
    { key: 'wins', label: 'wins', type: 'money' },
    { key: 'ggr', label: 'GGR', type: 'money' },
  ];
  // A rollback's leg returns the stake: it counts against the stakes.
  const rows = await legSums(
    db,
    query,
    sql`count(*) filter (where p.kind = 'bet') as bets,
        coalesce(sum(p.amount) filter (where p.kind <> 'win'), 0)::text as stakes,
        coalesce(-sum(p.amount) filter (where p.kind = 'win'), 0)::text as wins,
        sum(p.amount)::text as ggr`,
    GAME_REAL,
    true,
  );
  const folded = foldRows(typed(rows, columns), (r) => `${r.currency}|${r.key}|${r.product}`, columns);
  return { name: 'ggr', query, columns, rows: sortRows(folded) };
}

export async function ngrReport(db: DbOrTx, query: ReportQuery): Promise<Report> {
  if (query.by && !['day', 'country'].includes(query.by))
    throw fieldError('by', 'ngr is reported by day or country: what promotions cost belongs to no game');
  const columns: Column[] = [
    { key: 'currency', label: 'currency', type: 'text' },
    ...keyColumn(query),
    { key: 'ggr', label: 'GGR', type: 'money' },
    { key: 'promotionCost', label: 'promotion cost', type: 'money' },
    { key: 'ngr', label: 'NGR', type: 'money' },
  ];
  const rows = await legSums(
    db,
    query,
    sql`coalesce(sum(p.amount) filter (where ${GAME_REAL}), 0)::text as ggr,
        coalesce(-sum(p.amount) filter (where p.account like 'promotion:%'), 0)::text as "promotionCost",
        (coalesce(sum(p.amount) filter (where ${GAME_REAL}), 0)
          + coalesce(sum(p.amount) filter (where p.account like 'promotion:%'), 0))::text as ngr`,
    sql`(${GAME_REAL} or p.account like 'promotion:%')`,
    false,
  );
  const folded = foldRows(typed(rows, columns), (r) => `${r.currency}|${r.key}`, columns);
  return { name: 'ngr', query, columns, rows: sortRows(folded) };
}
