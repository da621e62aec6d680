import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';

/**
 * The money an account put at risk in play (minor units): what the turnover gate, an anti-money-
 * laundering control, counts as wagered. Per closed round, min(stake, |win − stake|): a lost stake, an
 * even-money bet either way and a win of twice the stake or more count the whole stake, while a round
 * whose return was all but certain counts only what it moved (every roulette pocket covered: 37 staked,
 * 36 back, 1 counts). The wallet never learns a round's bet layout, so the rule reads only its outcome;
 * a hedge within a round counts, in the long run, about what it can lose. Stakes and wins are net of
 * rollbacks; a round counts once it closes.
 */
export async function moneyAtRisk(db: DbOrTx, playerId: string, accountId: string): Promise<bigint> {
  const [row] = await rowsOf<{ at_risk: string }>(
    db,
    sql`select coalesce(sum(least(bet_minor, abs(win_minor - bet_minor))), 0)::text as at_risk
          from game_rounds
         where player_id = ${playerId}::uuid and account_id = ${accountId}::uuid and closed`,
  );
  return BigInt(row?.at_risk ?? '0');
}
