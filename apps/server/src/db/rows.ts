import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** The rows of a raw statement; both drivers answer `execute` with `{ rows }`. */
export async function rowsOf<Row>(db: DbOrTx, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
