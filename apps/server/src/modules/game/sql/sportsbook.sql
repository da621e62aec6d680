-- game: the sportsbook's rules in the seamless wallet (docs/sportsbook-provider-api.md). The sportsbook is
-- a pseudo-game (type 'sportsbook'); each ticket is one round, bet with its `ticket`, settled by a win (0:
-- lost) or voided by a rollback. game_wallet_bet_ticket / _settle / _rollback call these under the
-- account's lock.

-- What a provider may stake: real and bonus money on a casino game, real money only on the sportsbook
-- (sports bets never take bonus money).
CREATE OR REPLACE FUNCTION game_sportsbook_stakeable(a wallet_accounts, p_game_type text) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_game_type = 'sportsbook' THEN a.real_balance ELSE wallet_playable(a) END
$$;

-- A ticket's refusal by the operator's rules, or null: a sport or an event restricted in the session's
-- country (or everywhere, '*') → 14306; a stake above the maximum per ticket, or one that takes the
-- player's stakes on an event (their open tickets' stakes on it, plus this one) above the maximum per
-- event → 14311 with what is still allowed (`maxBet`) and which limit binds (`limit`: bet | event).
-- Read under the account's lock (every ticket of the account takes it), so two tickets at once cannot
-- pass a maximum together.
CREATE OR REPLACE FUNCTION game_sportsbook_refusal(s game_sessions, p_ticket jsonb, p_amount bigint)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_restricted record;
  v_limits sportsbook_stake_limits;
  v_event_room bigint;
  v_allowed bigint;
BEGIN
  SELECT rs.kind, rs.ref INTO v_restricted
    FROM jsonb_to_recordset(p_ticket -> 'items') AS i(sport text, "eventId" text)
    JOIN sportsbook_restrictions rs
      ON rs.country IN (s.country, '*')
     AND ((rs.kind = 'sport' AND rs.ref = i.sport) OR (rs.kind = 'event' AND rs.ref = i."eventId"))
   ORDER BY rs.kind DESC, rs.ref
   LIMIT 1;
  IF v_restricted.kind IS NOT NULL THEN
    RETURN jsonb_build_object('code', 14306, 'reason', v_restricted.kind, 'ref', v_restricted.ref);
  END IF;

  SELECT * INTO v_limits FROM sportsbook_stake_limits WHERE currency = s.currency;
  IF v_limits.currency IS NULL THEN RETURN NULL; END IF;
  IF v_limits.max_event_minor IS NOT NULL THEN
    -- The room left on the ticket's most staked event: its open tickets' stakes (a ticket's whole stake
    -- rides on each of its events).
    SELECT v_limits.max_event_minor - coalesce(max(staked.total), 0) INTO v_event_room
      FROM (SELECT sum(gr.bet_minor) AS total
              FROM sportsbook_ticket_items ti
              JOIN game_rounds gr ON gr.id = ti.round_id
             WHERE ti.player_id = s.player_id
               AND ti.event_id IN (SELECT i ->> 'eventId' FROM jsonb_array_elements(p_ticket -> 'items') i)
               AND NOT gr.closed AND gr.currency = s.currency
             GROUP BY ti.event_id) staked;
  END IF;
  v_allowed := least(v_limits.max_bet_minor, v_event_room);
  IF v_allowed IS NOT NULL AND p_amount > v_allowed THEN
    RETURN jsonb_build_object(
      'code', 14311, 'maxBet', greatest(v_allowed, 0), 'currency', s.currency,
      'limit', CASE WHEN v_event_room IS NOT NULL AND v_event_room <= coalesce(v_limits.max_bet_minor, v_event_room)
                    THEN 'event' ELSE 'bet' END);
  END IF;
  RETURN NULL;
END $$;

-- Records an applied sports bet's ticket and its items beside its round (the bets history, and the
-- maximum per event reads the items).
CREATE OR REPLACE FUNCTION game_sportsbook_record(
  s game_sessions, p_provider uuid, p_round text, p_ticket jsonb, p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_round uuid;
BEGIN
  SELECT id INTO v_round FROM game_rounds WHERE provider_id = p_provider AND provider_round_id = p_round;
  INSERT INTO sportsbook_tickets (round_id, player_id, ticket_type, odds, created_at)
  VALUES (v_round, s.player_id, (p_ticket ->> 'type')::integer, (p_ticket ->> 'odds')::integer, p_now);
  INSERT INTO sportsbook_ticket_items (round_id, position, player_id, event_id, event, stage, sport, discipline,
                                       tournament, event_date, market, outcome, odds)
  SELECT v_round, i.position::integer, s.player_id, i.item ->> 'eventId', i.item ->> 'event', (i.item ->> 'stage')::integer,
         i.item ->> 'sport', i.item ->> 'discipline', i.item ->> 'tournament', (i.item ->> 'eventDate')::timestamptz,
         i.item ->> 'market', i.item ->> 'outcome', (i.item ->> 'odds')::integer
    FROM jsonb_array_elements(p_ticket -> 'items') WITH ORDINALITY AS i(item, position);
END $$;
