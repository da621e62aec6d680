import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { fieldError } from '../../../lib/errors.ts';
import { playerCountries, signUpsByDay } from '../../player/index.ts';
import { dayAfter, daysOf, type Column, type Report, type ReportQuery } from '../report.ts';

/**
 * Players per UTC day (or per country over the span): new (signed up), active (placed a bet: a bet
 * transfer), first-time depositors (their first deposit transfer ever fell on that day). Per player,
 * not per currency.
 */
export async function playersReport(db: DbOrTx, query: ReportQuery): Promise<Report> {
  if (query.by && query.by !== 'day' && query.by !== 'country')
    throw fieldError('by', 'the players report is by day or country');
  const byCountry = query.by === 'country';
  const columns: Column[] = [
    { key: 'key', label: byCountry ? 'country' : 'day', type: 'text' },
    { key: 'new', label: 'new', type: 'count' },
    { key: 'active', label: 'active', type: 'count' },
    { key: 'firstDeposits', label: 'first-time depositors', type: 'count' },
  ];
  const facts = await rowsOf<{ day: string; player_id: string; fact: 'active' | 'firstDeposits' }>(
    db,
    sql`select distinct (p.created_at at time zone 'UTC')::date::text as day, p.player_id, 'active' as fact
          from wallet_postings(${query.from}::date::timestamp at time zone 'UTC',
                               ${dayAfter(query.to)}::date::timestamp at time zone 'UTC') p
         where p.kind = 'bet' and p.wallet_account_id is not null
        union all
        select f.day, f.player_id, 'firstDeposits'
          from (select p.player_id, (min(p.created_at) at time zone 'UTC')::date::text as day
                  from wallet_postings('-infinity', ${dayAfter(query.to)}::date::timestamp at time zone 'UTC') p
                 where p.kind = 'deposit' and p.wallet_account_id is not null
                 group by p.player_id) f
         where f.day >= ${query.from}`,
  );
  const signUps = (await signUpsByDay(db, query.from, query.to)).map((s) => ({ ...s, fact: 'new' as const }));
  const all = [...facts.map((f) => ({ day: f.day, playerId: f.player_id, fact: f.fact })), ...signUps];
  const countries = byCountry
    ? await playerCountries(
        db,
        all.map((f) => f.playerId),
      )
    : null;
  const keyOf = (f: { day: string; playerId: string }) => (countries ? countries.get(f.playerId) || '(none)' : f.day);
  type Sets = Record<'new' | 'active' | 'firstDeposits', Set<string>>;
  const rows = new Map<string, { key: string; sets: Sets }>();
  for (const key of byCountry ? [] : daysOf(query.from, query.to))
    rows.set(key, { key, sets: { new: new Set(), active: new Set(), firstDeposits: new Set() } });
  for (const f of all) {
    const key = keyOf(f);
    if (!rows.has(key)) rows.set(key, { key, sets: { new: new Set(), active: new Set(), firstDeposits: new Set() } });
    rows.get(key)!.sets[f.fact].add(f.playerId);
  }
  const out = [...rows.values()]
    .sort((a, b) => a.key.localeCompare(b.key))
    .map(({ key, sets }) => ({
      key,
      new: sets.new.size,
      active: sets.active.size,
      firstDeposits: sets.firstDeposits.size,
    }));
  return { name: 'players', query, columns, rows: out };
}
