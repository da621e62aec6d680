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

-- An amount for the wire: at most 2^53 - 1 (the largest integer JSON carries exactly; a maximum converted
-- into a currency of tiny value may be larger), and null stays null (least() alone would turn "no rate"
-- into the cap, an unbounded maximum).
CREATE OR REPLACE FUNCTION game_sportsbook_wire_amount(p_amount numeric) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_amount IS NOT NULL THEN least(p_amount, 9007199254740991)::bigint END
$$;

-- The operator's maximum stakes in p_currency's minor units: per ticket and per event (a player's open
-- tickets on it together). The operator sets them once in the base currency (sportsbook_stake_rule);
-- every currency is bounded by them at its rate, rounded down (a maximum never grows in conversion).
-- Nulls when there is no rule or the currency has no rate: a ticket in it is refused. The launch tells
-- the sportsbook client these (risk.ts), and the refusal below checks them.
CREATE OR REPLACE FUNCTION game_sportsbook_limits_in(p_currency text, OUT max_bet bigint, OUT max_event bigint)
LANGUAGE sql STABLE AS $$
  SELECT game_sportsbook_wire_amount(settings_from_base_minor(r.max_bet_minor, p_currency, false)),
         game_sportsbook_wire_amount(settings_from_base_minor(r.max_event_minor, p_currency, false))
    FROM (SELECT 1) one
    LEFT JOIN sportsbook_stake_rule r ON true
$$;

-- A ticket's refusal by the operator's rules, or null: a sport or an event restricted in the session's
-- country (or everywhere, '*') → 14306; a stake above the maximum per ticket, or one that takes the
-- player's stakes on an event above the maximum per event → 14311 with what is still allowed (`maxBet`,
-- in the ticket's currency) and which limit binds (`limit`: bet | event).
-- The maximums are the base currency's, converted at the ticket currency's rate and rounded down
-- (game_sportsbook_limits_in). The stakes on an event are the player's open tickets on it in every
-- currency (a ticket's whole stake rides on each of its events), each currency's sum converted to the
-- base currency rounded up, so exposure is never understated; the room left converts back rounded down.
-- No rule, or a currency without a rate (the ticket's or an open ticket's), refuses the ticket (maxBet 0)
-- rather than letting it through unbounded.
-- Volatile, so each statement below sees what committed before it: the player's lock comes first, and
-- every sports ticket of the player takes it whatever account (currency) it stakes from, so two tickets
-- at once cannot pass a maximum together (the account's lock covers one currency only).
CREATE OR REPLACE FUNCTION game_sportsbook_refusal(s game_sessions, p_ticket jsonb, p_amount bigint)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_restricted record;
  v_limits record;
  v_rule_event bigint;
  v_staked numeric;
  v_unpriced boolean;
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
    RETURN jsonb_build_object('code', error_code('restrictedBets'), 'reason', v_restricted.kind, 'ref', v_restricted.ref);
  END IF;

  PERFORM pg_advisory_xact_lock(hashtextextended('sportsbook:' || s.player_id::text, 0));

  SELECT max_bet, max_event INTO v_limits FROM game_sportsbook_limits_in(s.currency);
  SELECT max_event_minor INTO v_rule_event FROM sportsbook_stake_rule;
  IF v_limits.max_bet IS NULL OR v_rule_event IS NULL THEN
    RETURN jsonb_build_object('code', error_code('bonusMaxBetExceeded'), 'maxBet', 0, 'currency', s.currency, 'limit', 'bet');
  END IF;

  SELECT max(e.staked), bool_or(e.unpriced) INTO v_staked, v_unpriced
    FROM (SELECT sum(b.base) AS staked, bool_or(b.base IS NULL) AS unpriced
            FROM (SELECT ti.event_id, gr.currency, sum(gr.bet_minor) AS total
                    FROM sportsbook_ticket_items ti
                    JOIN game_rounds gr ON gr.id = ti.round_id
                   WHERE ti.player_id = s.player_id
                     AND ti.event_id IN (SELECT i ->> 'eventId' FROM jsonb_array_elements(p_ticket -> 'items') i)
                     AND NOT gr.closed
                   GROUP BY ti.event_id, gr.currency) x
           CROSS JOIN LATERAL (SELECT settings_to_base_minor(x.total, x.currency, true) AS base) b
           GROUP BY x.event_id) e;
  v_event_room := CASE WHEN v_unpriced THEN 0
                       ELSE coalesce(game_sportsbook_wire_amount(
                              settings_from_base_minor(greatest(v_rule_event - coalesce(v_staked, 0), 0), s.currency, false)), 0) END;
  v_allowed := least(v_limits.max_bet, v_event_room);
  IF p_amount > v_allowed THEN
    RETURN jsonb_build_object(
      'code', error_code('bonusMaxBetExceeded'), 'maxBet', v_allowed, 'currency', s.currency,
      'limit', CASE WHEN v_event_room <= v_limits.max_bet THEN 'event' ELSE 'bet' END);
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
