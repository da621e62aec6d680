import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';

/** What a test of one migration needs: the migrations before it, and rows in tables of that time. */
export const MIGRATIONS = path.resolve(import.meta.dirname, '../../../drizzle');
const folders: string[] = [];

/** The committed migrations up to `last` (its journal index), in a folder of their own. */
export function migrationsUpTo(last: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-migrations-'));
  folders.push(folder);
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** A row with the given values and a placeholder in every other column that must have one. */
export async function insert(client: PGlite, table: string, values: Record<string, unknown>): Promise<void> {
  const { rows } = await client.query<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns
      where table_name = $1 and is_nullable = 'NO' and column_default is null
        and is_generated = 'NEVER' and is_identity = 'NO'`,
    [table],
  );
  const placeholder: Record<string, unknown> = {
    text: 'x',
    integer: 1,
    bigint: 0,
    boolean: false,
    'timestamp with time zone': new Date().toISOString(),
    ARRAY: '{}',
    jsonb: '{}',
    uuid: crypto.randomUUID(),
  };
  const row = { ...Object.fromEntries(rows.map((c) => [c.column_name, placeholder[c.data_type] ?? 'x'])), ...values };
  const columns = Object.keys(row);
  await client.query(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row),
  );
}

afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
