-- settings: money as the wire shows it.

-- Minor units as an exact major-unit number (12345, scale 100 → 123.45), as toMajor does in TypeScript.
CREATE OR REPLACE FUNCTION money_major(p_minor bigint, p_subunit bigint) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT trim_scale(p_minor::numeric / p_subunit)
$$;
