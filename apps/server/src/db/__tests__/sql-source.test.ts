import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BonusStatus, ErrorCode } from '@casino/contracts';
import type { Database } from '../client.ts';
import { applySqlSources, functionsOf, sqlSources } from '../sql-source.ts';
import { CONTRACTS_SQL_FILE, contractsSql } from '../contracts-sql.ts';
import { createTestDatabase } from '../../test/server.ts';
import { WALLET_REFUSAL_CODES } from '../../modules/game/provider-wallet/service.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const sources = sqlSources();
const sourceFunctions = sources.flatMap(functionsOf);

/** The functions of the database's own schema (not those extensions bring), with their bodies. */
const databaseFunctions = () =>
  database.query<{ name: string; body: string; signature: string }>(
    'test_functions',
    `select p.proname as name, p.prosrc as body, pg_get_function_identity_arguments(p.oid) as signature
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema()
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1, 3`,
    [],
  );

describe('the SQL source and the database never drift', () => {
  it('every module keeps its functions in its own folder, each once', () => {
    expect(sources.map((s) => s.file.split('/')[0])).toEqual(
      expect.arrayContaining(['game', 'limits', 'player', 'settings', 'wallet']),
    );
    const names = sourceFunctions.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    // A module's functions carry its name (money_major is the settings module's money formatting; the
    // contracts values are named after their contracts object: contracts-sql.ts).
    for (const f of sourceFunctions.filter((g) => g.file !== CONTRACTS_SQL_FILE))
      expect(f.name === 'money_major' || f.name.startsWith(`${f.file.split('/')[0]}_`), f.name).toBe(true);
  });

  it('the database runs exactly the functions of the source: no leftover, no stale overload, the same bodies', async () => {
    const inDatabase = await databaseFunctions();
    expect(inDatabase.map((f) => f.name).sort()).toEqual(sourceFunctions.map((f) => f.name).sort());
    const bySource = new Map(sourceFunctions.map((f) => [f.name, f.body]));
    for (const f of inDatabase) expect(f.body, `${f.name} differs from its source`).toBe(bySource.get(f.name));
  });

  it('applying the source again changes nothing; an edited file is applied again, and only it', async () => {
    expect(await applySqlSources(database)).toEqual([]);
    const edited = sources.map((s) =>
      s.file === 'settings/sql/money.sql'
        ? {
            ...s,
            text: s.text.replace(
              'trim_scale(p_minor::numeric / p_subunit)',
              'trim_scale(p_minor::numeric / p_subunit) ',
            ),
            hash: 'edited',
          }
        : s,
    );
    expect(await applySqlSources(database, edited)).toEqual(['settings/sql/money.sql']);
    const [money] = (await databaseFunctions()).filter((f) => f.name === 'money_major');
    expect(money!.body).toContain('p_subunit) \n');
    // Back to the source.
    expect(await applySqlSources(database)).toEqual(['settings/sql/money.sql']);
    const [after] = (await databaseFunctions()).filter((f) => f.name === 'money_major');
    expect(after!.body).toBe(sourceFunctions.find((f) => f.name === 'money_major')!.body);
  });
});

describe('the contracts values in SQL (contracts-sql.ts)', () => {
  it('are a source built from contracts, so its hash follows them', () => {
    const contracts = sources.find((s) => s.file === CONTRACTS_SQL_FILE)!;
    expect(contracts.text).toBe(contractsSql());
    expect(contracts.text).toContain(`WHEN 'insufficientFunds' THEN ${ErrorCode.insufficientFunds}`);
  });

  it('fold to their numbers when a plan is made; a name contracts lack is refused', async () => {
    // The plan states the number itself: no call is left to run.
    const plan = await database.query<{ 'QUERY PLAN': string }>(
      'test_contracts_fold',
      `explain (verbose, costs off) select bonus_status('active') as s, error_code('insufficientFunds') as c`,
      [],
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(
      `Output: ${BonusStatus.active}, ${ErrorCode.insufficientFunds}`,
    );
    await expect(
      database.query('test_contracts_unknown', `select error_code('noSuchCode') as code`, []),
    ).rejects.toThrow(/contracts ErrorCode has no noSuchCode/);
  });
});

describe('the codes the SQL answers are contracts codes', () => {
  // The SQL names its codes `error_code('name')` (contracts-sql.ts; sql-literals.test.ts refuses a number).
  const codesIn = (text: string) => {
    const found = new Set<number>();
    const body = text.replace(/--.*$/gm, ''); // comments name codes too; only code counts
    for (const [, name] of body.matchAll(/\berror_code\('(\w+)'\)/g)) {
      expect(Object.hasOwn(ErrorCode, name!), `error_code('${name}') is no ErrorCode of contracts`).toBe(true);
      found.add(ErrorCode[name as keyof typeof ErrorCode]);
    }
    return found;
  };

  it('every code any source file names is an ErrorCode of contracts', () => {
    for (const source of sources.filter((s) => s.file !== CONTRACTS_SQL_FILE)) codesIn(source.text);
  });

  it("the seamless wallet's codes are exactly those its TypeScript union reads", () => {
    const game = new Set<number>();
    for (const source of sources.filter((s) => /^(game|limits|bonus)\//.test(s.file)))
      for (const code of codesIn(source.text)) game.add(code);
    expect([...game].sort()).toEqual([...WALLET_REFUSAL_CODES].sort());
  });
});

describe('the money path calls no SQL function it could inline', () => {
  // PostgreSQL inlines a scalar SQL function without a FROM into the caller's expression, saving a
  // function call per use, but only when the body is no more volatile than declared: an IMMUTABLE
  // function calling jsonb_build_object (STABLE) runs as a call of its own on every bet.
  it('every scalar SQL function without a FROM is inlined where it is called', async () => {
    const functions = await database.query<{ name: string; types: string[] }>(
      'test_inlinable',
      `select p.proname as name,
              array(select format_type(t, null) from unnest(p.proargtypes) t) as types
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = current_schema() and p.prolang = (select oid from pg_language where lanname = 'sql')
          and not p.proretset and p.prorettype <> 'void'::regtype and p.prosrc !~* '\\mfrom\\M'
        order by 1`,
      [],
    );
    expect(functions.map((f) => f.name)).toEqual(expect.arrayContaining(['game_call_refusal', 'wallet_stake_bonus']));
    for (const { name, types } of functions) {
      // Arguments from a subquery's columns (OFFSET 0 keeps it a subquery), so nothing is folded to a
      // constant before the plan shows it.
      const columns = types.map((type, i) => `null::${type} as c${i}`).join(', ');
      const plan = await database.query<{ 'QUERY PLAN': string }>(
        `test_inline_${name}`,
        `explain (verbose, costs off) select ${name}(${types.map((_, i) => `x.c${i}`).join(', ')})
           from (select ${columns} offset 0) x`,
        [],
      );
      const output = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(output, `${name} is called, not inlined`).not.toContain(`${name}(`);
    }
  });
});
