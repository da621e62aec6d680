import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { SPORTSBOOK_GAME } from '../catalogue/seed/sportsbook-game.ts';

/**
 * A casino round its provider has not called about for this long is taken as abandoned (a provider that
 * never closes its rounds must not keep a player from closing their account). Should it pay after all,
 * the money still reaches the player: a closed account holding real money signs in to withdraw it.
 */
export const ABANDONED_ROUND_MS = 24 * 3_600_000;

/** What of a player's play can still move money: sports tickets not settled, casino rounds not closed. */
export type OpenPlay = { sportsBets: number; casinoRounds: number };

/**
 * The player's open play: tickets and rounds with a stake that are not closed (a voided ticket has none
 * left). Read under the accounts' wallet locks (the closure's), it is exact: every bet takes its
 * account's lock and reads the player's status after it.
 */
export async function openPlayOf(db: DbOrTx, playerId: string, now = new Date()): Promise<OpenPlay> {
  const since = new Date(now.getTime() - ABANDONED_ROUND_MS).toISOString();
  const [row] = await rowsOf<{ sports: number; casino: number }>(
    db,
    sql`select count(*) filter (where r.game_id = ${SPORTSBOOK_GAME.id}::uuid)::int as sports,
               count(*) filter (where r.game_id <> ${SPORTSBOOK_GAME.id}::uuid
                                  and r.updated_at > ${since}::timestamptz)::int as casino
          from game_rounds r
         where r.player_id = ${playerId}::uuid and not r.closed and r.bet_minor > 0`,
  );
  return { sportsBets: row?.sports ?? 0, casinoRounds: row?.casino ?? 0 };
}
