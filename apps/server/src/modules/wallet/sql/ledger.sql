-- wallet: THE way a balance changes (the ledger).

-- What makes two postings with one idempotency key "the same request": the money movement, not the
-- free-form reference. The same text TypeScript hashed before this function existed, so keys posted
-- then still replay.
CREATE OR REPLACE FUNCTION wallet_request_hash(p_account uuid, p_kind text, p_real bigint, p_bonus bigint, p_locked bigint)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(
    '["' || p_account || '","' || p_kind || '","' || p_real || '","' || p_bonus || '","' || p_locked || '"]', 'UTF8')), 'hex')
$$;

-- THE way a balance changes, on an account the caller has locked (wallet_lock_account) with a key the
-- caller knows to be new (wallet_post checks; a game call's key follows from its transaction id, which
-- the game functions check), naming the entry's other side (`p_counterparty`: wallet_house_account):
-- refuses to go below zero or beyond 2^53 - 1 (the largest amount JSON states exactly), appends the
-- ledger entry with the after-balances, updates the account and enqueues wallet.balance.changed (the
-- balance push derives from it), in one statement. (The same key posted at this moment on another
-- account is a unique violation; the caller's retry then finds it.)
CREATE OR REPLACE FUNCTION wallet_post_locked(
  a wallet_accounts, p_key text, p_kind text, p_real bigint, p_bonus bigint, p_locked bigint, p_reference jsonb,
  p_counterparty text, OUT status text, OUT entry_id bigint, OUT account wallet_accounts
) LANGUAGE plpgsql AS $$
DECLARE
  v_real numeric := a.real_balance::numeric + p_real;
  v_bonus numeric := a.bonus_balance::numeric + p_bonus;
  v_locked numeric := a.locked_balance::numeric + p_locked;
  v record;
BEGIN
  account := a;
  -- A move between the player's own funds has no house side: it must balance by itself.
  IF p_counterparty = 'internal' AND p_real + p_bonus + p_locked <> 0 THEN
    RAISE EXCEPTION 'an internal entry must sum to zero (% % %)', p_real, p_bonus, p_locked;
  END IF;
  IF least(v_real, v_bonus, v_locked) < 0 THEN status := 'insufficient'; RETURN; END IF;
  IF greatest(v_real, v_bonus, v_locked) > 9007199254740991 THEN status := 'too_large'; RETURN; END IF;
  WITH entry AS (
    INSERT INTO ledger_entries (account_id, idempotency_key, request_hash, kind, real_delta, bonus_delta, locked_delta,
                                real_after, bonus_after, locked_after, reference, counterparty)
    VALUES (a.id, p_key, wallet_request_hash(a.id, p_kind, p_real, p_bonus, p_locked), p_kind, p_real, p_bonus, p_locked,
            v_real, v_bonus, v_locked, coalesce(p_reference, '{}'), p_counterparty)
    RETURNING id
  ), changed AS (
    UPDATE wallet_accounts w
       SET real_balance = v_real, bonus_balance = v_bonus, locked_balance = v_locked, updated_at = now()
      FROM entry
     WHERE w.id = a.id
    RETURNING w AS acc, entry.id AS entry_id
  ), changed_event AS (
    INSERT INTO outbox (event, payload)
    SELECT 'wallet.balance.changed',
           jsonb_build_object('playerId', a.player_id, 'accountId', a.id, 'currency', a.currency,
                              'active', (changed.acc).is_active, 'real', v_real::text, 'bonus', v_bonus::text,
                              'locked', v_locked::text)
      FROM changed
     WHERE p_real <> 0 OR p_bonus <> 0 OR p_locked <> 0
  )
  SELECT changed.acc, changed.entry_id INTO v FROM changed;
  account := v.acc;
  entry_id := v.entry_id;
  status := 'posted';
END $$;

-- wallet_post_locked for a caller that holds no lock: locks the account ('not_found' when none), and
-- answers a key seen before with 'replayed' (same movement) or 'conflict' (another one), changing nothing.
CREATE OR REPLACE FUNCTION wallet_post(
  p_account uuid, p_key text, p_kind text, p_real bigint, p_bonus bigint, p_locked bigint, p_reference jsonb,
  p_counterparty text, OUT status text, OUT entry_id bigint
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
  r := wallet_post_locked(a, p_key, p_kind, p_real, p_bonus, p_locked, p_reference, p_counterparty);
  status := r.status;
  entry_id := r.entry_id;
END $$;
