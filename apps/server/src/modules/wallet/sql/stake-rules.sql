-- wallet: the seam between play and the money it moves. The game functions ask these what a provider
-- may be told it can stake, how a stake splits between real and bonus money, and where a win and a
-- rollback go. A bonus rule (real money first, then bonus money) replaces these bodies, not the bet.
-- PL/pgSQL where the answer is a record: PostgreSQL (before 18) plans a SQL function it cannot inline
-- anew on every call.

-- What a game provider is told can be staked, in minor units: today real money only, since no rule
-- stakes bonus money yet. What this answers is exactly what wallet_stake_split lets a stake take.
CREATE OR REPLACE FUNCTION wallet_playable(a wallet_accounts) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT a.real_balance
$$;

-- How a stake of `p_amount` splits between real and bonus money on game `p_game`: today all real. A
-- split the account cannot cover is refused by wallet_post_locked (insufficient).
CREATE OR REPLACE FUNCTION wallet_stake_split(
  a wallet_accounts, p_amount bigint, p_game uuid, OUT real_minor bigint, OUT bonus_minor bigint
) LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  real_minor := p_amount;
  bonus_minor := 0;
END $$;

-- Where a win goes: real and bonus money in the proportion of the round's stakes (bonus part rounded
-- down), so a round staked from real money only pays real money.
CREATE OR REPLACE FUNCTION wallet_win_split(
  p_amount bigint, p_stake bigint, p_stake_bonus bigint, OUT real_minor bigint, OUT bonus_minor bigint
) LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  bonus_minor := CASE WHEN p_stake > 0 AND p_stake_bonus > 0
                      THEN floor(p_amount::numeric * p_stake_bonus / p_stake)::bigint ELSE 0 END;
  real_minor := p_amount - bonus_minor;
END $$;

-- Where a rollback goes: back where its stake came from (the bet's ledger entry).
CREATE OR REPLACE FUNCTION wallet_stake_of(p_entry bigint, OUT real_minor bigint, OUT bonus_minor bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT -l.real_delta, -l.bonus_delta INTO real_minor, bonus_minor FROM ledger_entries l WHERE l.id = p_entry;
END $$;
