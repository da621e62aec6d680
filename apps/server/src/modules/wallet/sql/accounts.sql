-- wallet: the account lock every balance change takes, and the account rows other modules' functions read.
-- (The wire account players see is built once, in TypeScript: wallet/wire-account.ts.)

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
