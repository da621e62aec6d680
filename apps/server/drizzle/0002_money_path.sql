CREATE TABLE "currency_scales" (
	"code" text PRIMARY KEY NOT NULL,
	"subunit_to_unit" bigint NOT NULL,
	CONSTRAINT "currency_scales_power_of_ten" CHECK ("currency_scales"."subunit_to_unit" in (1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000))
);
--> statement-breakpoint
-- The money path as database functions: one round trip per wallet call, with the plans cached by the
-- server. Each module owns its functions as it owns its tables (settings: money_major; wallet:
-- wallet_*; player: player_play_state; limits: limits_play_refusal; game: game_*), and calls other
-- modules only through theirs. Numeric codes are those of packages/contracts (ErrorCode, PlayerStatus,
-- LimitDefinition, AccountStatus, BetStatus); push channels and events those of its channels.ts.

-- settings ------------------------------------------------------------------------------------------

-- Minor units as an exact major-unit number (12345 EUR → 123.45), as toMajor does in TypeScript.
CREATE FUNCTION money_major(p_minor bigint, p_currency text) RETURNS numeric LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_subunit bigint;
BEGIN
  SELECT subunit_to_unit INTO v_subunit FROM currency_scales WHERE code = p_currency;
  IF v_subunit IS NULL THEN
    RAISE EXCEPTION 'currency % is not in the currency list', p_currency;
  END IF;
  RETURN trim_scale(p_minor::numeric / v_subunit);
END $$;
--> statement-breakpoint

-- wallet --------------------------------------------------------------------------------------------

-- The wire account (contracts `Account`): balance = real + bonus; locked money is in neither; only
-- real money can be withdrawn. The one mapping of an account row to what players see.
CREATE FUNCTION wallet_wire_account(a wallet_accounts) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
    'id', a.id,
    'currency', a.currency,
    'status', CASE WHEN a.is_active THEN 1 ELSE 2 END,
    'balance', money_major(a.real_balance + a.bonus_balance, a.currency),
    'realBalance', money_major(a.real_balance, a.currency),
    'bonusBalance', money_major(a.bonus_balance, a.currency),
    'lockedBalance', money_major(a.locked_balance, a.currency),
    'withdrawalBalance', money_major(a.real_balance, a.currency));
END $$;
--> statement-breakpoint

-- The account row, locked for the rest of the transaction: every change of one account is serialised.
CREATE FUNCTION wallet_lock_account(p_account uuid) RETURNS wallet_accounts LANGUAGE sql AS $$
  SELECT * FROM wallet_accounts WHERE id = p_account FOR UPDATE
$$;
--> statement-breakpoint

-- What makes two postings with one idempotency key "the same request": the money movement, not the
-- free-form reference. The same text TypeScript hashed before this function existed, so keys posted
-- then still replay.
CREATE FUNCTION wallet_request_hash(p_account uuid, p_kind text, p_real bigint, p_bonus bigint, p_locked bigint)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(
    '["' || p_account || '","' || p_kind || '","' || p_real || '","' || p_bonus || '","' || p_locked || '"]', 'UTF8')), 'hex')
$$;
--> statement-breakpoint

-- THE way a balance changes, on an account row the caller has locked (wallet_lock_account): refuses
-- to go below zero or beyond 2^53 - 1 (the largest amount JSON states exactly), appends the ledger
-- entry with the after-balances, updates the account and enqueues account.balance.updated. A key seen
-- before answers 'replayed' (same movement) or 'conflict' (another one) and changes nothing.
CREATE FUNCTION wallet_post_locked(
  a wallet_accounts, p_key text, p_kind text, p_real bigint, p_bonus bigint, p_locked bigint, p_reference jsonb,
  OUT status text, OUT entry_id bigint, OUT account wallet_accounts
) LANGUAGE plpgsql AS $$
DECLARE
  v_hash text := wallet_request_hash(a.id, p_kind, p_real, p_bonus, p_locked);
  v_real numeric := a.real_balance::numeric + p_real;
  v_bonus numeric := a.bonus_balance::numeric + p_bonus;
  v_locked numeric := a.locked_balance::numeric + p_locked;
  v_earlier_hash text;
BEGIN
  account := a;
  IF v_real < 0 OR v_bonus < 0 OR v_locked < 0 OR greatest(v_real, v_bonus, v_locked) > 9007199254740991 THEN
    -- A replay of a posting that went through earlier is still answered as a replay.
    SELECT l.id, l.request_hash INTO entry_id, v_earlier_hash FROM ledger_entries l WHERE l.idempotency_key = p_key;
    IF FOUND THEN
      status := CASE WHEN v_earlier_hash = v_hash THEN 'replayed' ELSE 'conflict' END;
    ELSE
      status := CASE WHEN least(v_real, v_bonus, v_locked) < 0 THEN 'insufficient' ELSE 'too_large' END;
    END IF;
    RETURN;
  END IF;
  -- ON CONFLICT: the same key posted at this moment on another account (this row lock does not cover it).
  INSERT INTO ledger_entries (account_id, idempotency_key, request_hash, kind, real_delta, bonus_delta, locked_delta,
                              real_after, bonus_after, locked_after, reference)
  VALUES (a.id, p_key, v_hash, p_kind, p_real, p_bonus, p_locked, v_real, v_bonus, v_locked, coalesce(p_reference, '{}'))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO entry_id;
  IF entry_id IS NULL THEN
    SELECT l.id, l.request_hash INTO entry_id, v_earlier_hash FROM ledger_entries l WHERE l.idempotency_key = p_key;
    status := CASE WHEN v_earlier_hash = v_hash THEN 'replayed' ELSE 'conflict' END;
    RETURN;
  END IF;
  UPDATE wallet_accounts
     SET real_balance = v_real, bonus_balance = v_bonus, locked_balance = v_locked, updated_at = now()
   WHERE id = a.id
  RETURNING * INTO account;
  IF p_real <> 0 OR p_bonus <> 0 OR p_locked <> 0 THEN
    INSERT INTO outbox (event, channel, payload)
    VALUES ('account.balance.updated', 'wallet:accounts#' || a.player_id,
            jsonb_build_object('event', 'account.balance.updated', 'account', wallet_wire_account(account)));
  END IF;
  status := 'posted';
END $$;
--> statement-breakpoint

-- wallet_post_locked for a caller that holds no lock: locks the account first ('not_found' when none).
CREATE FUNCTION wallet_post(
  p_account uuid, p_key text, p_kind text, p_real bigint, p_bonus bigint, p_locked bigint, p_reference jsonb,
  OUT status text, OUT entry_id bigint, OUT account jsonb, OUT real_balance bigint, OUT bonus_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  a wallet_accounts;
  r record;
BEGIN
  SELECT * INTO a FROM wallet_lock_account(p_account);
  IF a.id IS NULL THEN
    status := 'not_found';
    RETURN;
  END IF;
  SELECT * INTO r FROM wallet_post_locked(a, p_key, p_kind, p_real, p_bonus, p_locked, p_reference);
  status := r.status;
  entry_id := r.entry_id;
  account := wallet_wire_account(r.account);
  real_balance := (r.account).real_balance;
  bonus_balance := (r.account).bonus_balance;
END $$;
--> statement-breakpoint

-- player --------------------------------------------------------------------------------------------

-- What play needs of a player: the status (contracts PlayerStatus), and whether the login session
-- that launched the game is still open (no session: not tied to one).
CREATE FUNCTION player_play_state(p_player uuid, p_session uuid, OUT status integer, OUT session_open boolean)
LANGUAGE sql STABLE AS $$
  SELECT p.status,
         p_session IS NULL OR EXISTS (SELECT 1 FROM player_sessions s WHERE s.id = p_session AND s.closed_at IS NULL)
    FROM players p
   WHERE p.id = p_player
$$;
--> statement-breakpoint

-- game: what limits read of play ----------------------------------------------------------------------

-- Applied bets and wins of a player in one currency since each of `p_starts` (rolled-back bets do not count).
CREATE FUNCTION game_play_totals(p_player uuid, p_currency text, p_starts timestamptz[])
RETURNS TABLE (since timestamptz, bets numeric, wins numeric) LANGUAGE sql STABLE AS $$
  SELECT s.since,
         coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'bet' AND t.created_at >= s.since), 0),
         coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'win' AND t.created_at >= s.since), 0)
    FROM unnest(p_starts) AS s(since)
    LEFT JOIN game_transactions t
      ON t.player_id = p_player AND t.currency = p_currency AND t.status = 'applied' AND t.created_at >= s.since
   GROUP BY s.since
$$;
--> statement-breakpoint

-- limits --------------------------------------------------------------------------------------------

-- Starts of the current UTC calendar periods: the day, the week (from Monday), the month.
CREATE FUNCTION limits_period_starts(p_now timestamptz) RETURNS timestamptz[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    date_trunc('day', p_now AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    date_trunc('week', p_now AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    date_trunc('month', p_now AT TIME ZONE 'UTC') AT TIME ZONE 'UTC']
$$;
--> statement-breakpoint

-- Whether a player may stake `p_stake` (null: the smallest bet, at game start) now, in the order the
-- web expects: 11002 blocked, 14103 limited, 14105 self-excluded or cooling off (status or a limit in
-- effect), then the bet (14100) and loss (14101) limits of the currency for the UTC day, the week from
-- Monday and the month. Of several limits with one type and period, the one that started last counts.
CREATE FUNCTION limits_play_refusal(
  p_player uuid, p_status integer, p_currency text, p_stake bigint, p_now timestamptz,
  OUT code integer, OUT period text
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_starts timestamptz[] := limits_period_starts(p_now);
  v_totals jsonb;
  v_used numeric;
  l record;
BEGIN
  IF p_status = 3 THEN code := 11002; RETURN; END IF;
  IF p_status = 2 THEN code := 14103; RETURN; END IF;
  IF p_status IN (4, 5) OR EXISTS (
    SELECT 1 FROM player_limits
     WHERE player_id = p_player AND type IN (4, 5) AND starts_at <= p_now AND (expires_at IS NULL OR expires_at > p_now)
  ) THEN
    code := 14105;
    RETURN;
  END IF;
  FOR l IN
    SELECT DISTINCT ON (type, lp.period) type, lp.period, amount_minor
      FROM player_limits lp
     WHERE player_id = p_player AND type IN (1, 2) AND currency = p_currency
       AND starts_at <= p_now AND (expires_at IS NULL OR expires_at > p_now)
     ORDER BY type, lp.period, starts_at DESC
  LOOP
    IF v_totals IS NULL THEN
      SELECT jsonb_object_agg(
               CASE t.since WHEN v_starts[1] THEN 'daily' WHEN v_starts[2] THEN 'weekly' ELSE 'monthly' END,
               jsonb_build_object('bets', t.bets, 'wins', t.wins))
        INTO v_totals
        FROM game_play_totals(p_player, p_currency, v_starts) t;
    END IF;
    v_used := (v_totals -> l.period ->> 'bets')::numeric
              - CASE WHEN l.type = 2 THEN (v_totals -> l.period ->> 'wins')::numeric ELSE 0 END;
    IF v_used + coalesce(p_stake, 1) > coalesce(l.amount_minor, 0) THEN
      code := CASE WHEN l.type = 1 THEN 14100 ELSE 14101 END;
      period := l.period;
      RETURN;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint

-- game: the seamless wallet ---------------------------------------------------------------------------

-- Creates or updates a round with a bet/win change. Safe without a round lock: every write of a round
-- holds its account's lock. BetStatus: 1 pending, 2 won, 3 lost, 4 rolled back.
CREATE FUNCTION game_change_round(
  s game_sessions, p_game uuid, p_provider uuid, p_round text, r game_rounds,
  p_bet_delta bigint, p_win_delta bigint, p_close boolean, p_rollback boolean, p_now timestamptz
) RETURNS game_rounds LANGUAGE plpgsql AS $$
DECLARE
  v_bet bigint := coalesce(r.bet_minor, 0) + p_bet_delta;
  v_win bigint := coalesce(r.win_minor, 0) + p_win_delta;
  v_closed boolean := coalesce(r.closed, false) OR p_close;
  v_status integer;
  v_closed_at timestamptz := coalesce(r.closed_at, CASE WHEN v_closed THEN p_now END);
  v_round game_rounds;
BEGIN
  v_status := CASE
    WHEN (p_rollback OR r.status = 4) AND v_bet = 0 AND v_win = 0 THEN 4
    WHEN NOT v_closed THEN 1
    WHEN v_win > 0 THEN 2
    ELSE 3 END;
  IF r.id IS NOT NULL THEN
    UPDATE game_rounds
       SET bet_minor = v_bet, win_minor = v_win, closed = v_closed, status = v_status, closed_at = v_closed_at, updated_at = p_now
     WHERE id = r.id
    RETURNING * INTO v_round;
  ELSE
    INSERT INTO game_rounds (session_id, player_id, account_id, game_id, provider_id, provider_round_id, currency,
                             bet_minor, win_minor, status, closed, closed_at, platform, country, created_at, updated_at)
    VALUES (s.id, s.player_id, s.account_id, p_game, p_provider, p_round, s.currency,
            v_bet, v_win, v_status, v_closed, v_closed_at, s.platform, s.country, p_now, p_now)
    RETURNING * INTO v_round;
  END IF;
  -- Quests, tournaments and the winners feed read closed rounds from here.
  IF v_closed AND NOT coalesce(r.closed, false) THEN
    INSERT INTO outbox (event, channel, payload)
    VALUES ('game.round.closed', NULL, jsonb_build_object(
      'roundId', v_round.id, 'playerId', v_round.player_id, 'gameId', v_round.game_id, 'currency', v_round.currency,
      'betMinor', v_round.bet_minor::text, 'winMinor', v_round.win_minor::text,
      'platform', v_round.platform, 'country', v_round.country));
  END IF;
  RETURN v_round;
END $$;
--> statement-breakpoint

-- Everything a transaction call needs about its session token, with the account row locked: that
-- lock serialises every call on the account, so the replay check, rounds and limits see a settled
-- state. `s.id` is null for an unknown token.
CREATE FUNCTION game_wallet_session(
  p_token text,
  OUT s game_sessions, OUT a wallet_accounts,
  OUT game_identity text, OUT provider_id uuid, OUT game_enabled boolean, OUT blocked_countries text[]
) LANGUAGE plpgsql AS $$
BEGIN
  SELECT * INTO s FROM game_sessions gs WHERE gs.token = p_token;
  IF s.id IS NULL THEN RETURN; END IF;
  a := wallet_lock_account(s.account_id);
  SELECT gm.identity, gm.provider_id, gm.is_enabled AND pr.is_enabled, gm.blocked_countries
    INTO game_identity, provider_id, game_enabled, blocked_countries
    FROM games gm JOIN game_providers pr ON pr.id = gm.provider_id
   WHERE gm.id = s.game_id;
END $$;
--> statement-breakpoint

-- The provider's view of an account: what can be played, in minor units.
CREATE FUNCTION game_wallet_answer(p_transaction text, a wallet_accounts) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'transactionId', p_transaction, 'currency', a.currency, 'balance', a.real_balance + a.bonus_balance))
$$;
--> statement-breakpoint

CREATE FUNCTION game_wallet_balance(p_token text) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_account uuid;
  a wallet_accounts;
BEGIN
  SELECT account_id INTO v_account FROM game_sessions WHERE token = p_token;
  IF v_account IS NULL THEN RETURN jsonb_build_object('code', 15011, 'reason', 'unknown'); END IF;
  SELECT * INTO a FROM wallet_accounts WHERE id = v_account;
  RETURN game_wallet_answer(NULL, a);
END $$;
--> statement-breakpoint

-- A bet: debits `p_amount` on a live session after the responsible-gaming, game and geo checks. The
-- first answer of a transaction id is stored and replayed; a bet whose rollback came first is stored
-- as refused (15013) and never debited. Refusals are answers, not exceptions, so what a refusal
-- writes (the stored 15013, the restricted-bets push) commits with it.
CREATE FUNCTION game_wallet_bet(
  p_token text, p_transaction text, p_round text, p_game_identity text, p_amount bigint, p_currency text,
  p_close boolean, p_hash text, p_restricted_countries text[], p_now timestamptz,
  OUT answer jsonb, OUT events boolean
) LANGUAGE plpgsql AS $$
DECLARE
  c record;
  s game_sessions;
  a wallet_accounts;
  r game_rounds;
  t game_transactions;
  v_play record;
  v_refusal record;
  v_posted record;
  v_entry bigint;
BEGIN
  events := false;
  SELECT * INTO c FROM game_wallet_session(p_token);
  s := c.s;
  a := c.a;
  IF s.id IS NULL THEN answer := jsonb_build_object('code', 15011, 'reason', 'unknown'); RETURN; END IF;
  SELECT * INTO t FROM game_transactions WHERE provider_tx_id = p_transaction;
  IF t.id IS NOT NULL THEN
    answer := CASE WHEN t.request_hash = p_hash THEN t.response ELSE jsonb_build_object('code', 15002) END;
    RETURN;
  END IF;
  IF p_game_identity <> c.game_identity THEN answer := jsonb_build_object('code', 422, 'field', 'gameIdentity'); RETURN; END IF;
  IF p_currency <> s.currency THEN
    answer := jsonb_build_object('code', 422, 'field', 'currency', 'currency', s.currency);
    RETURN;
  END IF;
  SELECT * INTO r FROM game_rounds WHERE provider_id = c.provider_id AND provider_round_id = p_round;
  IF r.id IS NOT NULL AND r.session_id <> s.id THEN answer := jsonb_build_object('code', 409, 'reason', 'round'); RETURN; END IF;

  IF EXISTS (SELECT 1 FROM game_transactions WHERE reference_tx_id = p_transaction AND kind = 'rollback') THEN
    answer := jsonb_build_object('code', 15013, 'balance', a.real_balance + a.bonus_balance, 'currency', a.currency);
    INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                   request_hash, response, status, created_at)
    VALUES (p_transaction, 'bet', r.id, s.id, s.player_id, s.currency, p_amount, p_hash, answer, 'refused', p_now);
    RETURN;
  END IF;

  SELECT * INTO v_play FROM player_play_state(s.player_id, s.player_session_id);
  IF s.expires_at <= p_now OR s.closed_at IS NOT NULL OR NOT v_play.session_open THEN
    answer := jsonb_build_object('code', 15011, 'reason', 'expired');
    RETURN;
  END IF;
  SELECT * INTO v_refusal FROM limits_play_refusal(s.player_id, v_play.status, s.currency, p_amount, p_now);
  IF v_refusal.code IN (11002, 14103, 14105) THEN answer := jsonb_build_object('code', v_refusal.code); RETURN; END IF;
  IF NOT c.game_enabled THEN
    -- The refusal is the answer, but the open game page learns it by push and shows the restricted-bets modal.
    INSERT INTO outbox (event, channel, payload)
    VALUES ('game.bet.restricted', 'game:bets#' || s.player_id,
            jsonb_build_object('event', 'game.bet.restricted', 'gameIdentity', c.game_identity));
    answer := jsonb_build_object('code', 14306);
    events := true;
    RETURN;
  END IF;
  IF s.country = ANY (c.blocked_countries) OR s.country = ANY (p_restricted_countries) THEN
    answer := jsonb_build_object('code', 14308);
    RETURN;
  END IF;
  IF r.closed THEN answer := jsonb_build_object('code', 15012); RETURN; END IF;
  IF v_refusal.code IS NOT NULL THEN answer := jsonb_build_object('code', v_refusal.code, 'period', v_refusal.period); RETURN; END IF;

  IF p_amount > 0 THEN
    SELECT * INTO v_posted FROM wallet_post_locked(a, 'game:' || p_transaction, 'bet', -p_amount, 0, 0,
                                   jsonb_build_object('gameIdentity', c.game_identity, 'roundId', p_round, 'sessionId', s.id));
    IF v_posted.status = 'insufficient' THEN
      answer := jsonb_build_object('code', 15001, 'balance', a.real_balance + a.bonus_balance, 'currency', a.currency);
      RETURN;
    ELSIF v_posted.status <> 'posted' THEN
      answer := jsonb_build_object('code', 15002);
      RETURN;
    END IF;
    a := v_posted.account;
    v_entry := v_posted.entry_id;
    events := true;
  END IF;
  SELECT * INTO r FROM game_change_round(s, s.game_id, c.provider_id, p_round, r, p_amount, 0, coalesce(p_close, false), false, p_now);
  events := events OR r.closed;
  answer := game_wallet_answer(p_transaction, a);
  INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                 request_hash, ledger_entry_id, response, status, created_at)
  VALUES (p_transaction, 'bet', r.id, s.id, s.player_id, s.currency, p_amount, p_hash, v_entry, answer, 'applied', p_now);
END $$;
--> statement-breakpoint

-- A win (0 allowed): credits `p_amount`; accepted after the session expired, so a round started in time
-- settles. A round without a bet pays nothing unless a promotion the casino granted pays it (none can be
-- granted yet: that comes with bonuses and free spins), and a round never pays more than
-- `p_max_multiplier` times its stake.
CREATE FUNCTION game_wallet_win(
  p_token text, p_transaction text, p_round text, p_game_identity text, p_amount bigint, p_currency text,
  p_close boolean, p_promotion text, p_hash text, p_max_multiplier integer, p_now timestamptz,
  OUT answer jsonb, OUT events boolean
) LANGUAGE plpgsql AS $$
DECLARE
  c record;
  s game_sessions;
  a wallet_accounts;
  r game_rounds;
  t game_transactions;
  v_posted record;
  v_entry bigint;
BEGIN
  events := false;
  SELECT * INTO c FROM game_wallet_session(p_token);
  s := c.s;
  a := c.a;
  IF s.id IS NULL THEN answer := jsonb_build_object('code', 15011, 'reason', 'unknown'); RETURN; END IF;
  SELECT * INTO t FROM game_transactions WHERE provider_tx_id = p_transaction;
  IF t.id IS NOT NULL THEN
    answer := CASE WHEN t.request_hash = p_hash THEN t.response ELSE jsonb_build_object('code', 15002) END;
    RETURN;
  END IF;
  IF p_game_identity <> c.game_identity THEN answer := jsonb_build_object('code', 422, 'field', 'gameIdentity'); RETURN; END IF;
  IF p_currency <> s.currency THEN
    answer := jsonb_build_object('code', 422, 'field', 'currency', 'currency', s.currency);
    RETURN;
  END IF;
  SELECT * INTO r FROM game_rounds WHERE provider_id = c.provider_id AND provider_round_id = p_round;
  IF r.id IS NOT NULL AND r.session_id <> s.id THEN answer := jsonb_build_object('code', 409, 'reason', 'round'); RETURN; END IF;
  IF r.closed THEN answer := jsonb_build_object('code', 15012); RETURN; END IF;
  IF p_amount > 0 AND coalesce(r.bet_minor, 0) = 0 THEN
    answer := jsonb_strip_nulls(jsonb_build_object('code', 15014, 'promotion', p_promotion));
    RETURN;
  END IF;
  IF p_amount > 0 AND coalesce(r.win_minor, 0)::numeric + p_amount > r.bet_minor::numeric * p_max_multiplier THEN
    answer := jsonb_build_object('code', 15015, 'maxMultiplier', p_max_multiplier);
    RETURN;
  END IF;

  IF p_amount > 0 THEN
    SELECT * INTO v_posted FROM wallet_post_locked(a, 'game:' || p_transaction, 'win', p_amount, 0, 0,
                                   jsonb_build_object('gameIdentity', c.game_identity, 'roundId', p_round, 'sessionId', s.id));
    IF v_posted.status = 'too_large' THEN answer := jsonb_build_object('code', 15016); RETURN; END IF;
    IF v_posted.status <> 'posted' THEN answer := jsonb_build_object('code', 15002); RETURN; END IF;
    a := v_posted.account;
    v_entry := v_posted.entry_id;
    events := true;
  END IF;
  SELECT * INTO r FROM game_change_round(s, s.game_id, c.provider_id, p_round, r, 0, p_amount, p_close, false, p_now);
  events := events OR r.closed;
  answer := game_wallet_answer(p_transaction, a);
  INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                 request_hash, ledger_entry_id, response, status, created_at)
  VALUES (p_transaction, 'win', r.id, s.id, s.player_id, s.currency, p_amount, p_hash, v_entry, answer, 'applied', p_now);
END $$;
--> statement-breakpoint

-- Voids the bet `p_reference` and refunds it once. A rollback of a bet not seen is remembered (200): that
-- bet, if it comes, is refused (15013). Wins cannot be rolled back.
CREATE FUNCTION game_wallet_rollback(
  p_token text, p_transaction text, p_reference text, p_round text, p_game_identity text, p_hash text, p_now timestamptz,
  OUT answer jsonb, OUT events boolean
) LANGUAGE plpgsql AS $$
DECLARE
  c record;
  s game_sessions;
  a wallet_accounts;
  r game_rounds;
  t game_transactions;
  bet game_transactions;
  v_posted record;
  v_entry bigint;
  v_status text := 'applied';
BEGIN
  events := false;
  SELECT * INTO c FROM game_wallet_session(p_token);
  s := c.s;
  a := c.a;
  IF s.id IS NULL THEN answer := jsonb_build_object('code', 15011, 'reason', 'unknown'); RETURN; END IF;
  IF p_reference = p_transaction THEN answer := jsonb_build_object('code', 422, 'field', 'referenceTransactionId'); RETURN; END IF;
  SELECT * INTO t FROM game_transactions WHERE provider_tx_id = p_transaction;
  IF t.id IS NOT NULL THEN
    answer := CASE WHEN t.request_hash = p_hash THEN t.response ELSE jsonb_build_object('code', 15002) END;
    RETURN;
  END IF;
  IF p_game_identity <> c.game_identity THEN answer := jsonb_build_object('code', 422, 'field', 'gameIdentity'); RETURN; END IF;

  SELECT * INTO bet FROM game_transactions WHERE provider_tx_id = p_reference;
  IF bet.id IS NULL THEN
    SELECT * INTO r FROM game_rounds WHERE provider_id = c.provider_id AND provider_round_id = p_round AND session_id = s.id;
    answer := game_wallet_answer(p_transaction, a);
    INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                   request_hash, reference_tx_id, response, status, created_at)
    VALUES (p_transaction, 'rollback', r.id, s.id, s.player_id, s.currency, 0, p_hash, p_reference, answer, 'remembered', p_now);
    RETURN;
  END IF;
  IF bet.kind <> 'bet' THEN answer := jsonb_build_object('code', 422, 'reason', 'not_a_bet', 'kind', bet.kind); RETURN; END IF;
  IF bet.session_id <> s.id THEN answer := jsonb_build_object('code', 409, 'reason', 'transaction'); RETURN; END IF;
  SELECT * INTO r FROM game_rounds WHERE id = bet.round_id;
  IF r.id IS NOT NULL AND r.provider_round_id <> p_round THEN answer := jsonb_build_object('code', 422, 'field', 'roundId'); RETURN; END IF;

  IF bet.status <> 'applied' THEN
    -- Already voided (by another rollback, or refused on arrival): nothing left to refund.
    v_status := 'noop';
  ELSE
    IF bet.amount_minor > 0 THEN
      SELECT * INTO v_posted FROM wallet_post_locked(a, 'game:' || p_transaction, 'rollback', bet.amount_minor, 0, 0,
                                     jsonb_build_object('gameIdentity', c.game_identity, 'roundId', p_round,
                                                        'sessionId', s.id, 'voids', p_reference));
      IF v_posted.status = 'too_large' THEN answer := jsonb_build_object('code', 15016); RETURN; END IF;
      IF v_posted.status <> 'posted' THEN answer := jsonb_build_object('code', 15002); RETURN; END IF;
      a := v_posted.account;
      v_entry := v_posted.entry_id;
      events := true;
    END IF;
    UPDATE game_transactions SET status = 'rolled_back' WHERE id = bet.id;
    IF r.id IS NOT NULL THEN
      SELECT * INTO r FROM game_change_round(s, s.game_id, c.provider_id, p_round, r, -bet.amount_minor, 0, false, true, p_now);
    END IF;
  END IF;
  answer := game_wallet_answer(p_transaction, a);
  INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                 request_hash, reference_tx_id, ledger_entry_id, response, status, created_at)
  VALUES (p_transaction, 'rollback', r.id, s.id, s.player_id, s.currency,
          CASE WHEN v_status = 'applied' THEN bet.amount_minor ELSE 0 END,
          p_hash, p_reference, v_entry, answer, v_status, p_now);
END $$;
--> statement-breakpoint

-- Stored answers become the wallet's own answer format (the HTTP status follows from the code).
UPDATE game_transactions
   SET response = CASE WHEN (response ->> 'status')::int = 200 THEN response -> 'body'
                       ELSE jsonb_strip_nulls(jsonb_build_object(
                              'code', (response -> 'body' -> 'error' ->> 'code')::int,
                              'balance', response -> 'body' -> 'error' -> 'balance',
                              'currency', response -> 'body' -> 'error' -> 'currency')) END
 WHERE response ? 'status';
