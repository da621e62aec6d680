import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Account } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../seed.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ SEED_DEMO: '1' });
});
afterAll(async () => {
  await server?.close();
});

async function snapshot() {
  const { rows } = (await server.ctx.db.execute(sql`
    select (select count(*) from players)::int as players,
           (select count(*) from wallet_accounts)::int as accounts,
           (select count(*) from ledger_entries)::int as entries,
           -- The seed's own events (the messenger's notice of the bonus follows on its own time).
           (select count(*) from outbox where event in ('wallet.balance.changed', 'bonus.updated'))::int as events,
           (select string_agg(name, ',' order by name) from bonus_definitions) as definitions,
           (select count(*) from bonus_codes)::int as codes,
           (select count(*) from player_bonuses where status = 1)::int as bonuses,
           (select string_agg(currency || ':' || real_balance || ':' || is_active || ':' || is_hidden, ',' order by currency) from wallet_accounts) as balances
  `)) as unknown as { rows: Record<string, unknown>[] };
  return rows[0];
}

describe('demo seed', () => {
  it('gives a demo player who can log in and sees 100.00 EUR active and an empty BTC account', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/player/sessions',
      payload: { login: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { accessToken } = (login.json() as { data: { accessToken: string } }).data;
    const accounts = await server.app.inject({
      method: 'GET',
      url: '/api/wallet/accounts',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const list = (accounts.json() as { data: Account[] }).data;
    expect(list.map((a) => [a.currency, a.status, a.balance, a.withdrawalBalance])).toEqual([
      ['EUR', 1, 100, 100],
      ['BTC', 2, 0, 0],
    ]);
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot();
    await seedDemo(server.ctx);
    await seedDemo(server.ctx);
    expect(await snapshot()).toEqual(before);
    // Events: the opening credit's balance, and the welcome bonus issued (waiting for activation).
    expect(before).toMatchObject({ players: 1, accounts: 2, entries: 1, events: 2, codes: 1, bonuses: 1 });
    // What the demo offers: the welcome bonus given, a welcome package of deposit bonuses and free
    // spins, reloads, free spins, a no-deposit code's bonus and a weekly cashback.
    expect(String(before!.definitions).split(',')).toEqual(
      expect.arrayContaining([
        'Welcome bonus',
        'Weekend reload',
        'Reload 25%',
        'Starter spins',
        'Weekly cashback',
        'No-deposit €5',
      ]),
    );
  });
});
