import pg from 'pg';

/** One statement on the PostgreSQL server as its administrator (creating and dropping test databases). */
export async function adminQuery(adminUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
