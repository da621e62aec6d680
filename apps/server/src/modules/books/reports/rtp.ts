import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { fieldError } from '../../../lib/errors.ts';
import { gameFacts } from '../../game/index.ts';
import { dayAfter, typed, type Column, type Report, type ReportQuery, type Row } from '../report.ts';

/**
 * The actual return to player per casino game (wins ÷ stakes, real and bonus money alike: the game's
 * maths does not know which) beside the game's theoretical RTP, with the rounds played: the legs of
 * the game providers' accounts (bets net of rollbacks, wins).
 */
export async function rtpReport(db: DbOrTx, query: ReportQuery): Promise<Report> {
  if (query.by && query.by !== 'game') throw fieldError('by', 'the RTP report is per game');
  const columns: Column[] = [
    { key: 'currency', label: 'currency', type: 'text' },
    { key: 'game', label: 'game', type: 'text' },
    { key: 'provider', label: 'provider', type: 'text' },
    { key: 'rounds', label: 'rounds', type: 'count' },
    { key: 'stakes', label: 'stakes', type: 'money' },
    { key: 'wins', label: 'wins', type: 'money' },
    { key: 'actual', label: 'actual RTP', type: 'ratio' },
    { key: 'theoretical', label: 'theoretical RTP', type: 'ratio' },
  ];
  const rows = await rowsOf<Row>(
    db,
    sql`select p.currency, coalesce(p.reference ->> 'gameIdentity', '') as game,
               count(distinct p.reference ->> 'roundId') filter (where p.kind = 'bet') as rounds,
               coalesce(sum(p.amount) filter (where p.kind <> 'win'), 0)::text as stakes,
               coalesce(-sum(p.amount) filter (where p.kind = 'win'), 0)::text as wins
          from wallet_postings(${query.from}::date::timestamp at time zone 'UTC',
                               ${dayAfter(query.to)}::date::timestamp at time zone 'UTC') p
         where p.wallet_account_id is null and p.account like 'casino:%'
           and (${query.currency ?? null}::text is null or p.currency = ${query.currency ?? null})
         group by 1, 2 order by 1, 2`,
  );
  const facts = await gameFacts(
    db,
    rows.map((r) => String(r.game)),
  );
  const out = typed(rows, columns).map((r) => {
    const game = facts.get(String(r.game));
    const stakes = r.stakes as bigint;
    return {
      ...r,
      provider: game?.provider ?? '',
      actual: stakes > 0n ? Number(r.wins as bigint) / Number(stakes) : null,
      theoretical: game?.theoreticalRtp ?? null,
    };
  });
  return { name: 'rtp', query, columns, rows: out };
}
