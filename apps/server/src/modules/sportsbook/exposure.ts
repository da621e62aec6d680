import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * What the casino stands to pay on one event: its open (unsettled) tickets, their stakes and what they
 * would pay if they all won, in the base currency's minor units. An accumulator counts in full on each
 * of its events, as the maximum per event counts it; each currency's sum is converted rounded up (as
 * the refusal converts), so the exposure is never understated. `unpriced`: a currency without a rate
 * was left out of the sums.
 */
export type EventExposure = {
  eventId: string;
  event: string;
  sport: string;
  tournament: string;
  eventDate: Date;
  /** A selection was taken live, or the event's start has passed. */
  started: boolean;
  tickets: number;
  stakeMinor: bigint;
  payoutMinor: bigint;
  unpriced: boolean;
};

type Row = {
  event_id: string;
  event: string;
  sport: string;
  tournament: string;
  event_date: Date | string;
  started: boolean;
  tickets: number | string;
  stake: string | null;
  payout: string | null;
  unpriced: boolean;
};

/** Every event with open tickets, the soonest first (at most `limit`). */
export async function openExposure(db: DbOrTx, limit = 500): Promise<EventExposure[]> {
  const rows = await rowsOf<Row>(
    db,
    sql`with open as (
          -- one row per ticket and event (a ticket with two selections on one event counts once there)
          select distinct on (i.round_id, i.event_id) i.round_id, i.event_id, i.event, i.sport, i.tournament,
                 i.event_date, i.stage, t.currency, t.stake_minor, t.odds
            from sportsbook_ticket_items i
            join sportsbook_tickets t on t.round_id = i.round_id
           where not t.settled
           order by i.round_id, i.event_id, i.position
        ), per_currency as (
          select event_id, currency, count(*) as tickets, min(event) as event, min(sport) as sport,
                 min(tournament) as tournament, min(event_date) as event_date, bool_or(stage = 2) as live,
                 settings_to_base_minor(sum(stake_minor), currency, true) as stake,
                 settings_to_base_minor(sum(floor(stake_minor::numeric * odds / 1000)), currency, true) as payout
            from open group by event_id, currency
        )
        select event_id, min(event) as event, min(sport) as sport, min(tournament) as tournament,
               min(event_date) as event_date, bool_or(live) or min(event_date) <= now() as started,
               sum(tickets)::int as tickets, coalesce(sum(stake), 0)::text as stake,
               coalesce(sum(payout), 0)::text as payout, bool_or(stake is null) as unpriced
          from per_currency
         group by event_id
         order by min(event_date), event_id
         limit ${limit}`,
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    event: r.event,
    sport: r.sport,
    tournament: r.tournament,
    eventDate: new Date(r.event_date),
    started: r.started,
    tickets: Number(r.tickets),
    stakeMinor: BigInt(r.stake ?? '0'),
    payoutMinor: BigInt(r.payout ?? '0'),
    unpriced: r.unpriced,
  }));
}
