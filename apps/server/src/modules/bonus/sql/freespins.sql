-- bonus: free spins from activation to their end, and the check of a free spin's win in the money path.
-- Every write of a player's free spins holds its account's wallet lock (the win call holds it; the others
-- take it first), so a spin, a cancel and the expiry of one grant never interleave.

-- The event of a change of free spins (contracts EventMap 'freespins.updated'; 'issued' is written by
-- bonus/freespins.ts).
CREATE OR REPLACE FUNCTION bonus_freespin_event(f player_freespins, p_change text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO outbox (event, payload)
  VALUES ('freespins.updated', jsonb_build_object(
    'change', p_change, 'playerId', f.player_id, 'freespinId', f.id, 'name', f.name, 'currency', f.currency,
    'gameId', f.game_id, 'count', f.count, 'usedCount', f.used_count, 'status', f.status, 'result', f.result,
    'win', f.win_minor::text))
$$;

-- Ends free spins `f` (their account locked) with `p_result`: 2 played, 3 cancelled, 4 expired. What they
-- won becomes a bonus afterwards (bonus/freespins.ts, on the event), so nothing moves here.
CREATE OR REPLACE FUNCTION bonus_freespin_finish(f player_freespins, p_result integer, p_now timestamptz)
RETURNS player_freespins LANGUAGE plpgsql AS $$
BEGIN
  UPDATE player_freespins SET status = freespin_status('finished'), result = p_result, finished_at = p_now WHERE id = f.id RETURNING * INTO f;
  PERFORM bonus_freespin_event(f, 'finished');
  RETURN f;
END $$;

-- A free spin's win (called by game_wallet_win with the account locked): the grant must be this session's
-- player's, account's and game's, active, not used up and not expired, and the win on a round of its own
-- at most `p_max_multiplier` times the spin's stake. The spin is counted and its win added to the
-- winnings; no money moves. Null when counted, else the refusal (an expired grant is ended on the way).
CREATE OR REPLACE FUNCTION bonus_freespin_win(
  p_grant text, s game_sessions, r game_rounds, p_amount bigint, p_max_multiplier integer, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  f player_freespins;
BEGIN
  SELECT * INTO f FROM player_freespins WHERE grant_id = p_grant AND account_id = s.account_id;
  IF f.id IS NOT NULL AND f.status = freespin_status('active') AND f.expires_at <= p_now THEN
    f := bonus_freespin_finish(f, freespin_result('expired'), p_now);
  END IF;
  IF f.id IS NULL OR r.id IS NOT NULL OR f.player_id <> s.player_id OR f.game_id <> s.game_id
     OR f.status <> freespin_status('active') OR f.used_count >= f.count THEN
    RETURN jsonb_build_object('code', error_code('winWithoutBet'), 'promotion', 'free-spins:' || p_grant);
  END IF;
  IF p_amount::numeric > f.stake_minor::numeric * p_max_multiplier THEN
    RETURN jsonb_build_object('code', error_code('winAboveCap'), 'maxMultiplier', p_max_multiplier);
  END IF;
  UPDATE player_freespins
     SET used_count = used_count + 1, win_minor = win_minor + p_amount
   WHERE id = f.id
  RETURNING * INTO f;
  IF f.used_count >= f.count THEN
    PERFORM bonus_freespin_finish(f, freespin_result('played'), p_now);
  ELSE
    PERFORM bonus_freespin_event(f, 'spin');
  END IF;
  RETURN NULL;
END $$;

-- The player's free spins `p_id` and their account, locked (null fields when not the player's), read
-- again after the lock.
CREATE OR REPLACE FUNCTION bonus_freespin_lock_own(p_id uuid, p_player uuid, OUT f player_freespins, OUT a wallet_accounts)
LANGUAGE plpgsql AS $$
DECLARE
  v_account uuid;
BEGIN
  SELECT account_id INTO v_account FROM player_freespins WHERE id = p_id AND player_id = p_player;
  IF v_account IS NULL THEN RETURN; END IF;
  a := wallet_lock_account(v_account);
  SELECT * INTO f FROM player_freespins WHERE id = p_id;
END $$;

-- The player activates issued free spins `p_id` (the provider has already been told of the grant): they
-- can be played until `p_expires`. Outcomes: 'activated', 'not_found' (not the player's), 'not_issued',
-- 'expired' (past their activation date: they end so).
CREATE OR REPLACE FUNCTION bonus_freespin_activate(
  p_id uuid, p_player uuid, p_expires timestamptz, p_now timestamptz, OUT outcome text, OUT freespin player_freespins
) LANGUAGE plpgsql AS $$
DECLARE
  own record := bonus_freespin_lock_own(p_id, p_player);
  f player_freespins := own.f;
BEGIN
  IF f.id IS NULL THEN outcome := 'not_found'; RETURN; END IF;
  freespin := f;
  IF f.status <> freespin_status('issued') THEN outcome := 'not_issued'; RETURN; END IF;
  IF f.activation_expires_at <= p_now THEN
    freespin := bonus_freespin_finish(f, freespin_result('expired'), p_now);
    outcome := 'expired';
    RETURN;
  END IF;
  UPDATE player_freespins SET status = freespin_status('active'), activated_at = p_now, expires_at = p_expires WHERE id = f.id RETURNING * INTO f;
  PERFORM bonus_freespin_event(f, 'activated');
  freespin := f;
  outcome := 'activated';
END $$;

-- The player cancels free spins `p_id` (issued or active; the spins left are forfeited, and so are the
-- winnings so far). Outcomes: 'cancelled', 'not_found', 'finished'.
CREATE OR REPLACE FUNCTION bonus_freespin_cancel(
  p_id uuid, p_player uuid, p_now timestamptz, OUT outcome text, OUT freespin player_freespins
) LANGUAGE plpgsql AS $$
DECLARE
  own record := bonus_freespin_lock_own(p_id, p_player);
  f player_freespins := own.f;
BEGIN
  IF f.id IS NULL THEN outcome := 'not_found'; RETURN; END IF;
  freespin := f;
  IF f.status = freespin_status('finished') THEN outcome := 'finished'; RETURN; END IF;
  freespin := bonus_freespin_finish(f, freespin_result('canceled'), p_now);
  outcome := 'cancelled';
END $$;

-- Ends free spins time has ended, up to `p_limit`: issued ones past activation, active ones past their
-- play time (result 4; winnings so far still become a bonus). Any node may run it: each is re-read under
-- its account's lock.
CREATE OR REPLACE FUNCTION bonus_freespin_expire_due(p_now timestamptz, p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
  f player_freespins;
  v_count integer := 0;
BEGIN
  FOR v_id IN
    SELECT id FROM player_freespins
     WHERE (status = freespin_status('issued') AND activation_expires_at <= p_now) OR (status = freespin_status('active') AND expires_at <= p_now)
     ORDER BY created_at LIMIT p_limit
  LOOP
    SELECT * INTO f FROM player_freespins WHERE id = v_id;
    PERFORM wallet_lock_account(f.account_id);
    SELECT * INTO f FROM player_freespins WHERE id = v_id;
    IF (f.status = freespin_status('issued') AND f.activation_expires_at <= p_now)
       OR (f.status = freespin_status('active') AND f.expires_at <= p_now) THEN
      PERFORM bonus_freespin_finish(f, freespin_result('expired'), p_now);
      v_count := v_count + 1;
    END IF;
  END LOOP;
  RETURN v_count;
END $$;
