import type { Db } from './client.ts';

/**
 * A statement built once per database and prepared (named on PostgreSQL, so it is parsed and planned
 * once per connection): for the hot reads, where building SQL on every request would cost more than
 * running it. `build` gets the database and returns drizzle's prepared query.
 */
export function preparedStatement<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) byDb.set(db, (prepared = build(db)));
    return prepared;
  };
}
