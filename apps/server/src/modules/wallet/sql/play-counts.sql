-- wallet: play per account and UTC day (wallet_play_counts), the one count that limits, the turnover
-- gate and bonus wagering read.

-- Adds a wallet call's play to its day: stakes (negative for a rollback, on the bet's day), wins, and
-- the turnover rule's money at risk of a round that closed. One statement, run by the call that moves
-- the money (PL/pgSQL, so its plan is kept).
CREATE OR REPLACE FUNCTION wallet_count_play(
  p_account uuid, p_day date, p_stake_real bigint, p_stake_bonus bigint, p_win_real bigint, p_win_bonus bigint,
  p_at_risk bigint
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_play_counts AS c (account_id, day, stake_real, stake_bonus, win_real, win_bonus, at_risk)
  VALUES (p_account, p_day, p_stake_real, p_stake_bonus, p_win_real, p_win_bonus, p_at_risk)
  ON CONFLICT (account_id, day) DO UPDATE
     SET stake_real = c.stake_real + EXCLUDED.stake_real, stake_bonus = c.stake_bonus + EXCLUDED.stake_bonus,
         win_real = c.win_real + EXCLUDED.win_real, win_bonus = c.win_bonus + EXCLUDED.win_bonus,
         at_risk = c.at_risk + EXCLUDED.at_risk;
END $$;

-- An account's play since each of `p_starts` (UTC days), in their order (`n`, from 1; equal starts
-- such as a Monday's day and week are answered each): stakes and wins, real + bonus, in one index range.
CREATE OR REPLACE FUNCTION wallet_play_since(p_account uuid, p_starts date[])
RETURNS TABLE (n bigint, stakes numeric, wins numeric) LANGUAGE sql STABLE AS $$
  SELECT s.n,
         coalesce(sum(c.stake_real + c.stake_bonus) FILTER (WHERE c.day >= s.since), 0),
         coalesce(sum(c.win_real + c.win_bonus) FILTER (WHERE c.day >= s.since), 0)
    FROM unnest(p_starts) WITH ORDINALITY AS s(since, n)
    LEFT JOIN wallet_play_counts c ON c.account_id = p_account AND c.day >= s.since
   GROUP BY s.n
$$;

-- Net real-money losses over the UTC days [p_start, p_end): real stakes − real wins (rollbacks netted),
-- per account that lost, of one currency (p_currency) and one player (p_player; null: every one).
-- What cashback pays a share of; bonus money staked or won never counts.
CREATE OR REPLACE FUNCTION wallet_real_losses(p_start date, p_end date, p_currency text, p_player uuid)
RETURNS TABLE (account_id uuid, player_id uuid, currency text, net_loss numeric) LANGUAGE sql STABLE AS $$
  SELECT a.id, a.player_id, a.currency, sum(c.stake_real - c.win_real)
    FROM wallet_play_counts c JOIN wallet_accounts a ON a.id = c.account_id
   WHERE c.day >= p_start AND c.day < p_end
     AND (p_player IS NULL OR a.player_id = p_player)
     AND (p_currency IS NULL OR a.currency = p_currency)
   GROUP BY a.id, a.player_id, a.currency
  HAVING sum(c.stake_real - c.win_real) > 0
$$;
