import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { insert, MIGRATIONS, migrationsUpTo } from './migration-helpers.ts';

/**
 * Migration 0034 (double entry) on a database with a single-sided history of every kind: each entry
 * gets its counterparty from its kind and what it refers to, and then, per currency, the legs of all
 * entries sum to zero and every player account's balances equal its legs.
 */
const BOOKS_SQL = path.resolve(import.meta.dirname, '../../modules/wallet/sql/books.sql');

type Old = { kind: string; real?: number; bonus?: number; locked?: number; reference?: Record<string, string> };

/** The history: one entry of each kind the code wrote, and one of a kind it never wrote. */
function history(ids: Record<string, string>): { account: string; entry: Old; expected: string }[] {
  const eur = ids.eur!;
  return [
    {
      account: eur,
      entry: { kind: 'deposit', real: 10_000, reference: { invoiceId: ids.deposit! } },
      expected: 'psp:sandbox/card',
    },
    { account: eur, entry: { kind: 'credit', real: 500, reference: { reason: 'ops credit' } }, expected: 'adjustment' },
    {
      account: eur,
      entry: { kind: 'bonus', bonus: 1_000, reference: { bonusId: ids.bonus! } },
      expected: 'bonus:cashback',
    },
    {
      account: eur,
      entry: { kind: 'bet', real: -250, bonus: -100, reference: { sessionId: ids.slotSession! } },
      expected: 'casino:native/studio-a',
    },
    {
      account: eur,
      entry: { kind: 'win', real: 500, bonus: 200, reference: { sessionId: ids.slotSession! } },
      expected: 'casino:native/studio-a',
    },
    {
      account: eur,
      entry: { kind: 'rollback', real: 0, bonus: 0, reference: { sessionId: ids.slotSession! } },
      expected: 'casino:native/studio-a',
    },
    {
      account: eur,
      entry: { kind: 'bet', real: -300, reference: { sessionId: ids.sportsSession! } },
      expected: 'sports:native/studio-a',
    },
    {
      account: eur,
      entry: { kind: 'bonus', real: 800, bonus: -1_100, reference: { bonusId: ids.bonus! } },
      expected: 'bonus:cashback',
    },
    {
      account: eur,
      entry: { kind: 'withdrawal', real: -3_000, locked: 3_000, reference: { invoiceId: ids.payout! } },
      expected: 'internal',
    },
    {
      account: eur,
      entry: { kind: 'withdrawal-paid', locked: -3_000, reference: { invoiceId: ids.payout! } },
      expected: 'psp:sandbox/bank_transfer',
    },
    {
      account: eur,
      entry: { kind: 'withdrawal', real: -1_000, locked: 1_000, reference: { invoiceId: ids.payout! } },
      expected: 'internal',
    },
    {
      account: eur,
      entry: { kind: 'withdrawal-return', real: 1_000, locked: -1_000, reference: { invoiceId: ids.payout! } },
      expected: 'internal',
    },
    { account: eur, entry: { kind: 'mystery', real: 7 }, expected: 'adjustment' },
    { account: ids.btc!, entry: { kind: 'credit', real: 123_456 }, expected: 'adjustment' },
  ];
}

/** The player, accounts, invoices, games, sessions and bonus the history refers to. */
async function world(client: PGlite): Promise<Record<string, string>> {
  const ids = Object.fromEntries(
    [
      'player',
      'eur',
      'btc',
      'deposit',
      'payout',
      'provider',
      'slot',
      'sports',
      'slotSession',
      'sportsSession',
      'bonus',
    ].map((k) => [k, crypto.randomUUID()]),
  );
  await insert(client, 'players', { id: ids.player, email: 'old@example.com' });
  await insert(client, 'wallet_accounts', { id: ids.eur, player_id: ids.player, currency: 'EUR' });
  await insert(client, 'wallet_accounts', { id: ids.btc, player_id: ids.player, currency: 'BTC' });
  const invoice = { player_id: ids.player, account_id: ids.eur, currency: 'EUR', amount_minor: 1, provider: 'sandbox' };
  await insert(client, 'payment_invoices', {
    ...invoice,
    id: ids.deposit,
    type: 1,
    state: 'succeeded',
    method: 'card',
  });
  await insert(client, 'payment_invoices', {
    ...invoice,
    id: ids.payout,
    type: 2,
    state: 'succeeded',
    method: 'bank_transfer',
  });
  await insert(client, 'game_providers', { id: ids.provider, identity: 'studio-a' });
  await insert(client, 'games', { id: ids.slot, provider_id: ids.provider, identity: 'slot-a', type: 'slots' });
  await insert(client, 'games', {
    id: ids.sports,
    provider_id: ids.provider,
    identity: 'sports-a',
    type: 'sportsbook',
  });
  const session = { player_id: ids.player, account_id: ids.eur, currency: 'EUR' };
  await insert(client, 'game_sessions', { ...session, id: ids.slotSession, game_id: ids.slot, token: 't-slot' });
  await insert(client, 'game_sessions', { ...session, id: ids.sportsSession, game_id: ids.sports, token: 't-sports' });
  const definition = crypto.randomUUID();
  await insert(client, 'bonus_definitions', { id: definition });
  await insert(client, 'player_bonuses', {
    id: ids.bonus,
    definition_id: definition,
    player_id: ids.player,
    account_id: ids.eur,
    source: 'cashback',
  });
  return ids;
}

async function writeHistory(client: PGlite, lines: ReturnType<typeof history>): Promise<void> {
  const after = new Map<string, [number, number, number]>();
  for (const [n, { account, entry }] of lines.entries()) {
    const [r, b, l] = after.get(account) ?? [0, 0, 0];
    const now: [number, number, number] = [r + (entry.real ?? 0), b + (entry.bonus ?? 0), l + (entry.locked ?? 0)];
    after.set(account, now);
    await insert(client, 'ledger_entries', {
      account_id: account,
      idempotency_key: `old:${n}`,
      kind: entry.kind,
      real_delta: entry.real ?? 0,
      bonus_delta: entry.bonus ?? 0,
      locked_delta: entry.locked ?? 0,
      real_after: now[0],
      bonus_after: now[1],
      locked_after: now[2],
      reference: JSON.stringify(entry.reference ?? {}),
    });
  }
  for (const [account, [real, bonus, locked]] of after)
    await client.query(
      'update wallet_accounts set real_balance = $2, bonus_balance = $3, locked_balance = $4 where id = $1',
      [account, real, bonus, locked],
    );
}

describe('migration 0034', () => {
  it('gives every old entry its counterparty; per currency the legs sum to zero and match the balances', async () => {
    const client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder: migrationsUpTo(33) });
    const ids = await world(client);
    const lines = history(ids);
    await writeHistory(client, lines);

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ counterparty: string }>(
      'select counterparty from ledger_entries order by id',
    );
    expect(rows.map((r) => r.counterparty)).toEqual(lines.map((l) => l.expected));

    await client.exec(fs.readFileSync(BOOKS_SQL, 'utf8'));
    const { rows: sums } = await client.query<{ currency: string; total: string }>(
      `select currency, sum(amount)::text as total from wallet_postings('-infinity', 'infinity') group by 1 order by 1`,
    );
    expect(sums).toEqual([
      { currency: 'BTC', total: '0' },
      { currency: 'EUR', total: '0' },
    ]);
    const { rows: off } = await client.query(
      `select a.id from wallet_accounts a
         left join (select wallet_account_id, account, sum(amount) as s from wallet_postings('-infinity', 'infinity')
                     where wallet_account_id is not null group by 1, 2) p on p.wallet_account_id = a.id
        group by a.id, a.real_balance, a.bonus_balance, a.locked_balance
       having a.real_balance <> coalesce(sum(p.s) filter (where p.account = 'player:real'), 0)
           or a.bonus_balance <> coalesce(sum(p.s) filter (where p.account = 'player:bonus'), 0)
           or a.locked_balance <> coalesce(sum(p.s) filter (where p.account = 'player:locked'), 0)`,
    );
    expect(off).toEqual([]);
    // What the house accounts hold after it: the promotion paid 8.00, the PSP took in 100 and paid out 30.
    const { rows: house } = await client.query<{ account: string; balance: string }>(
      `select account, sum(amount)::text as balance from wallet_postings('-infinity', 'infinity')
        where wallet_account_id is null and currency = 'EUR' group by 1 order by 1`,
    );
    expect(house).toEqual([
      { account: 'adjustment', balance: '-507' },
      { account: 'bonus:cashback', balance: '100' },
      { account: 'casino:native/studio-a:bonus', balance: '-100' },
      { account: 'casino:native/studio-a:real', balance: '-250' },
      { account: 'promotion:cashback', balance: '-800' },
      { account: 'psp:sandbox/bank_transfer', balance: '3000' },
      { account: 'psp:sandbox/card', balance: '-10000' },
      { account: 'sports:native/studio-a:real', balance: '300' },
    ]);
    await client.close();
  });
});
