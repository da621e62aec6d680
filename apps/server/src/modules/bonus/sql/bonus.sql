-- bonus: a player's bonus from activation to its end, and the rule it adds to every wallet call.
-- Every function here runs with the account's wallet lock held (the game calls hold it; the others take
-- it first), so a completion, a bet and a cancellation of one account never interleave.

-- The account's active bonus (at most one: player_bonuses_one_active_idx), or no row.
CREATE OR REPLACE FUNCTION bonus_active(p_account uuid) RETURNS SETOF player_bonuses LANGUAGE sql STABLE AS $$
  SELECT * FROM player_bonuses WHERE account_id = p_account AND status = bonus_status('active')
$$;

-- The payload of a bonus's change (contracts EventMap 'bonus.updated').
CREATE OR REPLACE FUNCTION bonus_event_payload(b player_bonuses, p_change text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'change', p_change, 'playerId', b.player_id, 'bonusId', b.id, 'name', b.name, 'currency', b.currency, 'status', b.status,
    'result', b.result, 'amount', b.amount_minor::text, 'progress', b.wager_progress_minor::text,
    'required', b.wager_required_minor::text)
$$;

-- The event of a bonus's change: 'activated', 'progress' or 'finished' ('issued' is written by
-- bonus/service.ts).
CREATE OR REPLACE FUNCTION bonus_event(b player_bonuses, p_change text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO outbox (event, payload) VALUES ('bonus.updated', bonus_event_payload(b, p_change))
$$;

-- Whether account `p_account` has a deposit bonus waiting for activation (every stake asks: it lapses).
-- PL/pgSQL, so its plan is kept: a SQL function with a subquery is never inlined, and was planned again on
-- every bet (0.12 ms of the database's time a bet+win pair in `bench:wallet -- --functions`).
CREATE OR REPLACE FUNCTION bonus_deposit_waiting(p_account uuid) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM player_bonuses
                  WHERE account_id = p_account AND status = bonus_status('issued') AND invoice_id IS NOT NULL);
END $$;

-- A deposit bonus waiting for activation is no free option on its deposit: once money is staked on its
-- account, the waiting deposit bonuses there lapse (finished, result 4 expired, the event's reason
-- 'deposit-staked': the player is told why). No money moves: an issued bonus has posted none. Run by a
-- stake (game_wallet_bet_ticket) and by an activation that finds the deposit played (bonus_activate),
-- under the account's lock.
CREATE OR REPLACE FUNCTION bonus_lapse_waiting_deposits(p_account uuid, p_only uuid, p_now timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  WITH lapsed AS (
    UPDATE player_bonuses
       SET status = bonus_status('finished'), result = bonus_result('expired'), finished_at = p_now
     WHERE account_id = p_account AND status = bonus_status('issued') AND invoice_id IS NOT NULL AND (p_only IS NULL OR id = p_only)
    RETURNING *
  ), told AS (
    INSERT INTO outbox (event, payload)
    SELECT 'bonus.updated', bonus_event_payload(l, 'finished') || jsonb_build_object('reason', 'deposit-staked')
      FROM lapsed l
    RETURNING 1
  )
  SELECT count(*) INTO v_count FROM told;
  RETURN v_count;
END $$;

-- A bet's refusal by the active bonus `b`, or null: a round's stakes above the bonus's maximum bet (the
-- round's total, so a stake split in two does not slip under it), or bonus money staked on a game the
-- bonus excludes.
CREATE OR REPLACE FUNCTION bonus_stake_refusal(
  b player_bonuses, p_round_stake bigint, p_bonus_part bigint, p_game uuid
) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN b.max_bet_minor IS NOT NULL AND p_round_stake > b.max_bet_minor
      THEN jsonb_build_object('code', error_code('bonusMaxBetExceeded'), 'maxBet', b.max_bet_minor, 'currency', b.currency)
    WHEN p_bonus_part > 0 AND p_game = ANY (b.excluded_games) THEN jsonb_build_object('code', error_code('restrictedBets'), 'reason', 'bonus')
  END
$$;

-- Ends bonus `b` (locked account `a`) with `p_result`: wagered (2) turns its bonus money real, up to
-- its maximum conversion, and removes the rest; cancelled (3) and expired (4) remove it; lost (5) finds
-- none left. One ledger entry per end, keyed by the bonus, so an end happens once.
CREATE OR REPLACE FUNCTION bonus_finish(b player_bonuses, a wallet_accounts, p_result integer, p_now timestamptz)
RETURNS player_bonuses LANGUAGE plpgsql AS $$
DECLARE
  v_converted bigint := 0;
  v_posted record;
BEGIN
  IF b.status = bonus_status('active') AND a.bonus_balance > 0 THEN
    IF p_result = bonus_result('played') THEN v_converted := least(a.bonus_balance, coalesce(b.max_conversion_minor, a.bonus_balance)); END IF;
    v_posted := wallet_post_locked(a, 'bonus:' || b.id || ':end', 'bonus', v_converted, -a.bonus_balance, 0,
                                   jsonb_build_object('bonusId', b.id, 'result', p_result), 'bonus:' || b.source);
    IF v_posted.status <> 'posted' THEN RAISE EXCEPTION 'bonus % could not end: %', b.id, v_posted.status; END IF;
  END IF;
  UPDATE player_bonuses
     SET status = bonus_status('finished'), result = p_result, finished_at = p_now,
         converted_minor = CASE WHEN b.status = bonus_status('active') THEN v_converted END,
         forfeited_minor = CASE WHEN b.status = bonus_status('active') THEN greatest(a.bonus_balance, 0) - v_converted END
   WHERE id = b.id
  RETURNING * INTO b;
  PERFORM bonus_event(b, 'finished');
  RETURN b;
END $$;

-- What active bonus `b` of a locked account comes to now: expired (its time is up), wagered (the
-- requirement is met) or lost (no bonus money left), the last two once no round staked with bonus money
-- is open (its win would still pay bonus money): `p_open_rounds`, counted by the game module, which owns
-- the rounds (null: not counted, taken as open; bonus_settle's caller counts whenever bonus_may_end).
-- True when it ended.
CREATE OR REPLACE FUNCTION bonus_conclude(b player_bonuses, p_open_rounds integer, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  a wallet_accounts;
BEGIN
  SELECT * INTO a FROM wallet_account(b.account_id);
  IF b.wagering_expires_at <= p_now THEN
    PERFORM bonus_finish(b, a, bonus_result('expired'), p_now);
    RETURN true;
  END IF;
  IF b.wager_progress_minor < b.wager_required_minor AND a.bonus_balance > 0 THEN RETURN false; END IF;
  IF coalesce(p_open_rounds, 1) > 0 THEN RETURN false; END IF;
  PERFORM bonus_finish(b, a, CASE WHEN b.wager_progress_minor >= b.wager_required_minor THEN bonus_result('played') ELSE bonus_result('lost') END, p_now);
  RETURN true;
END $$;

-- The wagering progress of bonus `b` once a settled stake `p_stake` on game `p_game` (of type
-- `p_game_type`) counts: by its game's share (none for an excluded game), within 0 and the requirement.
CREATE OR REPLACE FUNCTION bonus_progress_after(b player_bonuses, p_game uuid, p_game_type text, p_stake bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT greatest(0, least(b.wager_required_minor, b.wager_progress_minor + p_stake * CASE
    WHEN p_game = ANY (b.excluded_games) THEN 0
    ELSE coalesce((b.contributions ->> coalesce(p_game_type, ''))::integer, 0) END / 100))
$$;

-- Whether bonus `b` may end as that stake settles (`p_bonus_balance`: the account's bonus money after the
-- call): its time is up, the requirement is met, or no bonus money is left. Only then does bonus_settle
-- conclude it, and only then does its caller count the bonus's open rounds for it (rare: the usual round
-- ends nothing, and counts nothing).
CREATE OR REPLACE FUNCTION bonus_may_end(
  b player_bonuses, p_game uuid, p_game_type text, p_stake bigint, p_bonus_balance bigint, p_now timestamptz
) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT b.wagering_expires_at <= p_now OR p_bonus_balance = 0
      OR bonus_progress_after(b, p_game, p_game_type, p_stake) >= b.wager_required_minor
$$;

-- A settled stake (a round's stakes as it closes, or a later rollback's negative) of a round that bonus
-- `b` staked counts toward it while it is active (as the wallet call read it, under the lock; the caller
-- passes the round's own bonus, never another) by its game's share (none for an excluded
-- game); then the bonus is concluded if it may have ended (`p_bonus_balance`: the account's bonus money
-- after the call; `p_open_rounds`: its rounds staked with bonus money still open, which the caller counts
-- when bonus_may_end, else null). Progress is told (an event) when it passes a whole percent of the
-- requirement, not on every round: a player sees it move, and a busy table does not write an event per
-- bet. True when it wrote events.
CREATE OR REPLACE FUNCTION bonus_settle(
  b player_bonuses, p_game uuid, p_game_type text, p_stake bigint, p_bonus_balance bigint, p_open_rounds integer,
  p_now timestamptz
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_before bigint := b.wager_progress_minor;
  v_progress bigint := bonus_progress_after(b, p_game, p_game_type, p_stake);
  -- Of `b` as read, before its progress is written below.
  v_may_end boolean := bonus_may_end(b, p_game, p_game_type, p_stake, p_bonus_balance, p_now);
BEGIN
  IF v_progress <> v_before THEN
    UPDATE player_bonuses SET wager_progress_minor = v_progress WHERE id = b.id RETURNING * INTO b;
  END IF;
  -- Only an end that may have come is looked into (the usual round ends nothing: one less call).
  IF v_may_end THEN
    IF bonus_conclude(b, p_open_rounds, p_now) THEN RETURN true; END IF;
  END IF;
  IF b.wager_required_minor > 0
     AND v_progress * 100 / b.wager_required_minor <> v_before * 100 / b.wager_required_minor THEN
    PERFORM bonus_event(b, 'progress');
    RETURN true;
  END IF;
  RETURN false;
END $$;

-- The player's bonus `p_bonus` and its account, locked (null fields when it is not the player's),
-- read again after the lock so what the caller checks is settled.
CREATE OR REPLACE FUNCTION bonus_lock_own(p_bonus uuid, p_player uuid, OUT b player_bonuses, OUT a wallet_accounts)
LANGUAGE plpgsql AS $$
DECLARE
  v_account uuid;
BEGIN
  SELECT account_id INTO v_account FROM player_bonuses WHERE id = p_bonus AND player_id = p_player;
  IF v_account IS NULL THEN RETURN; END IF;
  a := wallet_lock_account(v_account);
  SELECT * INTO b FROM player_bonuses WHERE id = p_bonus;
END $$;

-- The player activates issued bonus `p_bonus`: an active bonus of the same account is cancelled first
-- (its bonus money forfeited: the change-active-bonus modal says so), then the amount is posted as bonus
-- money and wagering begins. Answers the outcome ('activated', 'not_found' when not the player's,
-- 'not_issued', 'expired': past its activation date, it ends so; 'lapsed': a deposit bonus whose deposit
-- was staked before this, it ends so — a stake normally lapses it at once, this catches a stake that came
-- between the deposit's credit and the bonus's issue) and the bonus.
CREATE OR REPLACE FUNCTION bonus_activate(p_bonus uuid, p_player uuid, p_now timestamptz, OUT outcome text, OUT bonus player_bonuses)
LANGUAGE plpgsql AS $$
DECLARE
  own record := bonus_lock_own(p_bonus, p_player);
  b player_bonuses := own.b;
  a wallet_accounts := own.a;
  v_posted record;
BEGIN
  IF b.id IS NULL THEN outcome := 'not_found'; RETURN; END IF;
  bonus := b;
  IF b.status <> bonus_status('issued') THEN outcome := 'not_issued'; RETURN; END IF;
  IF b.activation_expires_at <= p_now THEN
    bonus := bonus_finish(b, a, bonus_result('expired'), p_now);
    outcome := 'expired';
    RETURN;
  END IF;
  IF b.invoice_id IS NOT NULL AND wallet_staked_after(b.account_id, 'deposit:' || b.invoice_id) THEN
    PERFORM bonus_lapse_waiting_deposits(b.account_id, b.id, p_now);
    SELECT * INTO bonus FROM player_bonuses WHERE id = b.id;
    outcome := 'lapsed';
    RETURN;
  END IF;
  PERFORM bonus_finish(o, a, bonus_result('canceled'), p_now) FROM bonus_active(b.account_id) o;
  SELECT * INTO a FROM wallet_account(b.account_id);
  v_posted := wallet_post_locked(a, 'bonus:' || b.id || ':activate', 'bonus', 0, b.amount_minor, 0,
                                 jsonb_build_object('bonusId', b.id), 'bonus:' || b.source);
  IF v_posted.status <> 'posted' THEN outcome := 'too_large'; RETURN; END IF;
  UPDATE player_bonuses
     SET status = bonus_status('active'), activated_at = p_now, wagering_expires_at = p_now + make_interval(days => b.wagering_days)
   WHERE id = b.id
  RETURNING * INTO b;
  PERFORM bonus_event(b, 'activated');
  bonus := b;
  outcome := 'activated';
END $$;

-- The player cancels bonus `p_bonus`: an issued one simply ends; an active one forfeits its bonus money
-- (and the bonus share of any round still open). Result 3. Answers the outcome ('cancelled',
-- 'not_found', 'finished') and the bonus.
CREATE OR REPLACE FUNCTION bonus_cancel(p_bonus uuid, p_player uuid, p_now timestamptz, OUT outcome text, OUT bonus player_bonuses)
LANGUAGE plpgsql AS $$
DECLARE
  own record := bonus_lock_own(p_bonus, p_player);
  b player_bonuses := own.b;
  a wallet_accounts := own.a;
BEGIN
  IF b.id IS NULL THEN outcome := 'not_found'; RETURN; END IF;
  bonus := b;
  IF b.status = bonus_status('finished') THEN outcome := 'finished'; RETURN; END IF;
  bonus := bonus_finish(b, a, bonus_result('canceled'), p_now);
  outcome := 'cancelled';
END $$;

-- Ends what time has ended, up to `p_limit` bonuses: issued ones past activation, active ones past
-- wagering (their bonus money removed). Answers how many ended. Any node may run it: each bonus is
-- re-read under its account's lock.
CREATE OR REPLACE FUNCTION bonus_expire_due(p_now timestamptz, p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
  b player_bonuses;
  a wallet_accounts;
  v_count integer := 0;
BEGIN
  FOR v_id IN
    SELECT id FROM player_bonuses
     WHERE (status = bonus_status('issued') AND activation_expires_at <= p_now)
        OR (status = bonus_status('active') AND wagering_expires_at <= p_now)
     ORDER BY created_at LIMIT p_limit
  LOOP
    SELECT * INTO b FROM player_bonuses WHERE id = v_id;
    a := wallet_lock_account(b.account_id);
    SELECT * INTO b FROM player_bonuses WHERE id = v_id;
    IF (b.status = bonus_status('issued') AND b.activation_expires_at <= p_now)
       OR (b.status = bonus_status('active') AND b.wagering_expires_at <= p_now) THEN
      PERFORM bonus_finish(b, a, bonus_result('expired'), p_now);
      v_count := v_count + 1;
    END IF;
  END LOOP;
  RETURN v_count;
END $$;
