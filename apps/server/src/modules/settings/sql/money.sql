-- settings: money as the wire shows it, and in the base currency.

-- Minor units as an exact major-unit number (12345, scale 100 → 123.45), as toMajor does in TypeScript.
CREATE OR REPLACE FUNCTION money_major(p_minor bigint, p_subunit bigint) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT trim_scale(p_minor::numeric / p_subunit)
$$;

-- An amount of p_currency (minor units, not negative) in the base currency's minor units, exact (integer
-- arithmetic on the rate as an integer of 1e-8, as toBaseMinor does in TypeScript): rounded down, or up
-- with p_up; null for a currency without a rate. The sportsbook sums open stakes with it.
CREATE OR REPLACE FUNCTION settings_to_base_minor(p_minor numeric, p_currency text, p_up boolean) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT div(p_minor * c.rate_e8 * b.subunit_to_unit + CASE WHEN p_up THEN d.d - 1 ELSE 0 END, d.d)
    FROM currency_scales c
    JOIN currency_scales b ON b.is_base
   CROSS JOIN LATERAL (SELECT c.subunit_to_unit * 100000000::numeric AS d) d
   WHERE c.code = p_currency AND c.rate_e8 > 0
$$;

-- A base-currency amount (minor units, not negative) in p_currency's minor units, exact, as fromBaseMinor:
-- rounded down (a maximum), or up with p_up; null for a currency without a rate.
CREATE OR REPLACE FUNCTION settings_from_base_minor(p_base_minor numeric, p_currency text, p_up boolean) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT div(p_base_minor * c.subunit_to_unit * 100000000 + CASE WHEN p_up THEN d.d - 1 ELSE 0 END, d.d)
    FROM currency_scales c
    JOIN currency_scales b ON b.is_base
   CROSS JOIN LATERAL (SELECT c.rate_e8::numeric * b.subunit_to_unit AS d) d
   WHERE c.code = p_currency AND c.rate_e8 > 0
$$;
