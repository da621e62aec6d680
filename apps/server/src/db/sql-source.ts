import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CONTRACTS_SQL_FILE, contractsSql } from './contracts-sql.ts';

/**
 * The database functions are source, not migrations: each module keeps its own in
 * `modules/<module>/sql/*.sql` as idempotent `CREATE OR REPLACE FUNCTION` statements, and every start
 * applies the files whose text changed since the database last ran them (their hashes are kept in
 * `sql_sources`). A change of a function is an edit of its file; a change of its signature also needs a
 * migration that drops the old one (the drift test finds a leftover). Plain SQL bodies are checked when
 * first called rather than at creation, so the files apply in any order.
 */
export const SQL_SOURCE_ROOT = path.resolve(import.meta.dirname, '../modules');

export type SqlSource = { file: string; text: string; hash: string };

/**
 * Every module's SQL source files, by path relative to `modules/` (e.g. `wallet/sql/ledger.sql`), and the
 * contracts values the functions use (`contracts/sql/contracts.sql`, built from contracts: contracts-sql.ts).
 */
export function sqlSources(): SqlSource[] {
  const files: string[] = [];
  for (const module of fs.readdirSync(SQL_SOURCE_ROOT, { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    const folder = path.join(SQL_SOURCE_ROOT, module.name, 'sql');
    if (!fs.existsSync(folder)) continue;
    for (const name of fs.readdirSync(folder)) if (name.endsWith('.sql')) files.push(`${module.name}/sql/${name}`);
  }
  const source = (file: string, text: string) => ({
    file,
    text,
    hash: createHash('sha256').update(text).digest('hex'),
  });
  return [
    source(CONTRACTS_SQL_FILE, contractsSql()),
    ...files.sort().map((file) => source(file, fs.readFileSync(path.join(SQL_SOURCE_ROOT, file), 'utf8'))),
  ];
}

/** A database that runs a script of several statements (no parameters). */
type ScriptRunner = {
  exec(text: string): Promise<void>;
  query<Row>(name: string, text: string, params: readonly unknown[]): Promise<Row[]>;
};

/** Applies the source files the database does not run yet, all in one transaction. Returns those applied. */
export async function applySqlSources(database: ScriptRunner, sources = sqlSources()): Promise<string[]> {
  const applied = new Map(
    (await database.query<{ file: string; hash: string }>('sql_sources', 'select file, hash from sql_sources', [])).map(
      (row) => [row.file, row.hash],
    ),
  );
  const changed = sources.filter((source) => applied.get(source.file) !== source.hash);
  for (const { file } of changed) if (!/^[a-z0-9/._-]+$/.test(file)) throw new Error(`Unsafe SQL source name: ${file}`);
  if (changed.length === 0) return [];
  const script = [
    'BEGIN;',
    'SET LOCAL check_function_bodies = off;',
    ...changed.flatMap((source) => [
      source.text,
      // Paths (checked above) and hex hashes are safe as literals in the script.
      `;\nINSERT INTO sql_sources (file, hash) VALUES ('${source.file}', '${source.hash}')
         ON CONFLICT (file) DO UPDATE SET hash = EXCLUDED.hash, applied_at = now();`,
    ]),
    'COMMIT;',
  ].join('\n');
  await database.exec(script);
  return changed.map((source) => source.file);
}

export type SourceFunction = { name: string; file: string; body: string };

/** The functions a source file defines, with their bodies as PostgreSQL keeps them (`prosrc`). */
export function functionsOf(source: Pick<SqlSource, 'file' | 'text'>): SourceFunction[] {
  const found: SourceFunction[] = [];
  const pattern = /CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?\bAS \$\$([\s\S]*?)\$\$/g;
  for (const match of source.text.matchAll(pattern))
    found.push({ name: match[1]!, file: source.file, body: match[2]! });
  return found;
}
