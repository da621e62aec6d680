-- game: the turnover rule's money at risk, counted over positions open at the same time
-- (game_risk_positions). A deposit must be staked before it can be withdrawn (an anti-money-laundering
-- control), and what counts is money that could be lost: for a round, the smaller of its stake and what
-- it won or lost; for rounds open together (every outcome of one event backed, red and black in two
-- sessions), the same of their stakes and wins together, so bets that hedge each other count only what
-- they could lose together. A group holds the rounds that opened while another of it was open: per
-- account, `casino` for the games (taking new rounds for 10 minutes from its start, so a round a
-- provider never closes holds nothing up for long) and `event:<id>` for sports tickets on one event.
-- Every function runs under the account's lock (the wallet call holds it).

-- Money at risk of stakes `p_bet` that won `p_win` in all.
CREATE OR REPLACE FUNCTION game_at_risk(p_bet bigint, p_win bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT least(p_bet, abs(p_win - p_bet))
$$;

-- A round of account `p_account` becomes a position (its first stake): it joins the open group of its
-- key, or starts one. Answers the group.
CREATE OR REPLACE FUNCTION game_risk_open(p_account uuid, p_key text, p_round uuid, p_now timestamptz)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_group uuid;
BEGIN
  INSERT INTO game_risk_positions AS p (account_id, key, group_id, started_at, open_rounds, bet_minor, win_minor)
  VALUES (p_account, p_key, p_round, p_now, 1, 0, 0)
  ON CONFLICT (account_id, key) DO UPDATE
     SET group_id = CASE WHEN game_risk_joins(p, p_now) THEN p.group_id ELSE EXCLUDED.group_id END,
         started_at = CASE WHEN game_risk_joins(p, p_now) THEN p.started_at ELSE EXCLUDED.started_at END,
         open_rounds = CASE WHEN game_risk_joins(p, p_now) THEN p.open_rounds + 1 ELSE 1 END,
         bet_minor = CASE WHEN game_risk_joins(p, p_now) THEN p.bet_minor ELSE 0 END,
         win_minor = CASE WHEN game_risk_joins(p, p_now) THEN p.win_minor ELSE 0 END
  RETURNING group_id INTO v_group;
  RETURN v_group;
END $$;

-- Whether a round opening now joins group `p` rather than starting a new one: the group still has an
-- open round, and (for the games) began less than 10 minutes ago. Sports tickets on one event join
-- while any is open: the event settles them together.
CREATE OR REPLACE FUNCTION game_risk_joins(p game_risk_positions, p_now timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p.open_rounds > 0 AND (p.key <> 'casino' OR p.started_at > p_now - interval '10 minutes')
$$;

-- A position of group `p_group` changes: it closes (`p_closing`: one open round fewer) or stops being one
-- (voided while open: its stake refunded), and its round's stakes and wins change by `p_bet`, `p_win`
-- (as it closes: all of them; a closed round's later rollback: the refund). Answers the change of money
-- at risk to count now: the group's after less the group's before — or, for a group no longer the
-- current one of its key, the round's own (`p_round_bet`, `p_round_win`: the round before the change).
CREATE OR REPLACE FUNCTION game_risk_change(
  p_account uuid, p_key text, p_group uuid, p_closing boolean, p_voided boolean, p_bet bigint, p_win bigint,
  p_round_bet bigint, p_round_win bigint, p_round_closed boolean
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_bet bigint;
  v_win bigint;
BEGIN
  UPDATE game_risk_positions
     SET open_rounds = open_rounds - CASE WHEN p_closing OR p_voided THEN 1 ELSE 0 END,
         bet_minor = bet_minor + CASE WHEN p_voided THEN 0 ELSE p_bet END,
         win_minor = win_minor + CASE WHEN p_voided THEN 0 ELSE p_win END
   WHERE account_id = p_account AND key = p_key AND group_id = p_group
  RETURNING bet_minor, win_minor INTO v_bet, v_win;
  IF p_voided THEN RETURN 0; END IF;
  IF FOUND THEN RETURN game_at_risk(v_bet, v_win) - game_at_risk(v_bet - p_bet, v_win - p_win); END IF;
  -- A group past (a later one of its key began): the round counts on its own.
  RETURN game_at_risk(p_round_bet + p_bet, p_round_win + p_win)
       - CASE WHEN p_round_closed THEN game_at_risk(p_round_bet, p_round_win) ELSE 0 END;
END $$;
