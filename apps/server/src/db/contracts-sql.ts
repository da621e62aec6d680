import {
  AccountStatus,
  BetStatus,
  BonusResult,
  BonusStatus,
  CashPeriods,
  ErrorCode,
  FreespinResult,
  FreespinStatus,
  LimitDefinition,
  PlayerStatus,
} from '@casino/contracts';

/**
 * The contracts values the SQL functions use, as SQL functions built from the contracts objects at
 * apply time (no generated file to go stale: the text, hence its hash in `sql_sources`, changes with
 * contracts). Each object becomes a function of its snake-case name: `ErrorCode.insufficientFunds` is
 * `error_code('insufficientFunds')`, `PlayerStatus.closed` is `player_status('closed')`, and the list
 * `CashPeriods` is `cash_periods()`. They are IMMUTABLE plain SQL, so a caller's plan inlines them and
 * folds a name to its constant once, when it plans (a partial index on `status = 2` still matches
 * `status = bonus_status('active')`); a name contracts do not have raises then. The literal test
 * (`__tests__/sql-literals.test.ts`) refuses the numbers themselves in the SQL source.
 */
export const SQL_CONTRACTS = {
  ErrorCode,
  PlayerStatus,
  AccountStatus,
  LimitDefinition,
  BonusStatus,
  BonusResult,
  FreespinStatus,
  FreespinResult,
  BetStatus,
  CashPeriods,
} as const;

/** The source's path in `sql_sources` (no file: the text is built from contracts). */
export const CONTRACTS_SQL_FILE = 'contracts/sql/contracts.sql';

/** `PlayerStatus` → `player_status`. */
export const sqlNameOf = (name: string) => name.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

function functionOf(name: string, value: Readonly<Record<string, number>> | readonly string[]): string {
  const fn = sqlNameOf(name);
  if (Array.isArray(value))
    return `-- contracts ${name}, in its order.
CREATE OR REPLACE FUNCTION ${fn}() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[${value.map(quote).join(', ')}]::text[]
$$;`;
  const arms = Object.entries(value)
    .map(([member, v]) => {
      if (!Number.isSafeInteger(v)) throw new Error(`${name}.${member} is not an integer`);
      return `    WHEN ${quote(member)} THEN ${v}`;
    })
    .join('\n');
  return `-- contracts ${name}: ${fn}('member') is ${name}.member.
CREATE OR REPLACE FUNCTION ${fn}(p_name text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_name
${arms}
    ELSE contracts_unknown(${quote(name)}, p_name) END
$$;`;
}

/** The SQL source of the contracts values (see SQL_CONTRACTS). */
export function contractsSql(): string {
  return [
    '-- Generated at apply time from @casino/contracts by apps/server/src/db/contracts-sql.ts: edit contracts, not this.',
    '',
    `-- A name contracts do not have: raised when a caller's plan folds the name (IMMUTABLE, so it may).
CREATE OR REPLACE FUNCTION contracts_unknown(p_object text, p_name text) RETURNS integer LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RAISE EXCEPTION 'contracts % has no %', p_object, p_name;
END $$;`,
    ...Object.entries(SQL_CONTRACTS).map(([name, value]) =>
      functionOf(name, value as Readonly<Record<string, number>> | readonly string[]),
    ),
    '',
  ].join('\n\n');
}
