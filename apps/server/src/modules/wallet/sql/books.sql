-- wallet: the books (docs/books.md). Every ledger entry is a balanced transaction: its player legs (the
-- fund deltas) and, opposite each, a leg on the house account its counterparty names. House balances
-- are never rows a bet updates: they are sums of legs, kept per closed day (ledger_day_balances).

-- The house account opposite fund `p_fund` ('real' | 'bonus' | 'locked') of an entry whose counterparty
-- is `p_counterparty`; null for 'internal' (a move between the player's own funds has no house side).
-- A game provider keeps real and bonus stakes apart (GGR is real money); a bonus's real leg (its
-- conversion) is the promotion's cost, its bonus leg goes back to the bonus's source.
CREATE OR REPLACE FUNCTION wallet_house_account(p_counterparty text, p_fund text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_counterparty = 'internal' THEN NULL
    WHEN p_counterparty LIKE 'casino:%' OR p_counterparty LIKE 'sports:%' THEN p_counterparty || ':' || p_fund
    WHEN p_counterparty LIKE 'bonus:%' AND p_fund = 'real' THEN 'promotion:' || substr(p_counterparty, 7)
    ELSE p_counterparty
  END
$$;

-- The legs of the entries created in [p_from, p_to): the player's funds as 'player:<fund>' with their
-- wallet account (and its player), the house side with no wallet account. `amount` credits the account when positive (a player's
-- balance grows; money received from a partner leaves its house account negative), so each entry's
-- legs sum to zero.
CREATE OR REPLACE FUNCTION wallet_postings(p_from timestamptz, p_to timestamptz)
RETURNS TABLE (
  entry_id bigint, created_at timestamptz, currency text, account text, wallet_account_id uuid, amount bigint,
  kind text, counterparty text, reference jsonb, player_id uuid
) LANGUAGE sql STABLE AS $$
  SELECT l.id, l.created_at, a.currency, f.account, f.wallet_account_id, f.amount, l.kind, l.counterparty, l.reference,
         a.player_id
    FROM ledger_entries l
    JOIN wallet_accounts a ON a.id = l.account_id
   CROSS JOIN LATERAL (VALUES
     ('player:real', l.account_id, l.real_delta),
     ('player:bonus', l.account_id, l.bonus_delta),
     ('player:locked', l.account_id, l.locked_delta),
     (wallet_house_account(l.counterparty, 'real'), NULL::uuid, -l.real_delta),
     (wallet_house_account(l.counterparty, 'bonus'), NULL::uuid, -l.bonus_delta),
     (wallet_house_account(l.counterparty, 'locked'), NULL::uuid, -l.locked_delta)
   ) AS f(account, wallet_account_id, amount)
   WHERE l.created_at >= p_from AND l.created_at < p_to AND f.amount <> 0 AND f.account IS NOT NULL
$$;

-- The start of UTC day `p_day`.
CREATE OR REPLACE FUNCTION wallet_day_start(p_day date) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT p_day::timestamp AT TIME ZONE 'UTC'
$$;

-- Closes UTC day `p_day` (again, if it was: its rows are replaced): per currency and account that
-- moved, the opening (the latest closing before), debits, credits and closing; per currency, the trial
-- balance (the previous day's plus the day's legs: zero while every entry balances), the players'
-- liability by fund, the entries counted, and the player accounts whose closing is not the balance
-- their last entry of the day left (zero when the wallet and its legs agree). The days before must be
-- closed (wallet_close_through closes in order).
CREATE OR REPLACE FUNCTION wallet_close_day(p_day date) RETURNS SETOF ledger_day_closes LANGUAGE plpgsql AS $$
DECLARE
  v_nil constant uuid := '00000000-0000-0000-0000-000000000000';
BEGIN
  DELETE FROM ledger_day_balances WHERE day = p_day;
  DELETE FROM ledger_day_closes WHERE day = p_day;
  INSERT INTO ledger_day_balances (day, currency, account, wallet_account_id, opening, debits, credits, closing)
  SELECT p_day, m.currency, m.account, m.wallet_account_id, coalesce(prev.closing, 0), m.debits, m.credits,
         coalesce(prev.closing, 0) + m.credits - m.debits
    FROM (SELECT p.currency, p.account, coalesce(p.wallet_account_id, v_nil) AS wallet_account_id,
                 coalesce(sum(-p.amount) FILTER (WHERE p.amount < 0), 0) AS debits,
                 coalesce(sum(p.amount) FILTER (WHERE p.amount > 0), 0) AS credits
            FROM wallet_postings(wallet_day_start(p_day), wallet_day_start(p_day + 1)) p
           GROUP BY 1, 2, 3) m
    LEFT JOIN LATERAL (
      SELECT b.closing FROM ledger_day_balances b
       WHERE b.currency = m.currency AND b.account = m.account AND b.wallet_account_id = m.wallet_account_id
         AND b.day < p_day
       ORDER BY b.day DESC LIMIT 1
    ) prev ON true;
  RETURN QUERY
  INSERT INTO ledger_day_closes (day, currency, trial_balance, liability_real, liability_bonus, liability_locked,
                                 entries, accounts_off)
  SELECT p_day, c.currency,
         coalesce(prev.trial_balance, 0) + c.moved,
         coalesce(prev.liability_real, 0) + c.real, coalesce(prev.liability_bonus, 0) + c.bonus,
         coalesce(prev.liability_locked, 0) + c.locked,
         c.entries,
         (SELECT count(*) FROM ledger_day_balances b
           CROSS JOIN LATERAL (
             SELECT l.real_after, l.bonus_after, l.locked_after FROM ledger_entries l
              WHERE l.account_id = b.wallet_account_id AND l.created_at < wallet_day_start(p_day + 1)
              ORDER BY l.id DESC LIMIT 1
           ) last
          WHERE b.day = p_day AND b.currency = c.currency AND b.account LIKE 'player:%'
            AND b.closing <> CASE b.account WHEN 'player:real' THEN last.real_after
                                            WHEN 'player:bonus' THEN last.bonus_after ELSE last.locked_after END)
    FROM (SELECT b.currency, sum(b.credits - b.debits) AS moved,
                 coalesce(sum(b.credits - b.debits) FILTER (WHERE b.account = 'player:real'), 0) AS real,
                 coalesce(sum(b.credits - b.debits) FILTER (WHERE b.account = 'player:bonus'), 0) AS bonus,
                 coalesce(sum(b.credits - b.debits) FILTER (WHERE b.account = 'player:locked'), 0) AS locked,
                 (SELECT count(*) FROM ledger_entries l JOIN wallet_accounts a ON a.id = l.account_id
                   WHERE a.currency = b.currency
                     AND l.created_at >= wallet_day_start(p_day) AND l.created_at < wallet_day_start(p_day + 1)) AS entries
            FROM ledger_day_balances b WHERE b.day = p_day GROUP BY b.currency
          UNION ALL
          -- A currency that did not move that day carries its figures over.
          SELECT d.currency, 0, 0, 0, 0, 0 FROM ledger_day_closes d
           WHERE d.day = p_day - 1
             AND NOT EXISTS (SELECT 1 FROM ledger_day_balances b WHERE b.day = p_day AND b.currency = d.currency)) c
    LEFT JOIN ledger_day_closes prev ON prev.day = p_day - 1 AND prev.currency = c.currency
  RETURNING *;
END $$;

-- Closes every day from the first one not closed (or the ledger's first day) through `p_day`, in order;
-- with `p_again`, from `p_again` on (days after it had their openings from it). Answers the closes.
CREATE OR REPLACE FUNCTION wallet_close_through(p_day date, p_again date)
RETURNS SETOF ledger_day_closes LANGUAGE plpgsql AS $$
DECLARE
  v_from date;
  v_day date;
BEGIN
  -- One closer at a time, on every node.
  PERFORM pg_advisory_xact_lock(hashtext('wallet_close_through'));
  v_from := coalesce(p_again, (SELECT max(day) + 1 FROM ledger_day_closes),
                     (SELECT (l.created_at AT TIME ZONE 'UTC')::date FROM ledger_entries l ORDER BY l.id LIMIT 1));
  IF v_from IS NULL THEN RETURN; END IF;
  v_day := v_from;
  WHILE v_day <= p_day LOOP
    RETURN QUERY SELECT * FROM wallet_close_day(v_day);
    v_day := v_day + 1;
  END LOOP;
END $$;

-- Every account's balance at the end of UTC day `p_day`: its latest closing on or before the day, plus
-- the legs after the last closed day (when `p_day` is later, or nothing is closed yet). Player funds
-- keep their wallet account; house accounts have the nil uuid.
CREATE OR REPLACE FUNCTION wallet_balances_at(p_day date)
RETURNS TABLE (currency text, account text, wallet_account_id uuid, balance numeric) LANGUAGE sql STABLE AS $$
  -- (least() passes over a null: nothing closed must stay null.)
  WITH closed AS (SELECT CASE WHEN max(d.day) IS NOT NULL THEN least(p_day, max(d.day)) END AS through
                    FROM ledger_day_closes d),
  kept AS (
    SELECT DISTINCT ON (b.currency, b.account, b.wallet_account_id) b.currency, b.account, b.wallet_account_id,
           b.closing::numeric AS amount
      FROM ledger_day_balances b, closed
     WHERE b.day <= closed.through
     ORDER BY b.currency, b.account, b.wallet_account_id, b.day DESC
  ), since AS (
    SELECT p.currency, p.account, coalesce(p.wallet_account_id, '00000000-0000-0000-0000-000000000000'::uuid),
           sum(p.amount)
      FROM closed
     CROSS JOIN LATERAL wallet_postings(coalesce(wallet_day_start(closed.through + 1), '-infinity'::timestamptz),
                                        wallet_day_start(p_day + 1)) p
     GROUP BY 1, 2, 3
  )
  SELECT x.currency, x.account, x.wallet_account_id, sum(x.amount)
    FROM (SELECT * FROM kept UNION ALL SELECT * FROM since) x
   GROUP BY 1, 2, 3
$$;
