-- wallet: accounts as players see them, and the account lock every balance change takes.

-- The wire account (contracts `Account`) of a row, with its currency's scale: balance = real + bonus;
-- locked money is in neither; only real money can be withdrawn. The one mapping of an account row to
-- what players see (lists and pushes alike).
CREATE OR REPLACE FUNCTION wallet_wire_account(a wallet_accounts, p_subunit bigint) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', a.id,
    'currency', a.currency,
    'status', CASE WHEN a.is_active THEN account_status('active') ELSE account_status('inactive') END,
    'balance', money_major(a.real_balance + a.bonus_balance, p_subunit),
    'realBalance', money_major(a.real_balance, p_subunit),
    'bonusBalance', money_major(a.bonus_balance, p_subunit),
    'lockedBalance', money_major(a.locked_balance, p_subunit),
    'withdrawalBalance', money_major(a.real_balance, p_subunit))
$$;

-- A player's visible accounts as the wire shows them, the active one first, then by creation.
CREATE OR REPLACE FUNCTION wallet_list_accounts(p_player uuid) RETURNS SETOF jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT wallet_wire_account(a, cs.subunit_to_unit)
    FROM wallet_accounts a JOIN currency_scales cs ON cs.code = a.currency
   WHERE a.player_id = p_player AND NOT a.is_hidden
   ORDER BY a.is_active DESC, a.created_at, a.id;
END $$;

-- One account as the wire shows it (null when there is none).
CREATE OR REPLACE FUNCTION wallet_account_of(p_account uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v jsonb;
BEGIN
  SELECT wallet_wire_account(a, cs.subunit_to_unit) INTO v
    FROM wallet_accounts a JOIN currency_scales cs ON cs.code = a.currency
   WHERE a.id = p_account;
  RETURN v;
END $$;

-- An account's lock for the rest of the transaction: every change of one account is serialised. An
-- advisory lock on the account id (held in memory: taking it writes nothing to the WAL, where a row
-- lock would); every balance change takes it. A plain SQL body, so a caller's query takes it inline.
CREATE OR REPLACE FUNCTION wallet_lock(p_account uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(p_account::text, 727003))
$$;

-- An account row (inlined into the caller's query; read it after wallet_lock, in a later statement).
CREATE OR REPLACE FUNCTION wallet_account(p_account uuid) RETURNS SETOF wallet_accounts LANGUAGE sql STABLE AS $$
  SELECT * FROM wallet_accounts WHERE id = p_account
$$;

-- The account row, locked: for callers that only post.
CREATE OR REPLACE FUNCTION wallet_lock_account(p_account uuid) RETURNS wallet_accounts LANGUAGE plpgsql AS $$
DECLARE
  a wallet_accounts;
BEGIN
  PERFORM wallet_lock(p_account);
  SELECT * INTO a FROM wallet_account(p_account);
  RETURN a;
END $$;

-- The id of a player's account in a currency (null when there is none): for other modules' functions,
-- which name accounts but do not read this table.
CREATE OR REPLACE FUNCTION wallet_account_id(p_player uuid, p_currency text) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT id FROM wallet_accounts WHERE player_id = p_player AND currency = p_currency
$$;
