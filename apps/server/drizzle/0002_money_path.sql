CREATE TABLE "currency_scales" (
	"code" text PRIMARY KEY NOT NULL,
	"subunit_to_unit" bigint NOT NULL,
	CONSTRAINT "currency_scales_power_of_ten" CHECK ("currency_scales"."subunit_to_unit" in (1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000))
);
--> statement-breakpoint
CREATE TABLE "game_winners" (
	"round_id" uuid PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"platform" integer NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "game_rounds_winners_idx";--> statement-breakpoint
ALTER TABLE "game_winners" ADD CONSTRAINT "game_winners_round_id_game_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_winners_closed_idx" ON "game_winners" USING btree ("closed_at");
--> statement-breakpoint
-- Room on each page for the new version of a round when it closes, so that update stays on its page
-- and touches no index (no indexed column changes since winners have their own table).
ALTER TABLE "game_rounds" SET (fillfactor = 90);
--> statement-breakpoint
INSERT INTO "game_winners" (round_id, closed_at, platform, country)
SELECT id, closed_at, platform, country FROM game_rounds WHERE closed AND win_minor > 0 AND closed_at IS NOT NULL;
--> statement-breakpoint
-- The money path as database functions: one round trip per wallet call, with plans kept by the server,
-- and as few statements per call as the checks allow (each statement takes a snapshot; under load that
-- is what costs). Each module owns its functions as it owns its tables (settings: money_major; wallet:
-- wallet_*; player: player_play_state; limits: limits_*; game: game_*) and calls other modules only
-- through theirs. Functions are PL/pgSQL unless a SQL body is a plain expression PostgreSQL inlines:
-- before version 18 it plans a non-inlined SQL function anew on every call. Numeric codes are those of
-- packages/contracts (ErrorCode, PlayerStatus, LimitDefinition, AccountStatus, BetStatus); channels and
-- events those of its channels.ts.

-- settings ------------------------------------------------------------------------------------------

-- Minor units as an exact major-unit number (12345, scale 100 → 123.45), as toMajor does in TypeScript.
CREATE FUNCTION money_major(p_minor bigint, p_subunit bigint) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT trim_scale(p_minor::numeric / p_subunit)
$$;
--> statement-breakpoint

-- wallet --------------------------------------------------------------------------------------------

-- The wire account (contracts `Account`) of a row, with its currency's scale: balance = real + bonus;
-- locked money is in neither; only real money can be withdrawn. The one mapping of an account row to
-- what players see (lists and pushes alike).
CREATE FUNCTION wallet_wire_account(a wallet_accounts, p_subunit bigint) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'id', a.id,
    'currency', a.currency,
    'status', CASE WHEN a.is_active THEN 1 ELSE 2 END,
    'balance', money_major(a.real_balance + a.bonus_balance, p_subunit),
    'realBalance', money_major(a.real_balance, p_subunit),
    'bonusBalance', money_major(a.bonus_balance, p_subunit),
    'lockedBalance', money_major(a.locked_balance, p_subunit),
    'withdrawalBalance', money_major(a.real_balance, p_subunit))
$$;
--> statement-breakpoint

-- A player's visible accounts as the wire shows them, the active one first, then by creation.
CREATE FUNCTION wallet_list_accounts(p_player uuid) RETURNS SETOF jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT wallet_wire_account(a, cs.subunit_to_unit)
    FROM wallet_accounts a JOIN currency_scales cs ON cs.code = a.currency
   WHERE a.player_id = p_player AND NOT a.is_hidden
   ORDER BY a.is_active DESC, a.created_at, a.id;
END $$;
--> statement-breakpoint

-- One account as the wire shows it (null when there is none).
CREATE FUNCTION wallet_account_of(p_account uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v jsonb;
BEGIN
  SELECT wallet_wire_account(a, cs.subunit_to_unit) INTO v
    FROM wallet_accounts a JOIN currency_scales cs ON cs.code = a.currency
   WHERE a.id = p_account;
  RETURN v;
END $$;
--> statement-breakpoint

-- An account's lock for the rest of the transaction: every change of one account is serialised. An
-- advisory lock on the account id (held in memory: taking it writes nothing to the WAL, where a row
-- lock would); every balance change takes it. A plain SQL body, so a caller's query takes it inline.
CREATE FUNCTION wallet_lock(p_account uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(p_account::text, 727003))
$$;
--> statement-breakpoint

-- An account row (inlined into the caller's query; read it after wallet_lock, in a later statement).
CREATE FUNCTION wallet_account(p_account uuid) RETURNS SETOF wallet_accounts LANGUAGE sql STABLE AS $$
  SELECT * FROM wallet_accounts WHERE id = p_account
$$;
--> statement-breakpoint

-- The account row, locked: for callers that only post.
CREATE FUNCTION wallet_lock_account(p_account uuid) RETURNS wallet_accounts LANGUAGE plpgsql AS $$
DECLARE
  a wallet_accounts;
BEGIN
  PERFORM wallet_lock(p_account);
  SELECT * INTO a FROM wallet_account(p_account);
  RETURN a;
END $$;
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

-- THE way a balance changes, on an account the caller has locked (wallet_lock_account) with a key the
-- caller knows to be new (wallet_post checks; a game call's key follows from its transaction id, which
-- the game functions check): refuses to go below zero or beyond 2^53 - 1 (the largest amount JSON
-- states exactly), appends the ledger entry with the after-balances, updates the account and enqueues
-- account.balance.updated, in one statement. (The same key posted at this moment on another account is
-- a unique violation; the caller's retry then finds it.)
CREATE FUNCTION wallet_post_locked(
  a wallet_accounts, p_key text, p_kind text, p_real bigint, p_bonus bigint, p_locked bigint, p_reference jsonb,
  OUT status text, OUT entry_id bigint, OUT account wallet_accounts
) LANGUAGE plpgsql AS $$
DECLARE
  v_real numeric := a.real_balance::numeric + p_real;
  v_bonus numeric := a.bonus_balance::numeric + p_bonus;
  v_locked numeric := a.locked_balance::numeric + p_locked;
  v record;
BEGIN
  account := a;
  IF least(v_real, v_bonus, v_locked) < 0 THEN status := 'insufficient'; RETURN; END IF;
  IF greatest(v_real, v_bonus, v_locked) > 9007199254740991 THEN status := 'too_large'; RETURN; END IF;
  WITH entry AS (
    INSERT INTO ledger_entries (account_id, idempotency_key, request_hash, kind, real_delta, bonus_delta, locked_delta,
                                real_after, bonus_after, locked_after, reference)
    VALUES (a.id, p_key, wallet_request_hash(a.id, p_kind, p_real, p_bonus, p_locked), p_kind, p_real, p_bonus, p_locked,
            v_real, v_bonus, v_locked, coalesce(p_reference, '{}'))
    RETURNING id
  ), changed AS (
    UPDATE wallet_accounts w
       SET real_balance = v_real, bonus_balance = v_bonus, locked_balance = v_locked, updated_at = now()
      FROM entry
     WHERE w.id = a.id
    RETURNING w AS acc, entry.id AS entry_id
  ), pushed AS (
    INSERT INTO outbox (event, channel, payload)
    SELECT 'account.balance.updated', 'wallet:accounts#' || a.player_id,
           jsonb_build_object('event', 'account.balance.updated', 'account', wallet_wire_account(changed.acc, cs.subunit_to_unit))
      FROM changed JOIN currency_scales cs ON cs.code = a.currency
     WHERE p_real <> 0 OR p_bonus <> 0 OR p_locked <> 0
  )
  SELECT changed.acc, changed.entry_id INTO v FROM changed;
  account := v.acc;
  entry_id := v.entry_id;
  status := 'posted';
END $$;
--> statement-breakpoint

-- wallet_post_locked for a caller that holds no lock: locks the account ('not_found' when none), and
-- answers a key seen before with 'replayed' (same movement) or 'conflict' (another one), changing nothing.
CREATE FUNCTION wallet_post(
  p_account uuid, p_key text, p_kind text, p_real bigint, p_bonus bigint, p_locked bigint, p_reference jsonb,
  OUT status text, OUT entry_id bigint
) LANGUAGE plpgsql AS $$
DECLARE
  a wallet_accounts := wallet_lock_account(p_account);
  v_earlier_hash text;
  r record;
BEGIN
  IF a.id IS NULL THEN
    status := 'not_found';
    RETURN;
  END IF;
  SELECT l.id, l.request_hash INTO entry_id, v_earlier_hash FROM ledger_entries l WHERE l.idempotency_key = p_key;
  IF v_earlier_hash IS NOT NULL THEN
    status := CASE WHEN v_earlier_hash = wallet_request_hash(a.id, p_kind, p_real, p_bonus, p_locked)
                   THEN 'replayed' ELSE 'conflict' END;
    RETURN;
  END IF;
  r := wallet_post_locked(a, p_key, p_kind, p_real, p_bonus, p_locked, p_reference);
  status := r.status;
  entry_id := r.entry_id;
END $$;
--> statement-breakpoint

-- player --------------------------------------------------------------------------------------------

-- What play needs of a player: the status (contracts PlayerStatus), and whether the login session
-- that launched the game is still open (no session: not tied to one). Inlined into the caller's query.
CREATE FUNCTION player_play_state(p_player uuid, p_session uuid)
RETURNS TABLE (status integer, session_open boolean) LANGUAGE sql STABLE AS $$
  SELECT p.status,
         p_session IS NULL OR EXISTS (SELECT 1 FROM player_sessions ps WHERE ps.id = p_session AND ps.closed_at IS NULL)
    FROM players p
   WHERE p.id = p_player
$$;
--> statement-breakpoint

-- game: what limits read of play ----------------------------------------------------------------------

-- Applied bets and wins of a player in one currency since each of `p_starts` (rolled-back bets do not count).
CREATE FUNCTION game_play_totals(p_player uuid, p_currency text, p_starts timestamptz[])
RETURNS TABLE (since timestamptz, bets numeric, wins numeric) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT s.since,
         coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'bet' AND t.created_at >= s.since), 0),
         coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'win' AND t.created_at >= s.since), 0)
    FROM unnest(p_starts) AS s(since)
    LEFT JOIN game_transactions t
      ON t.player_id = p_player AND t.currency = p_currency AND t.status = 'applied' AND t.created_at >= s.since
   GROUP BY s.since;
END $$;
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

-- Whether a self-exclusion or cooling-off is in effect, and whether any bet or loss limit of a
-- currency is: one index lookup, inlined into the caller's query.
CREATE FUNCTION limits_flags(p_player uuid, p_currency text, p_now timestamptz)
RETURNS TABLE (excluded boolean, money boolean) LANGUAGE sql STABLE AS $$
  SELECT coalesce(bool_or(lp.type IN (4, 5)), false), coalesce(bool_or(lp.type IN (1, 2) AND lp.currency = p_currency), false)
    FROM player_limits lp
   WHERE lp.player_id = p_player AND lp.starts_at <= p_now AND (lp.expires_at IS NULL OR lp.expires_at > p_now)
$$;
--> statement-breakpoint

-- Whether a player may stake `p_stake` (null: the smallest bet, at game start) now, in the order the
-- web expects: 11002 blocked, 14103 limited, 14105 self-excluded or cooling off (status or a limit in
-- effect), then the bet (14100) and loss (14101) limits of the currency for the UTC day, the week from
-- Monday and the month. Of several limits with one type and period, the one that started last counts.
-- `p_excluded` and `p_money` are limits_flags of the player (read in the caller's own query).
CREATE FUNCTION limits_play_refusal(
  p_player uuid, p_status integer, p_currency text, p_stake bigint, p_now timestamptz,
  p_excluded boolean, p_money boolean,
  OUT code integer, OUT period text
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_starts timestamptz[];
  v_totals jsonb;
  v_used numeric;
  l record;
BEGIN
  IF p_status = 3 THEN code := 11002; RETURN; END IF;
  IF p_status = 2 THEN code := 14103; RETURN; END IF;
  IF p_status IN (4, 5) THEN code := 14105; RETURN; END IF;
  IF p_excluded THEN code := 14105; RETURN; END IF;
  IF NOT p_money THEN RETURN; END IF;
  v_starts := limits_period_starts(p_now);
  FOR l IN
    SELECT DISTINCT ON (lp.type, lp.period) lp.type, lp.period, lp.amount_minor
      FROM player_limits lp
     WHERE lp.player_id = p_player AND lp.type IN (1, 2) AND lp.currency = p_currency
       AND lp.starts_at <= p_now AND (lp.expires_at IS NULL OR lp.expires_at > p_now)
     ORDER BY lp.type, lp.period, lp.starts_at DESC
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

-- Everything a wallet call reads, in two statements: the session by its token with its game, what play
-- needs of the player and the account's lock (taken as the first statement ends); then, read after the
-- lock so they are settled, the account, the round `p_round` of the game's provider, the transaction
-- `p_transaction` if it was seen, and whether a rollback voided it. `s.id` is null for an unknown token.
CREATE FUNCTION game_wallet_session(
  p_token text, p_round text, p_transaction text, p_now timestamptz,
  OUT s game_sessions, OUT a wallet_accounts,
  OUT game_identity text, OUT provider_id uuid, OUT game_enabled boolean, OUT blocked_countries text[],
  OUT player_status integer, OUT session_open boolean, OUT excluded boolean, OUT money_limits boolean,
  OUT r game_rounds, OUT earlier game_transactions, OUT voided boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  SELECT gs, gm.identity, gm.provider_id AS provider, gm.is_enabled AND pr.is_enabled AS enabled, gm.blocked_countries,
         ps.status, ps.session_open, lf.excluded, lf.money, wallet_lock(gs.account_id) AS locked
    INTO v
    FROM game_sessions gs
    JOIN games gm ON gm.id = gs.game_id
    JOIN game_providers pr ON pr.id = gm.provider_id
    CROSS JOIN LATERAL player_play_state(gs.player_id, gs.player_session_id) ps
    CROSS JOIN LATERAL limits_flags(gs.player_id, gs.currency, p_now) lf
   WHERE gs.token = p_token;
  IF NOT FOUND THEN RETURN; END IF;
  s := v.gs;
  game_identity := v.identity;
  provider_id := v.provider;
  game_enabled := v.enabled;
  blocked_countries := v.blocked_countries;
  player_status := v.status;
  session_open := v.session_open;
  excluded := v.excluded;
  money_limits := v.money;
  SELECT wa, gr, gt,
         EXISTS (SELECT 1 FROM game_transactions vt WHERE vt.reference_tx_id = p_transaction AND vt.kind = 'rollback') AS voided
    INTO v
    FROM wallet_account(s.account_id) wa
    LEFT JOIN game_rounds gr ON gr.provider_id = v.provider AND gr.provider_round_id = p_round
    LEFT JOIN game_transactions gt ON gt.provider_tx_id = p_transaction;
  a := v.wa;
  r := v.gr;
  earlier := v.gt;
  voided := v.voided;
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

-- Payload of game.round.closed: what the winners feed, quests and tournaments read of a closed round.
CREATE FUNCTION game_round_closed_payload(p_round uuid, s game_sessions, p_bet bigint, p_win bigint)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'roundId', p_round, 'playerId', s.player_id, 'gameId', s.game_id, 'currency', s.currency,
    'betMinor', p_bet::text, 'winMinor', p_win::text, 'platform', s.platform, 'country', s.country)
$$;
--> statement-breakpoint

-- Records a wallet call in one statement: the round created or changed by the call's amounts, the
-- transaction with its answer, and, when the round closes, game.round.closed (the winners feed; quests
-- and tournaments next) and, with a win, its place in the winners feed. Safe without a round lock: every write of a round holds its account's lock.
-- BetStatus: 1 pending, 2 won, 3 lost, 4 rolled back.
CREATE FUNCTION game_record_call(
  s game_sessions, p_provider uuid, p_round text, r game_rounds,
  p_kind text, p_transaction text, p_reference text, p_amount bigint, p_status text, p_answer jsonb, p_hash text,
  p_entry bigint, p_bet_delta bigint, p_win_delta bigint, p_close boolean, p_rollback boolean, p_now timestamptz
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_bet bigint := coalesce(r.bet_minor, 0) + p_bet_delta;
  v_win bigint := coalesce(r.win_minor, 0) + p_win_delta;
  v_closed boolean := coalesce(r.closed, false) OR p_close;
  v_closing boolean := v_closed AND NOT coalesce(r.closed, false);
  v_round_status integer := CASE
    WHEN (p_rollback OR r.status = 4) AND v_bet = 0 AND v_win = 0 THEN 4
    WHEN NOT v_closed THEN 1
    WHEN v_win > 0 THEN 2
    ELSE 3 END;
  v_closed_at timestamptz := coalesce(r.closed_at, CASE WHEN v_closed THEN p_now END);
BEGIN
  IF p_round IS NULL THEN
    -- No round to write (a remembered rollback of a round not seen).
    INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                   request_hash, reference_tx_id, ledger_entry_id, response, status, created_at)
    VALUES (p_transaction, p_kind, r.id, s.id, s.player_id, s.currency, p_amount,
            p_hash, p_reference, p_entry, p_answer, p_status, p_now);
    RETURN false;
  END IF;
  IF r.id IS NULL THEN
    WITH round AS (
      INSERT INTO game_rounds (session_id, player_id, account_id, game_id, provider_id, provider_round_id, currency,
                               bet_minor, win_minor, status, closed, closed_at, platform, country, created_at, updated_at)
      VALUES (s.id, s.player_id, s.account_id, s.game_id, p_provider, p_round, s.currency,
              v_bet, v_win, v_round_status, v_closed, v_closed_at, s.platform, s.country, p_now, p_now)
      RETURNING id
    ), closed_event AS (
      INSERT INTO outbox (event, channel, payload)
      SELECT 'game.round.closed', NULL, game_round_closed_payload(round.id, s, v_bet, v_win) FROM round WHERE v_closing
    ), winner AS (
      INSERT INTO game_winners (round_id, closed_at, platform, country)
      SELECT round.id, v_closed_at, s.platform, s.country FROM round WHERE v_closing AND v_win > 0
    )
    INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                   request_hash, reference_tx_id, ledger_entry_id, response, status, created_at)
    SELECT p_transaction, p_kind, round.id, s.id, s.player_id, s.currency, p_amount,
           p_hash, p_reference, p_entry, p_answer, p_status, p_now
      FROM round;
  ELSE
    WITH round AS (
      UPDATE game_rounds
         SET bet_minor = v_bet, win_minor = v_win, status = v_round_status, closed = v_closed, closed_at = v_closed_at,
             updated_at = p_now
       WHERE id = r.id
      RETURNING id
    ), closed_event AS (
      INSERT INTO outbox (event, channel, payload)
      SELECT 'game.round.closed', NULL, game_round_closed_payload(round.id, s, v_bet, v_win) FROM round WHERE v_closing
    ), winner AS (
      INSERT INTO game_winners (round_id, closed_at, platform, country)
      SELECT round.id, v_closed_at, s.platform, s.country FROM round WHERE v_closing AND v_win > 0
    )
    INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                   request_hash, reference_tx_id, ledger_entry_id, response, status, created_at)
    SELECT p_transaction, p_kind, round.id, s.id, s.player_id, s.currency, p_amount,
           p_hash, p_reference, p_entry, p_answer, p_status, p_now
      FROM round;
  END IF;
  RETURN v_closing;
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
  c record := game_wallet_session(p_token, p_round, p_transaction, p_now);
  s game_sessions := c.s;
  a wallet_accounts := c.a;
  r game_rounds := c.r;
  v_refusal record;
  v_posted record;
  v_entry bigint;
BEGIN
  events := false;
  IF s.id IS NULL THEN answer := jsonb_build_object('code', 15011, 'reason', 'unknown'); RETURN; END IF;
  IF (c.earlier).id IS NOT NULL THEN
    answer := CASE WHEN (c.earlier).request_hash = p_hash THEN (c.earlier).response ELSE jsonb_build_object('code', 15002) END;
    RETURN;
  END IF;
  IF p_game_identity <> c.game_identity THEN answer := jsonb_build_object('code', 422, 'field', 'gameIdentity'); RETURN; END IF;
  IF p_currency <> s.currency THEN
    answer := jsonb_build_object('code', 422, 'field', 'currency', 'currency', s.currency);
    RETURN;
  END IF;
  IF r.id IS NOT NULL AND r.session_id <> s.id THEN answer := jsonb_build_object('code', 409, 'reason', 'round'); RETURN; END IF;

  IF c.voided THEN
    answer := jsonb_build_object('code', 15013, 'balance', a.real_balance + a.bonus_balance, 'currency', a.currency);
    INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                   request_hash, response, status, created_at)
    VALUES (p_transaction, 'bet', r.id, s.id, s.player_id, s.currency, p_amount, p_hash, answer, 'refused', p_now);
    RETURN;
  END IF;

  IF s.expires_at <= p_now OR s.closed_at IS NOT NULL OR NOT c.session_open THEN
    answer := jsonb_build_object('code', 15011, 'reason', 'expired');
    RETURN;
  END IF;
  v_refusal := limits_play_refusal(s.player_id, c.player_status, s.currency, p_amount, p_now, c.excluded, c.money_limits);
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
    v_posted := wallet_post_locked(a, 'game:' || p_transaction, 'bet', -p_amount, 0, 0,
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
  answer := game_wallet_answer(p_transaction, a);
  events := game_record_call(s, c.provider_id, p_round, r, 'bet', p_transaction, NULL, p_amount, 'applied', answer, p_hash,
                             v_entry, p_amount, 0, coalesce(p_close, false), false, p_now) OR events;
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
  c record := game_wallet_session(p_token, p_round, p_transaction, p_now);
  s game_sessions := c.s;
  a wallet_accounts := c.a;
  r game_rounds := c.r;
  v_posted record;
  v_entry bigint;
BEGIN
  events := false;
  IF s.id IS NULL THEN answer := jsonb_build_object('code', 15011, 'reason', 'unknown'); RETURN; END IF;
  IF (c.earlier).id IS NOT NULL THEN
    answer := CASE WHEN (c.earlier).request_hash = p_hash THEN (c.earlier).response ELSE jsonb_build_object('code', 15002) END;
    RETURN;
  END IF;
  IF p_game_identity <> c.game_identity THEN answer := jsonb_build_object('code', 422, 'field', 'gameIdentity'); RETURN; END IF;
  IF p_currency <> s.currency THEN
    answer := jsonb_build_object('code', 422, 'field', 'currency', 'currency', s.currency);
    RETURN;
  END IF;
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
    v_posted := wallet_post_locked(a, 'game:' || p_transaction, 'win', p_amount, 0, 0,
                                   jsonb_build_object('gameIdentity', c.game_identity, 'roundId', p_round, 'sessionId', s.id));
    IF v_posted.status = 'too_large' THEN answer := jsonb_build_object('code', 15016); RETURN; END IF;
    IF v_posted.status <> 'posted' THEN answer := jsonb_build_object('code', 15002); RETURN; END IF;
    a := v_posted.account;
    v_entry := v_posted.entry_id;
    events := true;
  END IF;
  answer := game_wallet_answer(p_transaction, a);
  events := game_record_call(s, c.provider_id, p_round, r, 'win', p_transaction, NULL, p_amount, 'applied', answer, p_hash,
                             v_entry, 0, p_amount, p_close, false, p_now) OR events;
END $$;
--> statement-breakpoint

-- Voids the bet `p_reference` and refunds it once. A rollback of a bet not seen is remembered (200): that
-- bet, if it comes, is refused (15013). Wins cannot be rolled back.
CREATE FUNCTION game_wallet_rollback(
  p_token text, p_transaction text, p_reference text, p_round text, p_game_identity text, p_hash text, p_now timestamptz,
  OUT answer jsonb, OUT events boolean
) LANGUAGE plpgsql AS $$
DECLARE
  c record := game_wallet_session(p_token, p_round, p_transaction, p_now);
  s game_sessions := c.s;
  a wallet_accounts := c.a;
  r game_rounds;
  bet game_transactions;
  v_posted record;
  v_entry bigint;
BEGIN
  events := false;
  IF s.id IS NULL THEN answer := jsonb_build_object('code', 15011, 'reason', 'unknown'); RETURN; END IF;
  IF p_reference = p_transaction THEN answer := jsonb_build_object('code', 422, 'field', 'referenceTransactionId'); RETURN; END IF;
  IF (c.earlier).id IS NOT NULL THEN
    answer := CASE WHEN (c.earlier).request_hash = p_hash THEN (c.earlier).response ELSE jsonb_build_object('code', 15002) END;
    RETURN;
  END IF;
  IF p_game_identity <> c.game_identity THEN answer := jsonb_build_object('code', 422, 'field', 'gameIdentity'); RETURN; END IF;

  SELECT * INTO bet FROM game_transactions WHERE provider_tx_id = p_reference;
  IF bet.id IS NULL THEN
    -- Remembered: the bet, if it comes, finds this rollback and is refused.
    r := CASE WHEN (c.r).session_id = s.id THEN c.r END;
    answer := game_wallet_answer(p_transaction, a);
    PERFORM game_record_call(s, c.provider_id, NULL, r, 'rollback', p_transaction, p_reference, 0, 'remembered', answer,
                             p_hash, NULL, 0, 0, false, false, p_now);
    RETURN;
  END IF;
  IF bet.kind <> 'bet' THEN answer := jsonb_build_object('code', 422, 'reason', 'not_a_bet', 'kind', bet.kind); RETURN; END IF;
  IF bet.session_id <> s.id THEN answer := jsonb_build_object('code', 409, 'reason', 'transaction'); RETURN; END IF;
  SELECT * INTO r FROM game_rounds WHERE id = bet.round_id;
  IF r.id IS NOT NULL AND r.provider_round_id <> p_round THEN answer := jsonb_build_object('code', 422, 'field', 'roundId'); RETURN; END IF;

  IF bet.status <> 'applied' THEN
    -- Already voided (by another rollback, or refused on arrival): nothing left to refund.
    answer := game_wallet_answer(p_transaction, a);
    PERFORM game_record_call(s, c.provider_id, NULL, r, 'rollback', p_transaction, p_reference, 0, 'noop', answer, p_hash,
                             NULL, 0, 0, false, false, p_now);
    RETURN;
  END IF;
  IF bet.amount_minor > 0 THEN
    v_posted := wallet_post_locked(a, 'game:' || p_transaction, 'rollback', bet.amount_minor, 0, 0,
                                   jsonb_build_object('gameIdentity', c.game_identity, 'roundId', p_round,
                                                      'sessionId', s.id, 'voids', p_reference));
    IF v_posted.status = 'too_large' THEN answer := jsonb_build_object('code', 15016); RETURN; END IF;
    IF v_posted.status <> 'posted' THEN answer := jsonb_build_object('code', 15002); RETURN; END IF;
    a := v_posted.account;
    v_entry := v_posted.entry_id;
    events := true;
  END IF;
  UPDATE game_transactions SET status = 'rolled_back' WHERE id = bet.id;
  answer := game_wallet_answer(p_transaction, a);
  PERFORM game_record_call(s, c.provider_id, CASE WHEN r.id IS NOT NULL THEN p_round END, r, 'rollback', p_transaction,
                           p_reference, bet.amount_minor, 'applied', answer, p_hash, v_entry, -bet.amount_minor, 0,
                           false, true, p_now);
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
