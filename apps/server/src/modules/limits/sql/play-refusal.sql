-- limits: whether a player may stake now.

-- Starts of the current UTC calendar periods, in contracts CashPeriods' order: the day, the week (from
-- Monday), the month.
CREATE OR REPLACE FUNCTION limits_period_starts(p_now timestamptz) RETURNS timestamptz[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    date_trunc('day', p_now AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    date_trunc('week', p_now AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    date_trunc('month', p_now AT TIME ZONE 'UTC') AT TIME ZONE 'UTC']
$$;

-- Whether a self-exclusion or cooling-off is in effect, and whether any bet or loss limit of a
-- currency is: one index lookup, inlined into the caller's query.
CREATE OR REPLACE FUNCTION limits_flags(p_player uuid, p_currency text, p_now timestamptz)
RETURNS TABLE (excluded boolean, money boolean) LANGUAGE sql STABLE AS $$
  SELECT coalesce(bool_or(lp.type IN (limit_definition('selfExclusion'), limit_definition('coolingOff'))), false),
         coalesce(bool_or(lp.type IN (limit_definition('bet'), limit_definition('loss')) AND lp.currency = p_currency), false)
    FROM player_limits lp
   WHERE lp.player_id = p_player AND lp.starts_at <= p_now AND (lp.expires_at IS NULL OR lp.expires_at > p_now)
$$;

-- Whether a player may stake `p_stake` (null: the smallest bet, at game start) now, in the order the
-- web expects: 11002 blocked, 11008 closed, 14103 limited, 14105 self-excluded or cooling off (status or a limit in
-- effect), then the bet (14100) and loss (14101) limits of the currency for the UTC day, the week from
-- Monday and the month. Of several limits with one type and period, the one that started last counts.
-- `p_excluded` and `p_money` are limits_flags of the player (read in the caller's own query); the play
-- so far is the wallet's count of the account `p_account`.
CREATE OR REPLACE FUNCTION limits_play_refusal(
  p_player uuid, p_account uuid, p_status integer, p_currency text, p_stake bigint, p_now timestamptz,
  p_excluded boolean, p_money boolean,
  OUT code integer, OUT period text
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_starts timestamptz[];
  v_totals jsonb;
  v_used numeric;
  l record;
BEGIN
  IF p_status = player_status('blocked') THEN code := error_code('accountBlocked'); RETURN; END IF;
  IF p_status = player_status('closed') THEN code := error_code('accountClosed'); RETURN; END IF;
  IF p_status = player_status('limited') THEN code := error_code('limitedPlayer'); RETURN; END IF;
  IF p_status IN (player_status('selfExcluded'), player_status('coolingOff')) THEN code := error_code('gameSelfExcluded'); RETURN; END IF;
  IF p_excluded THEN code := error_code('gameSelfExcluded'); RETURN; END IF;
  IF NOT p_money THEN RETURN; END IF;
  v_starts := limits_period_starts(p_now);
  FOR l IN
    SELECT DISTINCT ON (lp.type, lp.period) lp.type, lp.period, lp.amount_minor
      FROM player_limits lp
     WHERE lp.player_id = p_player AND lp.type IN (limit_definition('bet'), limit_definition('loss')) AND lp.currency = p_currency
       AND lp.starts_at <= p_now AND (lp.expires_at IS NULL OR lp.expires_at > p_now)
     ORDER BY lp.type, lp.period, lp.starts_at DESC
  LOOP
    IF v_totals IS NULL THEN
      SELECT jsonb_object_agg(
               (cash_periods())[t.n],
               jsonb_build_object('bets', t.stakes, 'wins', t.wins))
        INTO v_totals
        FROM wallet_play_since(p_account, ARRAY(SELECT (d AT TIME ZONE 'UTC')::date FROM unnest(v_starts) d)) t;
    END IF;
    v_used := (v_totals -> l.period ->> 'bets')::numeric
              - CASE WHEN l.type = limit_definition('loss') THEN (v_totals -> l.period ->> 'wins')::numeric ELSE 0 END;
    IF v_used + coalesce(p_stake, 1) > coalesce(l.amount_minor, 0) THEN
      code := CASE WHEN l.type = limit_definition('bet') THEN error_code('gameLimitReached') ELSE error_code('gameLossLimitReached') END;
      period := l.period;
      RETURN;
    END IF;
  END LOOP;
END $$;
