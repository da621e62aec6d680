-- game: the seamless wallet the game providers call.

-- The calls (game_wallet_bet_ticket, _settle, _rollback) run with plan_cache_mode = force_generic_plan,
-- which holds for the functions they call too: every statement of a call is keyed by ids, so the plan
-- cached for the statement is as good as one made for the values, and the default choice (custom plans,
-- their estimate being lower once constant conditions fold away) planned most statements again on
-- every call: measured on one connection, 2.4 ms of the database's CPU per bet+win pair, 1.5-1.9 without.

-- Everything a wallet call reads, in two statements: the session by its token with its game, the
-- player's exclusion and limits flags (`p_play`: only a call that starts play, a bet or a free spin, asks)
-- and the account's lock (taken as the first statement ends); then, read after the lock so they are
-- settled, the account, the round `p_round` of the game's provider, the transaction `p_transaction` if it
-- was seen, whether a rollback voided it, the account's active bonus (null fields when none) and, for a
-- call that starts play, the player's status and login session (a closure decides under this lock) and
-- whether a deposit bonus waits for activation there (a stake lapses it). `s.id` is null
-- for an unknown token. A win or a rollback reads neither the player nor its limits: three lookups fewer
-- on every such call; nor whether a rollback came first (only a bet asks: `voided` is false for them).
CREATE OR REPLACE FUNCTION game_wallet_read(
  p_token text, p_round text, p_transaction text, p_now timestamptz, p_play boolean,
  OUT s game_sessions, OUT a wallet_accounts,
  OUT game_identity text, OUT game_type text, OUT provider_id uuid, OUT counterparty text, OUT game_enabled boolean,
  OUT blocked_countries text[],
  OUT player_status integer, OUT session_open boolean, OUT excluded boolean, OUT money_limits boolean,
  OUT r game_rounds, OUT earlier game_transactions, OUT voided boolean, OUT bonus player_bonuses,
  OUT deposit_waiting boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  -- Two statements rather than one with a condition: an unused join still costs its relations' locks.
  IF p_play THEN
    SELECT gs, gm.identity, gm.type, gm.provider_id AS provider, gm.is_enabled AND pr.is_enabled AS enabled, gm.blocked_countries,
           CASE WHEN gm.type = 'sportsbook' THEN 'sports:' ELSE 'casino:' END || gm.aggregator || '/' || pr.identity AS counterparty,
           lf.excluded, lf.money, wallet_lock(gs.account_id) AS locked
      INTO v
      FROM game_sessions gs
      JOIN games gm ON gm.id = gs.game_id
      JOIN game_providers pr ON pr.id = gm.provider_id
      CROSS JOIN LATERAL limits_flags(gs.player_id, gs.currency, p_now) lf
     WHERE gs.token = p_token;
  ELSE
    SELECT gs, gm.identity, gm.type, gm.provider_id AS provider, gm.is_enabled AND pr.is_enabled AS enabled, gm.blocked_countries,
           CASE WHEN gm.type = 'sportsbook' THEN 'sports:' ELSE 'casino:' END || gm.aggregator || '/' || pr.identity AS counterparty,
           NULL::boolean AS excluded, NULL::boolean AS money,
           wallet_lock(gs.account_id) AS locked
      INTO v
      FROM game_sessions gs
      JOIN games gm ON gm.id = gs.game_id
      JOIN game_providers pr ON pr.id = gm.provider_id
     WHERE gs.token = p_token;
  END IF;
  IF NOT FOUND THEN RETURN; END IF;
  s := v.gs;
  game_identity := v.identity;
  game_type := v.type;
  provider_id := v.provider;
  counterparty := v.counterparty;
  game_enabled := v.enabled;
  blocked_countries := v.blocked_countries;
  excluded := v.excluded;
  money_limits := v.money;
  IF p_play THEN
    -- The player's status and login session after the lock: a closure (player/closure.ts) holds this lock
    -- while it looks for open play and closes, so a bet waiting on it sees the account closed.
    SELECT wa, gr, gt, pb, ps.status, ps.session_open,
           EXISTS (SELECT 1 FROM game_transactions vt WHERE vt.reference_tx_id = p_transaction AND vt.kind = 'rollback') AS voided,
           bonus_deposit_waiting(s.account_id) AS waiting
      INTO v
      FROM wallet_account(s.account_id) wa
      CROSS JOIN LATERAL player_play_state(s.player_id, s.player_session_id) ps
      LEFT JOIN game_rounds gr ON gr.provider_id = v.provider AND gr.provider_round_id = p_round
      LEFT JOIN game_transactions gt ON gt.provider_tx_id = p_transaction
      LEFT JOIN bonus_active(s.account_id) pb ON true;
    player_status := v.status;
    session_open := v.session_open;
  ELSE
    SELECT wa, gr, gt, pb, false AS voided, false AS waiting
      INTO v
      FROM wallet_account(s.account_id) wa
      LEFT JOIN game_rounds gr ON gr.provider_id = v.provider AND gr.provider_round_id = p_round
      LEFT JOIN game_transactions gt ON gt.provider_tx_id = p_transaction
      LEFT JOIN bonus_active(s.account_id) pb ON true;
  END IF;
  a := v.wa;
  r := v.gr;
  earlier := v.gt;
  voided := v.voided;
  bonus := v.pb;
  deposit_waiting := v.waiting;
END $$;

-- The provider's view of an account: what can be staked (the wallet's rule), in minor units.
CREATE OR REPLACE FUNCTION game_wallet_answer(p_transaction text, a wallet_accounts) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'transactionId', p_transaction, 'currency', a.currency, 'balance', wallet_playable(a)))
$$;

-- What a provider may stake: real and bonus money on a casino game, real money only on the sportsbook
-- (sports bets never take bonus money).
CREATE OR REPLACE FUNCTION game_sportsbook_stakeable(a wallet_accounts, p_game_type text) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_game_type = 'sportsbook' THEN a.real_balance ELSE wallet_playable(a) END
$$;

-- The same for a game of type `p_game_type`: the sportsbook is told the real money only (sports bets
-- never take bonus money: game_sportsbook_stakeable).
CREATE OR REPLACE FUNCTION game_wallet_answer_for(p_transaction text, a wallet_accounts, p_game_type text)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'transactionId', p_transaction, 'currency', a.currency, 'balance', game_sportsbook_stakeable(a, p_game_type)))
$$;

CREATE OR REPLACE FUNCTION game_wallet_balance(p_token text) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_account uuid;
  v_type text;
  a wallet_accounts;
BEGIN
  SELECT gs.account_id, gm.type INTO v_account, v_type
    FROM game_sessions gs JOIN games gm ON gm.id = gs.game_id
   WHERE gs.token = p_token;
  IF v_account IS NULL THEN RETURN jsonb_build_object('code', error_code('gameSessionExpired'), 'reason', 'unknown'); END IF;
  SELECT * INTO a FROM wallet_accounts WHERE id = v_account;
  RETURN game_wallet_answer_for(NULL, a, v_type);
END $$;

-- The checks every call makes first, in this order: an unknown token; a transaction id seen before (its
-- stored answer replayed, or 15002 when the details differ); another game; another currency (when the
-- call names one); a round of another session (when the call checks it). Null: go on. One expression,
-- so PostgreSQL inlines it into the caller (a PL/pgSQL function would copy the three rows per call).
CREATE OR REPLACE FUNCTION game_call_refusal(
  s game_sessions, earlier game_transactions, p_hash text, p_game_identity text, p_session_game text,
  p_currency text, r game_rounds
) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN s.id IS NULL THEN jsonb_build_object('code', error_code('gameSessionExpired'), 'reason', 'unknown')
    WHEN earlier.id IS NOT NULL THEN
      CASE WHEN earlier.request_hash = p_hash THEN earlier.response ELSE jsonb_build_object('code', error_code('duplicateTransaction')) END
    WHEN p_game_identity <> p_session_game THEN jsonb_build_object('code', error_code('unprocessable'), 'field', 'gameIdentity')
    WHEN p_currency IS NOT NULL AND p_currency <> s.currency THEN
      jsonb_build_object('code', error_code('unprocessable'), 'field', 'currency', 'currency', s.currency)
    WHEN r.id IS NOT NULL AND r.session_id <> s.id THEN jsonb_build_object('code', error_code('conflict'), 'reason', 'round')
  END
$$;

-- How many rounds of bonus `p_bonus` (the player's account's, begun since its activation `p_since`)
-- staked with bonus money are still open (their wins would pay bonus money): the bonus module waits for
-- them before the bonus ends. game_record_call passes it to bonus_settle (the bonus module calls no
-- function of this one: game calls bonus, never back; docs/decisions.md, "SQL call graph").
CREATE OR REPLACE FUNCTION game_open_bonus_rounds(p_bonus uuid, p_player uuid, p_account uuid, p_since timestamptz)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer FROM game_rounds
   WHERE player_id = p_player AND created_at >= p_since AND account_id = p_account
     AND NOT closed AND bet_bonus_minor > 0 AND bonus_id = p_bonus
$$;

-- Payload of game.bet.settled (contracts EventMap): a round as it closes, stakes and wins split real and
-- bonus, in minor units as text. What the winners feed, bonus wagering, quests and tournaments read.
CREATE OR REPLACE FUNCTION game_bet_settled_payload(
  p_round uuid, s game_sessions, p_game_type text, p_bet bigint, p_bet_bonus bigint, p_win bigint, p_win_bonus bigint
) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'playerId', s.player_id, 'accountId', s.account_id, 'gameId', s.game_id, 'gameType', p_game_type,
    'roundId', p_round, 'currency', s.currency,
    'stake', jsonb_build_object('real', (p_bet - p_bet_bonus)::text, 'bonus', p_bet_bonus::text),
    'win', jsonb_build_object('real', (p_win - p_win_bonus)::text, 'bonus', p_win_bonus::text),
    'platform', s.platform, 'country', s.country)
$$;

-- Records a wallet call in one statement: the round created or changed by the call's amounts (real and
-- bonus apart), the transaction with its answer, the account's play count for the day (stakes on
-- `p_count_day`, the bet's day, so a rollback takes its stake back from the day it counted), and, when
-- the round closes, game.bet.settled and, with a win, its place in the winners feed (never for the
-- sportsbook: a ticket is not a casino win). A new round belongs to the active bonus `p_bonus` (none for
-- sports): only while that bonus stays active does the round count toward its wagering. The turnover
-- rule's money at risk is counted as the round closes, with the positions open beside it (group
-- `p_risk_key`: risk-positions.sql), and corrected by a later rollback. Safe without a round lock: every
-- write of a round holds its account's lock. One statement per write the call needs (a bet writes no
-- event, no winner): a write in a statement costs its table's and indexes' locks and its setup even when
-- it writes nothing.
-- The round's BetStatus (cashedOut is set by game_wallet_settle).
CREATE OR REPLACE FUNCTION game_record_call(
  s game_sessions, p_provider uuid, p_game_type text, p_round text, r game_rounds,
  p_kind text, p_transaction text, p_reference text, p_amount bigint, p_status text, p_answer jsonb, p_hash text,
  p_entry bigint, p_bet_delta bigint, p_bet_bonus_delta bigint, p_win_delta bigint, p_win_bonus_delta bigint,
  p_close boolean, p_rollback boolean, p_count_day date, p_now timestamptz, p_bonus player_bonuses,
  p_bonus_balance bigint, p_risk_key text
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_bet bigint := coalesce(r.bet_minor, 0) + p_bet_delta;
  v_bet_bonus bigint := coalesce(r.bet_bonus_minor, 0) + p_bet_bonus_delta;
  v_win bigint := coalesce(r.win_minor, 0) + p_win_delta;
  v_win_bonus bigint := coalesce(r.win_bonus_minor, 0) + p_win_bonus_delta;
  v_closed boolean := coalesce(r.closed, false) OR p_close;
  v_closing boolean := v_closed AND NOT coalesce(r.closed, false);
  v_round_status integer := CASE
    WHEN (p_rollback OR r.status = bet_status('rolledBack')) AND v_bet = 0 AND v_win = 0 THEN bet_status('rolledBack')
    WHEN NOT v_closed THEN bet_status('pending')
    WHEN v_win > 0 THEN bet_status('won')
    ELSE bet_status('lost') END;
  v_closed_at timestamptz := coalesce(r.closed_at, CASE WHEN v_closed THEN p_now END);
  v_round uuid := CASE WHEN p_round IS NOT NULL THEN coalesce(r.id, gen_random_uuid()) ELSE r.id END;
  v_owner uuid := CASE WHEN r.id IS NULL THEN p_bonus.id ELSE r.bonus_id END;
  -- The turnover's positions: a round is one while it is open with a stake.
  v_was_position boolean := r.id IS NOT NULL AND NOT r.closed AND r.bet_minor > 0;
  v_opens boolean := NOT coalesce(r.closed, false) AND coalesce(r.bet_minor, 0) = 0 AND v_bet > 0;
  v_key text := CASE WHEN v_opens THEN coalesce(p_risk_key, 'casino') ELSE r.risk_key END;
  v_group uuid := r.risk_group;
  v_at_risk bigint := 0;
  v_settled bigint;
BEGIN
  IF p_round IS NOT NULL THEN
    IF v_opens THEN v_group := game_risk_open(s.account_id, v_key, v_round, p_now); END IF;
    IF v_opens OR v_was_position THEN
      IF v_closing THEN
        v_at_risk := game_risk_change(s.account_id, v_key, v_group, true, false, v_bet, v_win, 0, 0, false);
      ELSIF v_bet = 0 THEN
        PERFORM game_risk_change(s.account_id, v_key, v_group, false, true, 0, 0, 0, 0, false);
      END IF;
    ELSIF coalesce(r.closed, false) AND (p_bet_delta <> 0 OR p_win_delta <> 0) THEN
      v_at_risk := game_risk_change(s.account_id, coalesce(v_key, 'casino'), v_group, false, false, p_bet_delta,
                                    p_win_delta, r.bet_minor, r.win_minor, true);
    END IF;
    IF r.id IS NULL THEN
      INSERT INTO game_rounds (id, session_id, player_id, account_id, game_id, provider_id, provider_round_id, currency,
                               bet_minor, bet_bonus_minor, win_minor, win_bonus_minor, status, closed, closed_at,
                               platform, country, created_at, updated_at, bonus_id, risk_key, risk_group)
      VALUES (v_round, s.id, s.player_id, s.account_id, s.game_id, p_provider, p_round, s.currency,
              v_bet, v_bet_bonus, v_win, v_win_bonus, v_round_status, v_closed, v_closed_at, s.platform, s.country, p_now, p_now,
              v_owner, v_key, v_group);
    ELSE
      UPDATE game_rounds
         SET bet_minor = v_bet, bet_bonus_minor = v_bet_bonus, win_minor = v_win, win_bonus_minor = v_win_bonus,
             status = v_round_status, closed = v_closed, closed_at = v_closed_at, updated_at = p_now,
             risk_key = v_key, risk_group = v_group
       WHERE id = v_round;
      -- A sports ticket follows its round: what is still staked, and whether it is settled (closed or voided).
      IF p_game_type = 'sportsbook' THEN
        PERFORM sportsbook_round_changed(v_round, v_bet, v_closed OR v_round_status = bet_status('rolledBack'));
      END IF;
    END IF;
    IF v_closing THEN
      INSERT INTO outbox (event, payload)
      VALUES ('game.bet.settled', game_bet_settled_payload(v_round, s, p_game_type, v_bet, v_bet_bonus, v_win, v_win_bonus));
      IF v_win > 0 AND p_game_type IS DISTINCT FROM 'sportsbook' THEN
        INSERT INTO game_winners (round_id, closed_at, platform, country) VALUES (v_round, v_closed_at, s.platform, s.country);
      END IF;
    END IF;
    IF p_bet_delta <> 0 OR p_win_delta <> 0 OR v_at_risk <> 0 THEN
      PERFORM wallet_count_play(s.account_id, p_count_day, p_bet_delta - p_bet_bonus_delta, p_bet_bonus_delta,
                                p_win_delta - p_win_bonus_delta, p_win_bonus_delta, v_at_risk);
    END IF;
  END IF;
  INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                 request_hash, reference_tx_id, ledger_entry_id, response, status, created_at)
  VALUES (p_transaction, p_kind, v_round, s.id, s.player_id, s.currency, p_amount,
          p_hash, p_reference, p_entry, p_answer, p_status, p_now);
  IF p_round IS NULL THEN RETURN false; END IF;
  IF p_bonus.id = v_owner AND (v_closing OR (coalesce(r.closed, false) AND p_bet_delta <> 0)) THEN
    v_settled := CASE WHEN v_closing THEN v_bet ELSE p_bet_delta END;
    -- The bonus's open rounds are this module's to count: counted for the bonus only when it may end.
    RETURN bonus_settle(p_bonus, s.game_id, p_game_type, v_settled, p_bonus_balance,
                        CASE WHEN bonus_may_end(p_bonus, s.game_id, p_game_type, v_settled, p_bonus_balance, p_now)
                             THEN game_open_bonus_rounds(p_bonus.id, p_bonus.player_id, p_bonus.account_id,
                                                         p_bonus.activated_at) END,
                        p_now)
           OR v_closing;
  END IF;
  RETURN v_closing;
END $$;

-- A bet: debits `p_amount` on a live session after the responsible-gaming, game and geo checks, split
-- between real and bonus money as the wallet's rule says. The first answer of a transaction id is stored
-- and replayed; a bet whose rollback came first is stored as refused (15013) and never debited. Refusals
-- are answers, not exceptions, so what a refusal writes (the stored 15013, the restricted-bets event)
-- commits with it.
-- A sports bet (the sportsbook's pseudo-game) carries its ticket `p_ticket` (no other game takes one):
-- one ticket per round; the operator's restrictions and maximum stakes (sportsbook_refusal, the sportsbook module's), read
-- under the account's lock so concurrent tickets cannot pass a maximum together; real money only, no
-- bonus rule; the ticket and its items recorded with the round.
CREATE OR REPLACE FUNCTION game_wallet_bet_ticket(
  p_token text, p_transaction text, p_round text, p_game_identity text, p_amount bigint, p_currency text,
  p_close boolean, p_ticket jsonb, p_hash text, p_restricted_countries text[], p_now timestamptz,
  OUT answer jsonb, OUT events boolean
) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  c record := game_wallet_read(p_token, p_round, p_transaction, p_now, true);
  s game_sessions := c.s;
  a wallet_accounts := c.a;
  r game_rounds := c.r;
  v_sports boolean := c.game_type = 'sportsbook';
  -- A round the active bonus did not begin (begun before it, or by another bonus) is not its: bets there
  -- take real money only, under none of its rules, and count toward nothing.
  v_bonus_round boolean := NOT v_sports AND (r.id IS NULL OR r.bonus_id IS NOT DISTINCT FROM (c.bonus).id);
  v_refusal record;
  v_bonus_refusal jsonb;
  v_bonus bigint;
  v_posted record;
  v_entry bigint;
BEGIN
  events := false;
  answer := game_call_refusal(s, c.earlier, p_hash, p_game_identity, c.game_identity, p_currency, r);
  IF answer IS NOT NULL THEN RETURN; END IF;
  IF v_sports <> (p_ticket IS NOT NULL) THEN
    answer := jsonb_build_object('code', error_code('unprocessable'), 'field', 'ticket', 'reason', CASE WHEN v_sports THEN 'missing' ELSE 'unexpected' END);
    RETURN;
  END IF;

  IF c.voided THEN
    answer := jsonb_build_object('code', error_code('transactionRolledBack'), 'balance', game_sportsbook_stakeable(a, c.game_type), 'currency', a.currency);
    INSERT INTO game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor,
                                   request_hash, response, status, created_at)
    VALUES (p_transaction, 'bet', r.id, s.id, s.player_id, s.currency, p_amount, p_hash, answer, 'refused', p_now);
    RETURN;
  END IF;

  IF s.expires_at <= p_now OR s.closed_at IS NOT NULL OR NOT c.session_open THEN
    answer := jsonb_build_object('code', error_code('gameSessionExpired'), 'reason', 'expired');
    RETURN;
  END IF;
  v_refusal := limits_play_refusal(s.player_id, s.account_id, c.player_status, s.currency, p_amount, p_now,
                                   c.excluded, c.money_limits);
  IF v_refusal.code IN (error_code('accountBlocked'), error_code('accountClosed'), error_code('limitedPlayer'),
                        error_code('gameSelfExcluded')) THEN
    answer := jsonb_build_object('code', v_refusal.code);
    RETURN;
  END IF;
  IF NOT c.game_enabled THEN
    -- The refusal is the answer, but the open game page learns it by push and shows the restricted-bets modal.
    INSERT INTO outbox (event, payload)
    VALUES ('game.bet.restricted', jsonb_build_object('playerId', s.player_id, 'gameIdentity', c.game_identity));
    answer := jsonb_build_object('code', error_code('restrictedBets'));
    events := true;
    RETURN;
  END IF;
  IF s.country = ANY (c.blocked_countries) OR s.country = ANY (p_restricted_countries) THEN
    answer := jsonb_build_object('code', error_code('gameRestrictedInCountry'));
    RETURN;
  END IF;
  IF r.closed THEN answer := jsonb_build_object('code', error_code('roundClosed')); RETURN; END IF;
  IF v_refusal.code IS NOT NULL THEN answer := jsonb_build_object('code', v_refusal.code, 'period', v_refusal.period); RETURN; END IF;

  IF v_sports THEN
    -- One ticket per round.
    IF r.id IS NOT NULL THEN answer := jsonb_build_object('code', error_code('conflict'), 'reason', 'ticket'); RETURN; END IF;
    answer := sportsbook_refusal(s.player_id, s.country, s.currency, p_ticket, p_amount);
    IF answer IS NOT NULL THEN
      -- The open sportsbook page learns it by push, like a game page.
      INSERT INTO outbox (event, payload)
      VALUES (CASE WHEN (answer ->> 'code')::integer = error_code('bonusMaxBetExceeded') THEN 'game.bet.max.exceeded' ELSE 'game.bet.restricted' END,
              jsonb_build_object('playerId', s.player_id, 'gameIdentity', c.game_identity)
                || CASE WHEN (answer ->> 'code')::integer = error_code('bonusMaxBetExceeded')
                        THEN jsonb_build_object('currency', a.currency, 'maxBet', (answer ->> 'maxBet'), 'limit', answer ->> 'limit')
                        ELSE '{}' END);
      events := true;
      RETURN;
    END IF;
    -- Real money only: bonus money is never staked on sports.
    IF a.real_balance < p_amount THEN
      answer := jsonb_build_object('code', error_code('insufficientFunds'), 'balance', a.real_balance, 'currency', a.currency);
      RETURN;
    END IF;
  END IF;
  v_bonus := CASE WHEN v_bonus_round THEN wallet_stake_bonus(a, p_amount, s.game_id) ELSE 0 END;
  IF (c.bonus).id IS NOT NULL AND v_bonus_round THEN
    v_bonus_refusal := bonus_stake_refusal(c.bonus, coalesce(r.bet_minor, 0) + p_amount, v_bonus, s.game_id);
  END IF;
  IF v_bonus_refusal IS NOT NULL THEN
    -- The open game page learns it by push: the max-bets or the restricted-bets modal.
    INSERT INTO outbox (event, payload)
    VALUES (CASE WHEN (v_bonus_refusal ->> 'code')::integer = error_code('bonusMaxBetExceeded') THEN 'game.bet.max.exceeded' ELSE 'game.bet.restricted' END,
            jsonb_build_object('playerId', s.player_id, 'gameIdentity', c.game_identity)
              || CASE WHEN (v_bonus_refusal ->> 'code')::integer = error_code('bonusMaxBetExceeded')
                      THEN jsonb_build_object('currency', a.currency, 'maxBet', (v_bonus_refusal ->> 'maxBet'))
                      ELSE '{}' END);
    answer := v_bonus_refusal;
    events := true;
    RETURN;
  END IF;
  IF p_amount > 0 THEN
    v_posted := wallet_post_locked(a, 'game:' || p_transaction, 'bet', v_bonus - p_amount, -v_bonus, 0,
                                   jsonb_build_object('gameIdentity', c.game_identity, 'roundId', p_round, 'sessionId', s.id),
                                   c.counterparty);
    IF v_posted.status = 'insufficient' THEN
      answer := jsonb_build_object('code', error_code('insufficientFunds'), 'balance', game_sportsbook_stakeable(a, c.game_type), 'currency', a.currency);
      RETURN;
    ELSIF v_posted.status <> 'posted' THEN
      answer := jsonb_build_object('code', error_code('duplicateTransaction'));
      RETURN;
    END IF;
    a := v_posted.account;
    v_entry := v_posted.entry_id;
    events := true;
    -- The deposit is being played: a deposit bonus still waiting for activation lapses.
    IF c.deposit_waiting THEN PERFORM bonus_lapse_waiting_deposits(a.id, NULL, p_now); END IF;
  END IF;
  answer := game_wallet_answer_for(p_transaction, a, c.game_type);
  -- A sports round never counts toward a casino bonus's wagering (no bonus passed on); a sports ticket's
  -- positions are grouped by its (first) event.
  events := game_record_call(s, c.provider_id, c.game_type, p_round, r, 'bet', p_transaction, NULL, p_amount, 'applied',
                             answer, p_hash, v_entry, p_amount, v_bonus, 0, 0, coalesce(p_close, false), false,
                             (p_now AT TIME ZONE 'UTC')::date, p_now, CASE WHEN NOT v_sports THEN c.bonus END,
                             a.bonus_balance,
                             CASE WHEN v_sports THEN 'event:' || (p_ticket -> 'items' -> 0 ->> 'eventId') ELSE 'casino' END)
            OR events;
  IF v_sports THEN
    PERFORM sportsbook_record((SELECT id FROM game_rounds WHERE provider_id = c.provider_id AND provider_round_id = p_round),
                              s.player_id, s.currency, p_amount, coalesce(p_close, false), p_ticket, p_now);
  END IF;
END $$;

-- A bet without a ticket (the first signature, kept for its callers).
CREATE OR REPLACE FUNCTION game_wallet_bet(
  p_token text, p_transaction text, p_round text, p_game_identity text, p_amount bigint, p_currency text,
  p_close boolean, p_hash text, p_restricted_countries text[], p_now timestamptz,
  OUT answer jsonb, OUT events boolean
) LANGUAGE sql AS $$
  SELECT * FROM game_wallet_bet_ticket(p_token, p_transaction, p_round, p_game_identity, p_amount, p_currency, p_close,
                                       NULL, p_hash, p_restricted_countries, p_now)
$$;

-- A win (0 allowed): credits `p_amount`, split between real and bonus money as the round was staked;
-- accepted after the session expired, so a round started in time settles. A round without a bet pays
-- nothing unless a promotion the casino granted pays it (free spins: bonus_freespin_win), and a round
-- never pays more than `p_max_multiplier` times its stake.
-- A sports ticket: settled once (a win of 0 is a loss), never after it was voided, never above its
-- stake at its odds; `p_cash_out` (the sportsbook only, closing the round) settles it early and marks the
-- round cashed out (BetStatus 5). Never counted toward a casino bonus.
CREATE OR REPLACE FUNCTION game_wallet_settle(
  p_token text, p_transaction text, p_round text, p_game_identity text, p_amount bigint, p_currency text,
  p_close boolean, p_promotion text, p_cash_out boolean, p_hash text, p_max_multiplier integer, p_now timestamptz,
  OUT answer jsonb, OUT events boolean
) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  -- Only a free spin is new play: it alone needs the player's state.
  c record := game_wallet_read(p_token, p_round, p_transaction, p_now, coalesce(p_promotion LIKE 'free-spins:%', false));
  s game_sessions := c.s;
  a wallet_accounts := c.a;
  r game_rounds := c.r;
  v_sports boolean := c.game_type = 'sportsbook';
  v_odds integer;
  v_share bigint;
  v_bonus bigint;
  v_posted record;
  v_entry bigint;
BEGIN
  events := false;
  answer := game_call_refusal(s, c.earlier, p_hash, p_game_identity, c.game_identity, p_currency, r);
  IF answer IS NOT NULL THEN RETURN; END IF;
  IF p_cash_out AND (NOT v_sports OR NOT p_close) THEN
    answer := jsonb_build_object('code', error_code('unprocessable'), 'field', 'cashOut', 'reason', CASE WHEN v_sports THEN 'open' ELSE 'unexpected' END);
    RETURN;
  END IF;
  IF r.closed THEN answer := jsonb_build_object('code', error_code('roundClosed')); RETURN; END IF;
  IF v_sports THEN
    -- A voided ticket stays void: a late settlement is refused like one on a closed round.
    IF r.status = bet_status('rolledBack') THEN answer := jsonb_build_object('code', error_code('roundClosed')); RETURN; END IF;
    v_odds := sportsbook_ticket_odds(r.id);
    IF p_amount > 0 AND coalesce(r.win_minor, 0)::numeric + p_amount > floor(coalesce(r.bet_minor, 0)::numeric * v_odds / 1000) THEN
      answer := jsonb_build_object('code', error_code('winAboveCap'), 'maxMultiplier', v_odds / 1000.0);
      RETURN;
    END IF;
  END IF;
  IF p_promotion LIKE 'free-spins:%' AND coalesce(r.bet_minor, 0) = 0 THEN
    -- A free spin the casino granted (bonus/sql/freespins.sql): a round of its own, closed by its one win,
    -- counted on the grant; no money moves now (the winnings become a bonus when the spins end). The
    -- round records the win as bonus money.
    -- A free spin is new play: not on a session that ended, nor for a player excluded from play.
    IF s.expires_at <= p_now OR s.closed_at IS NOT NULL OR NOT c.session_open OR c.excluded OR c.player_status = player_status('closed') THEN
      answer := jsonb_build_object('code', error_code('gameSessionExpired'), 'reason', 'expired');
      RETURN;
    END IF;
    answer := bonus_freespin_win(substr(p_promotion, 12), s, r, p_amount, p_max_multiplier, p_now);
    IF answer IS NOT NULL THEN RETURN; END IF;
    answer := game_wallet_answer_for(p_transaction, a, c.game_type);
    PERFORM game_record_call(s, c.provider_id, c.game_type, p_round, r, 'win', p_transaction, NULL, p_amount, 'applied',
                             answer, p_hash, NULL, 0, 0, p_amount, p_amount, true, false,
                             (p_now AT TIME ZONE 'UTC')::date, p_now, c.bonus, a.bonus_balance, NULL);
    events := true;
    RETURN;
  END IF;
  IF p_amount > 0 AND coalesce(r.bet_minor, 0) = 0 THEN
    answer := jsonb_strip_nulls(jsonb_build_object('code', error_code('winWithoutBet'), 'promotion', p_promotion));
    RETURN;
  END IF;
  IF p_amount > 0 AND NOT v_sports AND coalesce(r.win_minor, 0)::numeric + p_amount > r.bet_minor::numeric * p_max_multiplier THEN
    answer := jsonb_build_object('code', error_code('winAboveCap'), 'maxMultiplier', p_max_multiplier);
    RETURN;
  END IF;

  v_share := wallet_win_share(p_amount, coalesce(r.bet_minor, 0), coalesce(r.bet_bonus_minor, 0));
  v_bonus := wallet_bonus_paid(v_share, (c.bonus).id = r.bonus_id);
  IF p_amount > 0 THEN
    v_posted := wallet_post_locked(a, 'game:' || p_transaction, 'win', p_amount - v_share, v_bonus, 0,
                                   jsonb_build_object('gameIdentity', c.game_identity, 'roundId', p_round, 'sessionId', s.id),
                                   c.counterparty);
    IF v_posted.status = 'too_large' THEN answer := jsonb_build_object('code', error_code('balanceTooLarge')); RETURN; END IF;
    IF v_posted.status <> 'posted' THEN answer := jsonb_build_object('code', error_code('duplicateTransaction')); RETURN; END IF;
    a := v_posted.account;
    v_entry := v_posted.entry_id;
    events := true;
  END IF;
  answer := game_wallet_answer_for(p_transaction, a, c.game_type);
  events := game_record_call(s, c.provider_id, c.game_type, p_round, r, 'win', p_transaction, NULL, p_amount, 'applied',
                             answer, p_hash, v_entry, 0, 0, p_amount - v_share + v_bonus, v_bonus, p_close, false,
                             (p_now AT TIME ZONE 'UTC')::date, p_now, CASE WHEN NOT v_sports THEN c.bonus END,
                             a.bonus_balance, NULL) OR events;
  IF p_cash_out THEN
    UPDATE game_rounds SET status = bet_status('cashedOut') WHERE provider_id = c.provider_id AND provider_round_id = p_round;
    PERFORM sportsbook_cash_out(r.id);
  END IF;
END $$;

-- A win without a cash-out (the first signature, kept for its callers).
CREATE OR REPLACE FUNCTION game_wallet_win(
  p_token text, p_transaction text, p_round text, p_game_identity text, p_amount bigint, p_currency text,
  p_close boolean, p_promotion text, p_hash text, p_max_multiplier integer, p_now timestamptz,
  OUT answer jsonb, OUT events boolean
) LANGUAGE sql AS $$
  SELECT * FROM game_wallet_settle(p_token, p_transaction, p_round, p_game_identity, p_amount, p_currency, p_close,
                                   p_promotion, false, p_hash, p_max_multiplier, p_now)
$$;

-- Voids the bet `p_reference` and refunds it once, to the money its stake came from. A rollback of a bet
-- not seen is remembered (200): that bet, if it comes, is refused (15013). Wins cannot be rolled back, nor
-- a sports ticket once settled (15012).
CREATE OR REPLACE FUNCTION game_wallet_rollback(
  p_token text, p_transaction text, p_reference text, p_round text, p_game_identity text, p_hash text, p_now timestamptz,
  OUT answer jsonb, OUT events boolean
) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  c record := game_wallet_read(p_token, p_round, p_transaction, p_now, false);
  s game_sessions := c.s;
  a wallet_accounts := c.a;
  r game_rounds;
  bet game_transactions;
  v_split record;
  v_bonus bigint;
  v_posted record;
  v_entry bigint;
BEGIN
  events := false;
  IF s.id IS NOT NULL AND p_reference = p_transaction THEN
    answer := jsonb_build_object('code', error_code('unprocessable'), 'field', 'referenceTransactionId');
    RETURN;
  END IF;
  answer := game_call_refusal(s, c.earlier, p_hash, p_game_identity, c.game_identity, NULL, NULL);
  IF answer IS NOT NULL THEN RETURN; END IF;

  SELECT * INTO bet FROM game_transactions WHERE provider_tx_id = p_reference;
  IF bet.id IS NULL THEN
    -- Remembered: the bet, if it comes, finds this rollback and is refused.
    r := CASE WHEN (c.r).session_id = s.id THEN c.r END;
    answer := game_wallet_answer_for(p_transaction, a, c.game_type);
    PERFORM game_record_call(s, c.provider_id, c.game_type, NULL, r, 'rollback', p_transaction, p_reference, 0,
                             'remembered', answer, p_hash, NULL, 0, 0, 0, 0, false, false, NULL, p_now, NULL, NULL, NULL);
    RETURN;
  END IF;
  IF bet.kind <> 'bet' THEN answer := jsonb_build_object('code', error_code('unprocessable'), 'reason', 'not_a_bet', 'kind', bet.kind); RETURN; END IF;
  IF bet.session_id <> s.id THEN answer := jsonb_build_object('code', error_code('conflict'), 'reason', 'transaction'); RETURN; END IF;
  SELECT * INTO r FROM game_rounds WHERE id = bet.round_id;
  IF r.id IS NOT NULL AND r.provider_round_id <> p_round THEN answer := jsonb_build_object('code', error_code('unprocessable'), 'field', 'roundId'); RETURN; END IF;
  -- A settled sports ticket is final: voiding it now would refund a stake whose win was paid.
  IF c.game_type = 'sportsbook' AND r.closed AND bet.status = 'applied' THEN
    answer := jsonb_build_object('code', error_code('roundClosed'));
    RETURN;
  END IF;

  IF bet.status <> 'applied' THEN
    -- Already voided (by another rollback, or refused on arrival): nothing left to refund.
    answer := game_wallet_answer_for(p_transaction, a, c.game_type);
    PERFORM game_record_call(s, c.provider_id, c.game_type, NULL, r, 'rollback', p_transaction, p_reference, 0, 'noop',
                             answer, p_hash, NULL, 0, 0, 0, 0, false, false, NULL, p_now, NULL, NULL, NULL);
    RETURN;
  END IF;
  v_split := wallet_stake_of(bet.ledger_entry_id);
  v_bonus := wallet_bonus_paid(v_split.bonus_minor, (c.bonus).id = r.bonus_id);
  IF bet.amount_minor > 0 THEN
    v_posted := wallet_post_locked(a, 'game:' || p_transaction, 'rollback', v_split.real_minor, v_bonus, 0,
                                   jsonb_build_object('gameIdentity', c.game_identity, 'roundId', p_round,
                                                      'sessionId', s.id, 'voids', p_reference),
                                   c.counterparty);
    IF v_posted.status = 'too_large' THEN answer := jsonb_build_object('code', error_code('balanceTooLarge')); RETURN; END IF;
    IF v_posted.status <> 'posted' THEN answer := jsonb_build_object('code', error_code('duplicateTransaction')); RETURN; END IF;
    a := v_posted.account;
    v_entry := v_posted.entry_id;
    events := true;
  END IF;
  UPDATE game_transactions SET status = 'rolled_back' WHERE id = bet.id;
  answer := game_wallet_answer_for(p_transaction, a, c.game_type);
  PERFORM game_record_call(s, c.provider_id, c.game_type, CASE WHEN r.id IS NOT NULL THEN p_round END, r, 'rollback',
                           p_transaction, p_reference, bet.amount_minor, 'applied', answer, p_hash, v_entry,
                           -bet.amount_minor, -coalesce(v_split.bonus_minor, 0), 0, 0, false, true,
                           (bet.created_at AT TIME ZONE 'UTC')::date, p_now, c.bonus, a.bonus_balance, NULL);
END $$;
