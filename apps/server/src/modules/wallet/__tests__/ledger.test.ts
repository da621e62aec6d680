import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { toMajor, toMinor } from '@casino/contracts';
import type { Database } from '../../../db/client.ts';
import { createTestDatabase } from '../../../test/server.ts';
import { outbox } from '../../../outbox/tables.ts';
import { ledgerEntries, walletAccounts } from '../tables.ts';
import { credit, InsufficientFundsError, listAccounts, openAccount, postEntry } from '../index.ts';
import { opsCredit } from '../commands.ts';
import { playerOf } from '../../player/index.ts';
import { createPlayer } from './factories.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
/** An operator command's unit of work on this database (no dispatcher runs here to wake). */
const opsContext = () => ({ db: database.db, notifyOutbox: () => {} });

async function accountWith(currency: string, realMinor = 0n) {
  const db = database.db;
  const player = await createPlayer(db);
  const account = await openAccount(db, player.id, currency);
  if (realMinor > 0n)
    await postEntry(db, {
      accountId: account.id,
      idempotencyKey: `fund:${account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: realMinor,
    });
  return { player, account };
}

async function balanceOf(accountId: string) {
  const [row] = await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId));
  return row!;
}

async function entriesOf(accountId: string) {
  return database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
}

describe('ledger postEntry', () => {
  it('posts a change: balance, entry with after-balances and one balance event with the wire account', async () => {
    const { player, account } = await accountWith('EUR');
    const result = await postEntry(database.db, {
      accountId: account.id,
      idempotencyKey: `t1:${account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: 1234n,
      bonusDelta: 500n,
      reference: { note: 'x' },
    });
    expect(result.replayed).toBe(false);
    expect(result.account).toMatchObject({ realBalance: 1234n, bonusBalance: 500n, lockedBalance: 0n });
    expect(result.entry).toMatchObject({
      realDelta: 1234n,
      bonusDelta: 500n,
      realAfter: 1234n,
      bonusAfter: 500n,
      lockedAfter: 0n,
      reference: { note: 'x' },
    });

    const events = await database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.event} = 'wallet.balance.changed' and ${outbox.payload}->>'accountId' = ${account.id}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      payload: {
        playerId: player.id,
        accountId: account.id,
        currency: 'EUR',
        active: true,
        real: '1234',
        bonus: '500',
        locked: '0',
      },
    });
  });

  it('answers a replayed key with the first result and changes nothing', async () => {
    const { account } = await accountWith('EUR', 10_000n);
    const input = {
      accountId: account.id,
      idempotencyKey: `bet:${account.id}`,
      kind: 'bet',
      realDelta: -2_500n,
      counterparty: 'casino:native/test' as const,
    };
    const first = await postEntry(database.db, input);
    const eventsBefore = await database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);

    const again = await postEntry(database.db, { ...input, reference: { retried: true } });
    expect(again.replayed).toBe(true);
    expect(again.entry).toEqual(first.entry);
    expect((await balanceOf(account.id)).realBalance).toBe(7_500n);
    expect(await entriesOf(account.id)).toHaveLength(2);
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(outbox)).toEqual(eventsBefore);
  });

  it('refuses the same key with a different request (409 15002) and changes nothing', async () => {
    const { account } = await accountWith('EUR', 10_000n);
    const key = `dup:${account.id}`;
    await postEntry(database.db, {
      accountId: account.id,
      idempotencyKey: key,
      counterparty: 'casino:native/test',
      kind: 'bet',
      realDelta: -100n,
    });
    await expect(
      postEntry(database.db, {
        accountId: account.id,
        idempotencyKey: key,
        counterparty: 'casino:native/test',
        kind: 'bet',
        realDelta: -200n,
      }),
    ).rejects.toMatchObject({
      code: 15002,
    });
    const other = await accountWith('EUR', 10_000n);
    await expect(
      postEntry(database.db, {
        accountId: other.account.id,
        idempotencyKey: key,
        counterparty: 'casino:native/test',
        kind: 'bet',
        realDelta: -100n,
      }),
    ).rejects.toMatchObject({
      code: 15002,
    });
    expect((await balanceOf(account.id)).realBalance).toBe(9_900n);
    expect((await balanceOf(other.account.id)).realBalance).toBe(10_000n);
  });

  it('refuses an overdraft (422 15001) with the current balance and leaves everything as it was', async () => {
    const { account } = await accountWith('EUR', 1_000n);
    const error = await postEntry(database.db, {
      accountId: account.id,
      idempotencyKey: `od:${account.id}`,
      counterparty: 'casino:native/test',
      kind: 'bet',
      realDelta: -1_001n,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error).toMatchObject({ code: 15001, account: { balance: 10, realBalance: 10 } });
    expect((error as Error).message).toContain('10.00 EUR');
    expect((await balanceOf(account.id)).realBalance).toBe(1_000n);
    expect(await entriesOf(account.id)).toHaveLength(1);
    // The key was not used up by the refusal: the same key may succeed once money is there.
    await postEntry(database.db, {
      accountId: account.id,
      idempotencyKey: `top:${account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: 1n,
    });
    const later = await postEntry(database.db, {
      accountId: account.id,
      idempotencyKey: `od:${account.id}`,
      counterparty: 'casino:native/test',
      kind: 'bet',
      realDelta: -1_001n,
    });
    expect(later.account.realBalance).toBe(0n);
  });

  it('checks each balance on its own: bonus money does not cover a real debit', async () => {
    const { account } = await accountWith('EUR');
    await postEntry(database.db, {
      accountId: account.id,
      idempotencyKey: `bonus:${account.id}`,
      counterparty: 'bonus:ops',
      kind: 'bonus',
      realDelta: 0n,
      bonusDelta: 5_000n,
    });
    await expect(
      postEntry(database.db, {
        accountId: account.id,
        idempotencyKey: `b2:${account.id}`,
        counterparty: 'casino:native/test',
        kind: 'bet',
        realDelta: -1n,
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it('applies one key once when the same request races itself, and refuses it on a second account', async () => {
    const { account } = await accountWith('EUR', 10_000n);
    const other = await accountWith('EUR', 10_000n);
    const key = `same:${account.id}`;
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 10 }, () =>
        postEntry(database.db, {
          accountId: account.id,
          idempotencyKey: key,
          counterparty: 'casino:native/test',
          kind: 'bet',
          realDelta: -300n,
        }),
      ),
      postEntry(database.db, {
        accountId: other.account.id,
        idempotencyKey: key,
        counterparty: 'casino:native/test',
        kind: 'bet',
        realDelta: -300n,
      }),
    ]);
    const results = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value);
    const rejected = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason as { code: number });
    // Whichever account won the key, every other attempt is a replay of it or a duplicate.
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(rejected.every((e) => e.code === 15002)).toBe(true);
    const balances = [(await balanceOf(account.id)).realBalance, (await balanceOf(other.account.id)).realBalance].sort(
      (a, b) => (a < b ? -1 : 1),
    );
    expect(balances).toEqual([9_700n, 10_000n]);
  });

  it('answers an unknown or malformed account id with 404 15003', async () => {
    for (const accountId of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      await expect(
        postEntry(database.db, {
          accountId,
          idempotencyKey: `x:${accountId}`,
          counterparty: 'adjustment',
          kind: 'credit',
          realDelta: 1n,
        }),
      ).rejects.toMatchObject({
        code: 15003,
      });
    }
  });

  it('never overdraws under 200 concurrent debits of random sizes, and the ledger sums to the balance', async () => {
    const start = 50_000n;
    const { account } = await accountWith('EUR', start);
    const sizes = Array.from({ length: 200 }, () => BigInt(1 + Math.floor(Math.random() * 600)));
    const outcomes = await Promise.allSettled(
      sizes.map((size, i) =>
        postEntry(database.db, {
          accountId: account.id,
          idempotencyKey: `race:${account.id}:${i}`,
          counterparty: 'casino:native/test',
          kind: 'bet',
          realDelta: -size,
        }),
      ),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const o of refused) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    const accepted = sizes.filter((_, i) => outcomes[i]!.status === 'fulfilled');
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0); // Σ sizes ≈ 60 000 > 50 000

    const row = await balanceOf(account.id);
    expect(row.realBalance).toBe(start - accepted.reduce((a, b) => a + b, 0n));
    expect(row.realBalance >= 0n).toBe(true);
    const entries = await entriesOf(account.id);
    expect(entries.reduce((sum, e) => sum + e.realDelta, 0n)).toBe(row.realBalance);
    // The after-balances form one unbroken chain: every entry starts where the previous one ended.
    const chain = [...entries].sort((a, b) => a.id - b.id);
    let running = 0n;
    for (const entry of chain) {
      running += entry.realDelta;
      expect(entry.realAfter).toBe(running);
    }
  });
});

describe('money conversion', () => {
  it('adds 0.1 and 0.2 exactly', async () => {
    const { player, account } = await accountWith('EUR');
    await credit(database.db, {
      playerId: player.id,
      amount: 0.1,
      currency: 'EUR',
      idempotencyKey: `a:${account.id}`,
      reason: 't',
    });
    const result = await credit(database.db, {
      playerId: player.id,
      amount: 0.2,
      currency: 'EUR',
      idempotencyKey: `b:${account.id}`,
      reason: 't',
    });
    expect(result.account.balance).toBe(0.3);
    expect(result.balance).toBe('0.30');
    expect((await balanceOf(account.id)).realBalance).toBe(30n);
    // The float sum itself carries more decimals than EUR has, so it is refused rather than rounded.
    expect(toMinor(0.1 + 0.2, 100)).toBeNull();
  });

  it('keeps all 8 decimals of BTC', async () => {
    const { player } = await accountWith('EUR');
    const result = await credit(database.db, {
      playerId: player.id,
      amount: '0.00000001',
      currency: 'BTC',
      idempotencyKey: `btc:${player.id}`,
      reason: 't',
    });
    expect(result).toMatchObject({
      amount: '0.00000001',
      balance: '0.00000001',
      account: { currency: 'BTC', balance: 0.00000001 },
    });
    const more = await credit(database.db, {
      playerId: player.id,
      amount: 21_000_000.12345678,
      currency: 'BTC',
      idempotencyKey: `btc2:${player.id}`,
      reason: 't',
    });
    expect(more.balance).toBe('21000000.12345679');
    expect(toMajor(2_100_000_012_345_679n, 100_000_000)).toBe(21000000.12345679);
  });

  it('rejects too many decimals, zero, negative and non-numbers with 422 on amount', async () => {
    const { player, account } = await accountWith('EUR');
    for (const amount of ['1.001', 0.001, '0', -5, 'abc', '1e3', Number.NaN]) {
      await expect(
        credit(database.db, {
          playerId: player.id,
          amount,
          currency: 'EUR',
          idempotencyKey: `bad:${String(amount)}:${player.id}`,
          reason: 't',
        }),
      ).rejects.toMatchObject({ code: 422, fields: { amount: [expect.any(String)] } });
    }
    expect((await balanceOf(account.id)).realBalance).toBe(0n);
  });

  it('credits by email, opening the account in that currency when missing', async () => {
    const { player } = await accountWith('EUR');
    const result = await opsCredit(
      opsContext(),
      { email: player.email.toUpperCase(), amount: '25', currency: 'usd', reference: `e:${player.id}` },
      playerOf,
    );
    expect(result).toMatchObject({
      email: player.email,
      currency: 'USD',
      amount: '25.00',
      balance: '25.00',
      replayed: false,
    });
    expect((await listAccounts(database.db, player.id)).map((a) => [a.currency, a.status, a.balance])).toEqual([
      ['EUR', 1, 0],
      ['USD', 2, 25],
    ]);
    await expect(
      opsCredit(
        opsContext(),
        { email: 'nobody@example.com', amount: 1, currency: 'EUR', reference: 'nobody' },
        playerOf,
      ),
    ).rejects.toMatchObject({
      code: 404,
      message: 'No player with the e-mail nobody@example.com',
    });
    await expect(
      opsCredit(opsContext(), { email: player.email, amount: 1, currency: 'XXX', reference: 'xxx' }, playerOf),
    ).rejects.toMatchObject({
      code: 15004,
    });
  });
});
