-- sportsbook: the casino's own record of sports tickets and the operator's rules on them
-- (docs/sportsbook-provider-api.md). Each ticket is one wallet round of the sportsbook's pseudo-game
-- (type 'sportsbook'); the game module's wallet calls these under the account's lock, with what they need
-- of the round as arguments: this module reads no table of the game module's.

-- An amount for the wire: at most 2^53 - 1 (the largest integer JSON carries exactly; a maximum converted
-- into a currency of tiny value may be larger), and null stays null (least() alone would turn "no rate"
-- into the cap, an unbounded maximum).
CREATE OR REPLACE FUNCTION sportsbook_wire_amount(p_amount numeric) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_amount IS NOT NULL THEN least(p_amount, 9007199254740991)::bigint END
$$;

-- The operator's maximum stakes in p_currency's minor units: per ticket and per event (a player's open
-- tickets on it together). The operator sets them once in the base currency (sportsbook_stake_rule);
-- every currency is bounded by them at its rate, rounded down (a maximum never grows in conversion).
-- Nulls when there is no rule or the currency has no rate: a ticket in it is refused. The launch tells
-- the sportsbook client these (risk.ts), and the refusal below checks them.
CREATE OR REPLACE FUNCTION sportsbook_limits_in(p_currency text, OUT max_bet bigint, OUT max_event bigint)
LANGUAGE sql STABLE AS $$
  SELECT sportsbook_wire_amount(settings_from_base_minor(r.max_bet_minor, p_currency, false)),
         sportsbook_wire_amount(settings_from_base_minor(r.max_event_minor, p_currency, false))
    FROM (SELECT 1) one
    LEFT JOIN sportsbook_stake_rule r ON true
$$;

-- A ticket's refusal by the operator's rules, or null, for player `p_player` betting `p_amount` of
-- `p_currency` from country `p_country`: a sport or an event restricted in that country (or everywhere,
-- '*') → 14306; a stake above the maximum per ticket, or one that takes the player's stakes on an event
-- above the maximum per event → 14311 with what is still allowed (`maxBet`, in the ticket's currency)
-- and which limit binds (`limit`: bet | event).
-- The maximums are the base currency's, converted at the ticket currency's rate and rounded down
-- (sportsbook_limits_in). The stakes on an event are the player's tickets on it not yet settled, in
-- every currency (a ticket's whole stake rides on each of its events), each currency's sum converted to
-- the base currency rounded up, so exposure is never understated; the room left converts back rounded
-- down. No rule, or a currency without a rate (the ticket's or an open ticket's), refuses the ticket
-- (maxBet 0) rather than letting it through unbounded.
-- Volatile, so each statement below sees what committed before it: the player's lock comes first, and
-- every sports ticket of the player takes it whatever account (currency) it stakes from, so two tickets
-- at once cannot pass a maximum together (the account's lock covers one currency only).
CREATE OR REPLACE FUNCTION sportsbook_refusal(
  p_player uuid, p_country text, p_currency text, p_ticket jsonb, p_amount bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
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
      ON rs.country IN (p_country, '*')
     AND ((rs.kind = 'sport' AND rs.ref = i.sport) OR (rs.kind = 'event' AND rs.ref = i."eventId"))
   ORDER BY rs.kind DESC, rs.ref
   LIMIT 1;
  IF v_restricted.kind IS NOT NULL THEN
    RETURN jsonb_build_object('code', error_code('restrictedBets'), 'reason', v_restricted.kind, 'ref', v_restricted.ref);
  END IF;

  PERFORM pg_advisory_xact_lock(hashtextextended('sportsbook:' || p_player::text, 0));

  SELECT max_bet, max_event INTO v_limits FROM sportsbook_limits_in(p_currency);
  SELECT max_event_minor INTO v_rule_event FROM sportsbook_stake_rule;
  IF v_limits.max_bet IS NULL OR v_rule_event IS NULL THEN
    RETURN jsonb_build_object('code', error_code('bonusMaxBetExceeded'), 'maxBet', 0, 'currency', p_currency, 'limit', 'bet');
  END IF;

  SELECT max(e.staked), bool_or(e.unpriced) INTO v_staked, v_unpriced
    FROM (SELECT sum(b.base) AS staked, bool_or(b.base IS NULL) AS unpriced
            FROM (SELECT ti.event_id, t.currency, sum(t.stake_minor) AS total
                    FROM sportsbook_ticket_items ti
                    JOIN sportsbook_tickets t ON t.round_id = ti.round_id
                   WHERE ti.player_id = p_player
                     AND ti.event_id IN (SELECT i ->> 'eventId' FROM jsonb_array_elements(p_ticket -> 'items') i)
                     AND NOT t.settled
                   GROUP BY ti.event_id, t.currency) x
           CROSS JOIN LATERAL (SELECT settings_to_base_minor(x.total, x.currency, true) AS base) b
           GROUP BY x.event_id) e;
  v_event_room := CASE WHEN v_unpriced THEN 0
                       ELSE coalesce(sportsbook_wire_amount(
                              settings_from_base_minor(greatest(v_rule_event - coalesce(v_staked, 0), 0), p_currency, false)), 0) END;
  v_allowed := least(v_limits.max_bet, v_event_room);
  IF p_amount > v_allowed THEN
    RETURN jsonb_build_object(
      'code', error_code('bonusMaxBetExceeded'), 'maxBet', v_allowed, 'currency', p_currency,
      'limit', CASE WHEN v_event_room <= v_limits.max_bet THEN 'event' ELSE 'bet' END);
  END IF;
  RETURN NULL;
END $$;

-- Records an applied sports bet's ticket and its items beside its wallet round `p_round` (the bets
-- history, and the maximum per event reads the items with the ticket's stake).
CREATE OR REPLACE FUNCTION sportsbook_record(
  p_round uuid, p_player uuid, p_currency text, p_stake bigint, p_settled boolean, p_ticket jsonb, p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sportsbook_tickets (round_id, player_id, ticket_type, odds, currency, stake_minor, settled, created_at)
  VALUES (p_round, p_player, (p_ticket ->> 'type')::integer, (p_ticket ->> 'odds')::integer, p_currency, p_stake,
          p_settled, p_now);
  INSERT INTO sportsbook_ticket_items (round_id, position, player_id, event_id, event, stage, sport, discipline,
                                       tournament, event_date, market, outcome, odds)
  SELECT p_round, i.position::integer, p_player, i.item ->> 'eventId', i.item ->> 'event', (i.item ->> 'stage')::integer,
         i.item ->> 'sport', i.item ->> 'discipline', i.item ->> 'tournament', (i.item ->> 'eventDate')::timestamptz,
         i.item ->> 'market', i.item ->> 'outcome', (i.item ->> 'odds')::integer
    FROM jsonb_array_elements(p_ticket -> 'items') WITH ORDINALITY AS i(item, position);
END $$;

-- The ticket's wallet round moved on: what is still staked on it, and whether it is settled (closed, or
-- voided). The round's other calls (a win, a rollback, a void after settlement) tell it here.
CREATE OR REPLACE FUNCTION sportsbook_round_changed(p_round uuid, p_stake bigint, p_settled boolean)
RETURNS void LANGUAGE sql AS $$
  UPDATE sportsbook_tickets SET stake_minor = p_stake, settled = p_settled
   WHERE round_id = p_round AND (stake_minor <> p_stake OR settled <> p_settled)
$$;

-- The ticket's combined odds (thousandths): what a settlement may pay at most.
CREATE OR REPLACE FUNCTION sportsbook_ticket_odds(p_round uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT odds FROM sportsbook_tickets WHERE round_id = p_round
$$;

-- The ticket was settled early at the provider's cash-out price.
CREATE OR REPLACE FUNCTION sportsbook_cash_out(p_round uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE sportsbook_tickets SET cashed_out = true WHERE round_id = p_round
$$;
