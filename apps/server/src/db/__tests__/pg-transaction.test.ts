import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../client.ts';
import { createTestDatabase } from '../../test/server.ts';
import { tcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';

/**
 * A transaction whose BEGIN fails (its connection frozen past the query deadline, or cut) gives its
 * connection back: the pool keeps every slot, and closes.
 */
const enabled = Boolean(process.env.DATABASE_URL);
let template: Database | undefined;
let hop: TcpProxy | undefined;

afterAll(async () => {
  await hop?.close();
  await template?.close();
});

describe.runIf(enabled)('a transaction whose BEGIN fails', () => {
  it('releases its connection: the next transaction runs, and the pool closes', async () => {
    template = await createTestDatabase();
    const url = (template.pool!.options as { connectionString: string }).connectionString;
    const target = new URL(url);
    hop = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    // One connection, so a lost one shows at once.
    const database = await openDatabase({
      databaseUrl: hop.url(url),
      poolSize: 1,
      timeouts: { connectMs: 1_000, queryMs: 500 },
    });
    const one = () => database.db.transaction(async (tx) => tx.execute(sql`select 1`));
    await one();

    hop.freeze();
    await expect(one()).rejects.toThrow();
    await hop.restore();

    // Before: the frozen BEGIN's connection was never released, and this waited for a free one in vain.
    await one();
    const closed = await Promise.race([
      database.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('hung'), 5_000)),
    ]);
    expect(closed).toBe('closed');
  }, 30_000);
});
