import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@casino/contracts';
import { CONTRACTS_SQL_FILE, SQL_CONTRACTS, sqlNameOf } from '../contracts-sql.ts';
import { sqlSources } from '../sql-source.ts';

/**
 * The SQL source states no contracts value as a literal: it names it (`error_code('insufficientFunds')`,
 * `bonus_status('active')`, `cash_periods()`: contracts-sql.ts), so a value changed in contracts changes
 * the SQL too, and a reader sees what a number means. In code (comments are free to quote numbers) a
 * literal is refused where it is:
 * - an error code: an integer equal to a numbered ErrorCode (1000 and up) anywhere, or any integer as a
 *   `'code'` value of a JSON answer (the HTTP-level codes, 409 or 422, too);
 * - an enum value: an integer compared with (`=`, `<>`, `!=`, `IN (…)`) or assigned to (`:=`, `SET x =`)
 *   a name ending in `status`, `result`, `type` or named `code`, or as the `'status'`/`'result'` value
 *   of a JSON object, or passed for a function parameter so named (`bonus_finish(b, a, 4, …)`); a CASE
 *   in any of these places is looked into (its THEN and ELSE integers);
 * - a string enum value: a quoted string equal to a value of a contracts list the SQL has (CashPeriods).
 */
const ENUM_NAME = String.raw`(?:\b\w+\.)?\b(?:\w+_)?(?:status|result|type|code)\b`;
const ENUM_KEY = String.raw`'(?:status|result|code)'\s*,`;
const numberedCodes = new Set<number>(Object.values(ErrorCode).filter((code) => code >= 1000));
const stringValues = new Set<string>(
  Object.values(SQL_CONTRACTS).flatMap((value) => (Array.isArray(value) ? (value as readonly string[]) : [])),
);

/** Comments blanked (their places kept, so indexes still give lines). */
const codeOf = (text: string) => text.replace(/--.*$/gm, (comment) => ' '.repeat(comment.length));

/** The end of the parenthesised list or CASE … END starting at `from` (its first character). */
function closing(code: string, from: number): number {
  if (code[from] === '(') {
    let depth = 0;
    for (let i = from; i < code.length; i++) {
      if (code[i] === '(') depth++;
      else if (code[i] === ')' && --depth === 0) return i + 1;
    }
    return code.length;
  }
  let depth = 0;
  const words = /\b(CASE|END)\b/gi;
  words.lastIndex = from;
  for (let m = words.exec(code); m; m = words.exec(code)) {
    depth += m[1]!.toUpperCase() === 'CASE' ? 1 : -1;
    if (depth === 0) return m.index + m[0].length;
  }
  return code.length;
}

/** The integer literals a value starting at `at` states: itself, a CASE's THEN/ELSE results, an IN list's items. */
function integersAt(code: string, at: number): { value: string; index: number }[] {
  const start = at + (/^\s*/.exec(code.slice(at))?.[0].length ?? 0);
  const rest = code.slice(start);
  const single = /^-?\d+\b(?!\.)/.exec(rest);
  if (single) return [{ value: single[0], index: start }];
  if (/^CASE\b/i.test(rest)) {
    const text = code.slice(start, closing(code, start));
    return [...text.matchAll(/\b(?:THEN|ELSE)\s+(-?\d+)\b(?!\.)/gi)].map((m) => ({
      value: m[1]!,
      index: start + m.index + m[0].length - m[1]!.length,
    }));
  }
  if (rest.startsWith('(')) {
    const list = code.slice(start, closing(code, start));
    return [...list.matchAll(/(?<=[(,]\s*)-?\d+(?=\s*[,)])/g)].map((m) => ({ value: m[0], index: start + m.index }));
  }
  return [];
}

/** The arguments of the call whose '(' is at `open`, with where each starts. */
function argumentsAt(code: string, open: number): number[] {
  const starts = [open + 1];
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) break;
    else if (c === ',' && depth === 1) starts.push(i + 1);
  }
  return starts;
}

/** Each function's parameters (OUT ones left out: they are not passed), by name. */
function enumParameters(codes: string[]): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const code of codes)
    for (const m of code.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\(/g)) {
      const open = m.index + m[0].length - 1;
      const params = code
        .slice(open + 1, closing(code, open) - 1)
        .split(',')
        .map((p) => p.trim())
        .filter((p) => !/^OUT\b/i.test(p));
      const positions = params.flatMap((p, i) => (new RegExp(`^${ENUM_NAME}\\s`).test(`${p} `) ? [i] : []));
      if (positions.length) found.set(m[1]!, positions);
    }
  return found;
}

/** The literals a source states where a contracts name belongs (rules above), as `line: why`. */
function literalsIn(text: string, parameters = enumParameters([codeOf(text)])): string[] {
  const code = codeOf(text);
  const found = new Map<number, string>();
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const add = (index: number, why: string) => found.set(index, `${lineOf(index)}: ${why}`);

  for (const m of code.matchAll(/(?<![\w.'])\d+(?![\w.'])/g))
    if (numberedCodes.has(Number(m[0]))) add(m.index, `error code ${m[0]}`);
  for (const m of code.matchAll(/'code'\s*,/g))
    for (const { value, index } of integersAt(code, m.index + m[0].length)) add(index, `error code ${value}`);

  const slots = [
    new RegExp(`${ENUM_NAME}(?:\\s+\\w+)?\\s*(?:<>|!=|:=|(?<![<>!:])=(?!>))`, 'gi'),
    new RegExp(`${ENUM_NAME}\\s+(?:NOT\\s+)?IN\\s*(?=\\()`, 'gi'),
    new RegExp(ENUM_KEY, 'gi'),
  ];
  for (const slot of slots)
    for (const m of code.matchAll(slot))
      for (const { value, index } of integersAt(code, m.index + m[0].length))
        if (!found.has(index)) add(index, `enum value ${value} for ${m[0].replace(/\s+/g, ' ').trim()}`);

  for (const [fn, positions] of parameters)
    for (const m of code.matchAll(new RegExp(`(?<!FUNCTION )\\b${fn}\\(`, 'g'))) {
      const args = argumentsAt(code, m.index + fn.length);
      for (const position of positions)
        if (args[position] !== undefined)
          for (const { value, index } of integersAt(code, args[position]!))
            if (!found.has(index)) add(index, `enum value ${value} passed to ${fn}`);
    }

  for (const m of code.matchAll(/'([^']*)'/g)) if (stringValues.has(m[1]!)) add(m.index, `enum value '${m[1]}'`);

  return [...found.entries()].sort(([a], [b]) => a - b).map(([, why]) => why);
}

describe('the SQL names contracts values instead of stating them', () => {
  const sources = sqlSources().filter((s) => s.file !== CONTRACTS_SQL_FILE);
  const parameters = enumParameters(sources.map((s) => codeOf(s.text)));

  it('no source states an error code or an enum value as a literal', () => {
    const problems = sources.flatMap((s) => literalsIn(s.text, parameters).map((why) => `${s.file}:${why}`));
    expect(problems).toEqual([]);
  });

  it('the rule finds each kind of literal, and leaves numbers that are no contracts value', () => {
    const sql = `
      CREATE OR REPLACE FUNCTION x_finish(b player_bonuses, p_result integer, OUT status text) LANGUAGE plpgsql AS $$
      BEGIN
        -- a comment may say 15001 and status = 2
        answer := jsonb_build_object('code', 15001);
        answer := jsonb_build_object('code', 422, 'field', 'x');
        IF v_refusal.code IN (11002, error_code('accountClosed')) THEN RETURN; END IF;
        UPDATE player_bonuses SET status = 3, result = p_result WHERE b.status <> 1 AND lp.type IN (4, 5);
        v_round_status integer := CASE WHEN v_win > 0 THEN 2 ELSE bet_status('lost') END;
        PERFORM x_finish(b, CASE WHEN v THEN 2 ELSE 5 END);
        PERFORM x_finish(b, 4);
        SELECT jsonb_build_object('status', CASE WHEN a.is_active THEN 1 ELSE 2 END);
        SELECT CASE t.n WHEN 1 THEN 'daily' ELSE 'monthly' END;
        -- not contracts values: amounts, counts, a percent, a lock key, a status that is a word
        v_progress := least(v_required, v_progress + p_stake * v_share / 100);
        open_rounds = open_rounds - CASE WHEN p_closing THEN 1 ELSE 0 END;
        status := 'posted';
        PERFORM pg_advisory_xact_lock(hashtextextended(p_account::text, 727003));
        IF v_used + coalesce(p_stake, 1) > coalesce(l.amount_minor, 0) THEN RETURN; END IF;
        x := make_interval(days => b.wagering_days);
      END $$;`;
    expect(literalsIn(sql)).toEqual([
      '5: error code 15001',
      '6: error code 422',
      '7: error code 11002',
      '8: enum value 3 for status =',
      '8: enum value 1 for b.status <>',
      '8: enum value 4 for lp.type IN',
      '8: enum value 5 for lp.type IN',
      '9: enum value 2 for v_round_status integer :=',
      '10: enum value 2 passed to x_finish',
      '10: enum value 5 passed to x_finish',
      '11: enum value 4 passed to x_finish',
      "12: enum value 1 for 'status',",
      "12: enum value 2 for 'status',",
      "13: enum value 'daily'",
      "13: enum value 'monthly'",
    ]);
  });

  it('every name the SQL gives a contracts value is one contracts has', () => {
    for (const source of sources)
      for (const [object, value] of Object.entries(SQL_CONTRACTS)) {
        if (Array.isArray(value)) continue;
        for (const m of codeOf(source.text).matchAll(new RegExp(`\\b${sqlNameOf(object)}\\('(\\w+)'\\)`, 'g')))
          expect(Object.hasOwn(value, m[1]!), `${source.file}: ${object} has no ${m[1]}`).toBe(true);
      }
  });
});
