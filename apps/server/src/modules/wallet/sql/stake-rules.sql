-- wallet: the seam between play and the money it moves. The game functions ask these what a provider
-- may be told it can stake, how a stake splits between real and bonus money, and where a win and a
-- rollback go. The rule (docs/decisions.md, "Bonuses"): a stake takes real money first, then bonus
-- money; a win and a refund go back in the proportion the stake was taken, the bonus share only while
-- the bonus that staked the round is still the active one (once it has ended or another replaced it,
-- that share is forfeited as its remaining bonus money was).
-- Plain SQL expressions returning one number each, so PostgreSQL inlines them into the caller: a
-- function returning a record would be a call of its own on every bet.

-- What a game provider is told can be staked, in minor units: real and bonus money. What this answers
-- is exactly what wallet_stake_bonus lets a stake take (a bonus's own refusals come after: its maximum
-- bet, the games it excludes).
CREATE OR REPLACE FUNCTION wallet_playable(a wallet_accounts) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT a.real_balance + a.bonus_balance
$$;

-- The bonus money a stake of `p_amount` on game `p_game` takes: what real money does not cover (the
-- rest of the stake is real). A split the account cannot cover is refused by wallet_post_locked.
CREATE OR REPLACE FUNCTION wallet_stake_bonus(a wallet_accounts, p_amount bigint, p_game uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_amount - least(p_amount, greatest(a.real_balance, 0))
$$;

-- A win's share in proportion of the round's bonus stake (rounded down): a round staked from real
-- money only has none. The rest of the win is real money.
CREATE OR REPLACE FUNCTION wallet_win_share(p_amount bigint, p_stake bigint, p_stake_bonus bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_stake > 0 AND p_stake_bonus > 0
              THEN floor(p_amount::numeric * p_stake_bonus / p_stake)::bigint ELSE 0 END
$$;

-- The bonus money a win or a refund pays from its bonus share: all of it while the round's own bonus is
-- live (`p_bonus_live`: the bonus that staked the round is the account's active one), none otherwise
-- (forfeited: the bonus money of an ended bonus never becomes another's).
CREATE OR REPLACE FUNCTION wallet_bonus_paid(p_share bigint, p_bonus_live boolean) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_bonus_live THEN p_share ELSE 0 END
$$;

-- Where a rollback goes: back where its stake came from (the bet's ledger entry), as real and bonus.
CREATE OR REPLACE FUNCTION wallet_stake_of(p_entry bigint, OUT real_minor bigint, OUT bonus_minor bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT -l.real_delta, -l.bonus_delta INTO real_minor, bonus_minor FROM ledger_entries l WHERE l.id = p_entry;
END $$;

-- Whether money was staked on account `p_account` after the ledger entry keyed `p_key` (a deposit's
-- credit, `deposit:<invoice>`): a deposit bonus waiting for activation lapses once its deposit was played.
CREATE OR REPLACE FUNCTION wallet_staked_after(p_account uuid, p_key text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM ledger_entries l
     WHERE l.account_id = p_account AND l.kind = 'bet'
       AND l.id > (SELECT d.id FROM ledger_entries d WHERE d.idempotency_key = p_key))
$$;
