import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * Stakes and wins (real + bonus, net of rollbacks) of a player's account in a currency since each UTC
 * day start, in order: the wallet's play count (wallet_play_counts), which every bet, win and rollback
 * writes in the statement that moves the money.
 */
export async function playSinceDays(
  db: DbOrTx,
  playerId: string,
  currency: string,
  days: Date[],
): Promise<{ stakes: bigint; wins: bigint }[]> {
  const list = days.map((d) => d.toISOString().slice(0, 10));
  const rows = await rowsOf<{ n: string | number; stakes: string; wins: string }>(
    db,
    sql`select n, stakes::text as stakes, wins::text as wins
          from wallet_play_since(wallet_account_id(${playerId}::uuid, ${currency}), ${`{${list.join(',')}}`}::date[])`,
  );
  const byOrder = new Map(rows.map((r) => [Number(r.n), r]));
  return days.map((_, i) => {
    const row = byOrder.get(i + 1);
    return { stakes: BigInt(row?.stakes ?? '0'), wins: BigInt(row?.wins ?? '0') };
  });
}

/**
 * The money an account put at risk in play (minor units): what the turnover gate, an anti-money-
 * laundering control, counts as wagered. Per closed round, min(stake, |win − stake|): a lost stake, an
 * even-money bet either way and a win of twice the stake or more count the whole stake, while a round
 * whose return was all but certain counts only what it moved (every roulette pocket covered: 37 staked,
 * 36 back, 1 counts). The wallet never learns a round's bet layout, so the rule reads only its outcome;
 * a hedge within a round counts, in the long run, about what it can lose. Stakes and wins are net of
 * rollbacks; a round counts once it closes. Counted by the game's wallet calls as rounds close.
 */
export async function moneyAtRisk(db: DbOrTx, accountId: string): Promise<bigint> {
  const [row] = await rowsOf<{ at_risk: string }>(
    db,
    sql`select coalesce(sum(at_risk), 0)::text as at_risk from wallet_play_counts where account_id = ${accountId}::uuid`,
  );
  return BigInt(row?.at_risk ?? '0');
}

/**
 * Net real-money losses (real stakes − real wins) over the UTC days [start, end), per account that
 * lost, of every player and currency: the wallet's `wallet_real_losses`, as cashback reads it.
 */
export async function realLossesBetween(
  db: DbOrTx,
  start: string,
  end: string,
): Promise<{ playerId: string; currency: string; lossMinor: bigint }[]> {
  const rows = await rowsOf<{ player_id: string; currency: string; net_loss: string }>(
    db,
    sql`select player_id, currency, net_loss::text as net_loss
          from wallet_real_losses(${start}::date, ${end}::date, null::text, null::uuid)`,
  );
  return rows.map((r) => ({ playerId: r.player_id, currency: r.currency, lossMinor: BigInt(r.net_loss) }));
}
