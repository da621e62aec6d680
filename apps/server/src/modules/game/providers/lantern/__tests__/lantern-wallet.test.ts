import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../../../db/rows.ts';
import { hubSignature } from '../../../../../lib/hub-signature.ts';
import { createTestServer, type TestServer } from '../../../../../test/server.ts';
import { ledgerEntries } from '../../../../wallet/tables.ts';
import { gameTransactions } from '../../../play/tables.ts';
import {
  accountRow,
  createGame,
  fundedPlayer,
  openSession,
  txId,
  walletCall as nativeCall,
} from '../../../__tests__/play-fixtures.ts';

/**
 * Lantern's wallet (docs/lantern-wallet-api.md) attacked: signatures (missing, bad, another aggregator's
 * secret), replays, rollbacks of what cannot be rolled back, another player's session, amounts a float
 * would get wrong or a parser would choke on, and a race of one debit. After each, the ledger proves the
 * balances.
 */
let server: TestServer;
let baseUrl: string;
let secret: string;
beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = server.ctx.selfUrl();
  secret = server.ctx.aggregatorSecrets.lantern!.current;
});
afterAll(async () => {
  await server?.close();
});

type Answer = { status: number; body: Record<string, unknown> & { status: string; balance?: string } };
const now = () => Math.floor(Date.now() / 1000);

async function lantern(
  call: string,
  body: Record<string, unknown> | string,
  options: { secret?: string; signature?: string | null } = {},
): Promise<Answer> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = options.signature === undefined ? hubSignature(options.secret ?? secret, raw) : options.signature;
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/game-wallet/lantern/${call}`,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature': signature }) },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() };
}

async function lanternFetch(call: string, body: Record<string, unknown>): Promise<Answer> {
  const raw = JSON.stringify(body);
  const response = await fetch(`${baseUrl}/api/game-wallet/lantern/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature': hubSignature(secret, raw) },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** The ledger proves the balances, real and bonus apart. */
async function audit(accountId: string) {
  const [sums] = await rowsOf<{ real: string; bonus: string; real_balance: string; bonus_balance: string }>(
    server.ctx.db,
    sql`select coalesce(sum(l.real_delta), 0)::text as real, coalesce(sum(l.bonus_delta), 0)::text as bonus,
               a.real_balance::text, a.bonus_balance::text
          from wallet_accounts a left join ledger_entries l on l.account_id = a.id
         where a.id = ${accountId}::uuid group by a.id`,
  );
  expect(sums!.real).toBe(sums!.real_balance);
  expect(sums!.bonus).toBe(sums!.bonus_balance);
}

async function setup(minor = 10_000n, currency = 'EUR') {
  const db = server.ctx.db;
  const game = await createGame(db, { aggregator: 'lantern' });
  const { account, player } = await fundedPlayer(db, minor, currency);
  const session = await openSession(server.ctx, {
    playerId: player.id,
    accountId: account.id,
    gameId: game.id,
    currency,
  });
  const base = { player_id: player.id, session_id: session.token, currency, timestamp: now() };
  const round = (roundId = txId('round')) => ({ ...base, game_id: game.identity, round_id: roundId });
  const balance = async () => (await accountRow(db, account.id)).realBalance;
  return { game, player, account, session, base, round, balance };
}

describe('the Lantern protocol', () => {
  it('balance, debit, credit in decimal strings: the same money as minor units, one ledger entry each', async () => {
    const p = await setup(10_000n);
    expect(await lantern('balance', p.base)).toEqual({
      status: 200,
      body: { status: 'OK', balance: '100.00', currency: 'EUR' },
    });
    const round = p.round();
    const debit = await lantern('debit', { ...round, transaction_id: 'd-1', amount: '1.5' });
    expect(debit).toEqual({
      status: 200,
      body: { status: 'OK', balance: '98.50', currency: 'EUR', transaction_id: 'd-1' },
    });
    const credit = await lantern('credit', { ...round, transaction_id: 'c-1', amount: '3.00', round_closed: true });
    expect(credit.body).toMatchObject({ status: 'OK', balance: '101.50' });
    expect(await p.balance()).toBe(10_150n);
    // Lantern's ids live in its own namespace: `d-1` of another aggregator is another transaction.
    const keys = await server.ctx.db
      .select({ key: ledgerEntries.idempotencyKey })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, p.account.id));
    expect(keys.map((k) => k.key).sort()).toEqual(
      [`fund:${p.account.id}`, 'game:lantern:c-1', 'game:lantern:d-1'].sort(),
    );
    await audit(p.account.id);
  });

  it("a native transaction id and Lantern's same id are two transactions", async () => {
    const native = await setup(1_000n);
    const nativeGame = await createGame(server.ctx.db);
    const nativeSession = await openSession(server.ctx, {
      playerId: native.player.id,
      accountId: native.account.id,
      gameId: nativeGame.id,
    });
    const id = txId('shared');
    const nativeBet = await nativeCall(server, 'bet', {
      token: nativeSession.token,
      transactionId: id,
      roundId: txId('round'),
      gameIdentity: nativeGame.identity,
      amount: 100,
      currency: 'EUR',
    });
    expect(nativeBet.status).toBe(200);
    const lanternDebit = await lantern('debit', { ...native.round(), transaction_id: id, amount: '2.00' });
    expect(lanternDebit.body).toMatchObject({ status: 'OK', balance: '7.00' });
    await audit(native.account.id);
  });
});

describe('signatures', () => {
  it('refuses a missing, malformed or wrong signature, and one made with another aggregator’s secret', async () => {
    const p = await setup(1_000n);
    const body = { ...p.round(), transaction_id: txId('d'), amount: '1.00' };
    const raw = JSON.stringify(body);
    for (const signature of [
      null,
      '',
      'sha256=',
      `sha256=${'0'.repeat(64)}`,
      hubSignature(secret, raw).toUpperCase(),
      hubSignature(secret, raw).replace('sha256=', 'sha1='),
      hubSignature(server.ctx.gameWalletSecret, raw),
      hubSignature(secret, `${raw} `),
    ]) {
      const answer = await lantern('debit', raw, { signature });
      expect(answer, String(signature)).toEqual({
        status: 401,
        body: expect.objectContaining({ status: 'INVALID_SIGNATURE' }),
      });
    }
    // The body swapped under a good signature.
    const swapped = await lantern('debit', JSON.stringify({ ...body, amount: '9.00' }), {
      signature: hubSignature(secret, raw),
    });
    expect(swapped.status).toBe(401);
    expect(await p.balance()).toBe(1_000n);
    // Lantern's secret opens nothing of the native protocol either.
    const native = await server.app.inject({
      method: 'POST',
      url: '/api/provider-wallet/balance',
      headers: { 'content-type': 'application/json', 'x-hub-signature': hubSignature(secret, '{}') },
      payload: '{}',
    });
    expect(native.statusCode).toBe(401);
    expect(native.json().error.code).toBe(15010);
  });

  it('refuses a body signed more than 5 minutes ago, and a call without a JSON body', async () => {
    const p = await setup(1_000n);
    const stale = await lantern('debit', {
      ...p.round(),
      timestamp: now() - 301,
      transaction_id: txId('d'),
      amount: '1.00',
    });
    expect(stale.body).toMatchObject({ status: 'BAD_REQUEST', message: expect.stringContaining('timestamp') });
    const empty = await server.app.inject({ method: 'POST', url: '/api/game-wallet/lantern/balance' });
    expect(empty.statusCode).toBe(401);
    expect(await p.balance()).toBe(1_000n);
  });
});

describe('replays and rollbacks', () => {
  it('a replayed debit gets the first answer again and debits once; the same id with other details is refused', async () => {
    const p = await setup(1_000n);
    const debit = { ...p.round(), transaction_id: txId('d'), amount: '2.00' };
    const first = await lantern('debit', debit);
    expect(first.body).toMatchObject({ status: 'OK', balance: '8.00' });
    await lantern('debit', { ...p.round(), transaction_id: txId('d'), amount: '1.00' });
    // Replayed later, with a fresh timestamp (a new signature): the first answer, balance as it was then.
    const again = await lantern('debit', { ...debit, timestamp: now() });
    expect(again.body).toEqual(first.body);
    const changed = await lantern('debit', { ...debit, amount: '3.00' });
    expect(changed.body).toMatchObject({ status: 'DUPLICATE_TRANSACTION', code: 15002 });
    expect(await p.balance()).toBe(700n);
    await audit(p.account.id);
  });

  it('a rollback of an unknown transaction changes nothing, and the debit that comes after it is not taken', async () => {
    const p = await setup(1_000n);
    const round = p.round();
    const debitId = txId('d');
    const rollback = await lantern('rollback', { ...round, transaction_id: txId('rb'), ref_transaction_id: debitId });
    expect(rollback.body).toMatchObject({ status: 'OK', balance: '10.00' });
    const late = await lantern('debit', { ...round, transaction_id: debitId, amount: '4.00' });
    expect(late.body).toMatchObject({ status: 'TRANSACTION_ROLLED_BACK', balance: '10.00', currency: 'EUR' });
    expect(await p.balance()).toBe(1_000n);
    await audit(p.account.id);
  });

  it('a rollback twice refunds once; a rollback of a credit is refused', async () => {
    const p = await setup(1_000n);
    const round = p.round();
    const debitId = txId('d');
    await lantern('debit', { ...round, transaction_id: debitId, amount: '4.00' });
    const first = await lantern('rollback', { ...round, transaction_id: txId('rb'), ref_transaction_id: debitId });
    expect(first.body).toMatchObject({ status: 'OK', balance: '10.00' });
    const second = await lantern('rollback', { ...round, transaction_id: txId('rb'), ref_transaction_id: debitId });
    expect(second.body).toMatchObject({ status: 'OK', balance: '10.00' });
    // The same rollback replayed: its first answer.
    expect(await p.balance()).toBe(1_000n);

    const settled = p.round();
    const winId = txId('c');
    await lantern('debit', { ...settled, transaction_id: txId('d'), amount: '1.00' });
    await lantern('credit', { ...settled, transaction_id: winId, amount: '5.00', round_closed: true });
    const ofCredit = await lantern('rollback', { ...settled, transaction_id: txId('rb'), ref_transaction_id: winId });
    expect(ofCredit).toMatchObject({ status: 400, body: { status: 'BAD_REQUEST', code: 422 } });
    // A credit on the settled round is refused too.
    const late = await lantern('credit', { ...settled, transaction_id: txId('c'), amount: '5.00' });
    expect(late.body).toMatchObject({ status: 'ROUND_CLOSED', code: 15012 });
    expect(await p.balance()).toBe(1_400n);
    await audit(p.account.id);
  });
});

describe('sessions', () => {
  it("refuses a debit with another player's session, and a session of another aggregator's game", async () => {
    const victim = await setup(1_000n);
    const attacker = await setup(1_000n);
    const stolen = await lantern('debit', {
      ...victim.round(),
      player_id: attacker.player.id,
      transaction_id: txId('d'),
      amount: '5.00',
    });
    expect(stolen.body).toMatchObject({ status: 'INVALID_SESSION' });
    expect(await lantern('balance', { ...victim.base, player_id: attacker.player.id })).toMatchObject({
      body: { status: 'INVALID_SESSION' },
    });

    const nativeGame = await createGame(server.ctx.db);
    const nativeSession = await openSession(server.ctx, {
      playerId: victim.player.id,
      accountId: victim.account.id,
      gameId: nativeGame.id,
    });
    const crossed = await lantern('debit', {
      ...victim.base,
      session_id: nativeSession.token,
      game_id: nativeGame.identity,
      round_id: txId('round'),
      transaction_id: txId('d'),
      amount: '5.00',
    });
    expect(crossed.body).toMatchObject({ status: 'INVALID_SESSION' });
    const unknown = await lantern('balance', { ...victim.base, session_id: 'no-such-session' });
    expect(unknown.body).toMatchObject({ status: 'INVALID_SESSION' });
    expect(await victim.balance()).toBe(1_000n);
    expect(await attacker.balance()).toBe(1_000n);
  });

  it('insufficient funds answers the balance and moves nothing', async () => {
    const p = await setup(300n);
    const answer = await lantern('debit', { ...p.round(), transaction_id: txId('d'), amount: '3.01' });
    expect(answer).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'INSUFFICIENT_FUNDS', code: 15001, balance: '3.00', currency: 'EUR' }),
    });
    expect(await p.balance()).toBe(300n);
  });
});

describe('amounts', () => {
  it('converts exactly and refuses what is not an amount of the currency', async () => {
    const p = await setup(10_000n);
    const round = p.round();
    const bad = [
      '1.505', // more decimals than EUR has
      '1.500', // also three decimals, even as zeros
      '-1.00',
      '+1.00',
      ' 1.00',
      '1,00',
      '1e2',
      '0x10',
      '.5',
      '1.',
      'NaN',
      'Infinity',
      '1.00\u0000',
      '\u00001.00',
      '90071992547409.92', // 2^53 minor units: above what a JSON number states exactly
      '99999999999999999999999999999',
      '9'.repeat(5_000),
      1.5,
      100,
      null,
    ];
    for (const amount of bad) {
      const answer = await lantern('debit', { ...round, transaction_id: txId('d'), amount });
      expect(answer.status, JSON.stringify(amount).slice(0, 40)).toBe(400);
      expect(answer.body.status).toBe('BAD_REQUEST');
    }
    // The largest a JSON number states exactly parses, and is refused for funds, not as a bad number.
    const largest = await lantern('debit', { ...round, transaction_id: txId('d'), amount: '90071992547409.91' });
    expect(largest.body).toMatchObject({ status: 'INSUFFICIENT_FUNDS' });
    // 0.1 + 0.2 in floats is 0.30000000000000004: here it is 30 cents.
    await lantern('debit', { ...round, transaction_id: txId('d'), amount: '0.1' });
    await lantern('debit', { ...round, transaction_id: txId('d'), amount: '0.20' });
    expect(await p.balance()).toBe(9_970n);
    await audit(p.account.id);
  });

  it('takes eight decimals in BTC and refuses a ninth', async () => {
    const p = await setup(100_000_000n, 'BTC');
    const round = p.round();
    const ok = await lantern('debit', { ...round, transaction_id: txId('d'), amount: '0.00000001' });
    expect(ok.body).toMatchObject({ status: 'OK', balance: '0.99999999', currency: 'BTC' });
    const ninth = await lantern('debit', { ...round, transaction_id: txId('d'), amount: '0.000000001' });
    expect(ninth.body.status).toBe('BAD_REQUEST');
    const euro = await lantern('debit', { ...round, currency: 'EUR', transaction_id: txId('d'), amount: '1.00' });
    expect(euro.body).toMatchObject({ code: 422 });
    expect(await p.balance()).toBe(99_999_999n);
  });

  it('refuses NUL bytes, control characters and huge strings in ids, and bodies above 16 KiB', async () => {
    const p = await setup(1_000n);
    for (const patch of [
      { transaction_id: 'a\u0000b' },
      { transaction_id: 'a b' },
      { transaction_id: 'x'.repeat(65) },
      { round_id: '\u0000' },
      { game_id: 'é' },
      { player_id: 'x'.repeat(10_000) },
      { session_id: `${p.session.token}\u0000` },
      { currency: 'eur' },
    ]) {
      const answer = await lantern('debit', { ...p.round(), transaction_id: txId('d'), amount: '1.00', ...patch });
      expect(answer.status, JSON.stringify(patch).slice(0, 40)).toBe(400);
    }
    const huge = await lantern('debit', {
      ...p.round(),
      transaction_id: txId('d'),
      amount: '1.00',
      pad: 'x'.repeat(20_000),
    });
    expect(huge.status).toBe(413);
    const notJson = await lantern('debit', '{"amount":');
    expect(notJson).toMatchObject({ status: 400, body: { status: 'BAD_REQUEST' } });
    expect(await p.balance()).toBe(1_000n);
  });
});

describe('races', () => {
  it('the same debit sent 20 times at once is taken once, and every answer is the first one', async () => {
    const p = await setup(1_000n);
    const debit = { ...p.round(), transaction_id: txId('d'), amount: '2.50' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => lanternFetch('debit', debit)));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: answers[0]!.body });
    expect(answers[0]!.body).toMatchObject({ status: 'OK', balance: '7.50' });
    expect(await p.balance()).toBe(750n);
    const stored = await server.ctx.db
      .select()
      .from(gameTransactions)
      .where(eq(gameTransactions.sessionId, p.session.id));
    expect(stored).toHaveLength(1);
    await audit(p.account.id);
  }, 60_000);

  it('60 different debits at once never overdraw', async () => {
    const p = await setup(1_000n);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        lanternFetch('debit', { ...p.round(), transaction_id: randomUUID(), amount: '0.50' }),
      ),
    );
    const ok = answers.filter((a) => a.body.status === 'OK');
    expect(ok).toHaveLength(20);
    expect(answers.filter((a) => a.body.status !== 'OK').every((a) => a.body.status === 'INSUFFICIENT_FUNDS')).toBe(
      true,
    );
    expect(await p.balance()).toBe(0n);
    await audit(p.account.id);
  }, 60_000);
});

describe('rotation', () => {
  it('accepts a call signed with the previous secret during a rotation, and not once it is dropped', async () => {
    const rotated = await createTestServer({
      LANTERN_SECRET: 'n'.repeat(40),
      LANTERN_SECRET_PREVIOUS: 'o'.repeat(40),
    });
    try {
      expect(rotated.ctx.aggregatorSecrets.lantern).toEqual({ current: 'n'.repeat(40), previous: 'o'.repeat(40) });
      const game = await createGame(rotated.ctx.db, { aggregator: 'lantern' });
      const { account, player } = await fundedPlayer(rotated.ctx.db, 500n);
      const session = await openSession(rotated.ctx, { playerId: player.id, accountId: account.id, gameId: game.id });
      const raw = JSON.stringify({
        player_id: player.id,
        session_id: session.token,
        currency: 'EUR',
        timestamp: now(),
      });
      for (const [key, status] of [
        ['n'.repeat(40), 200],
        ['o'.repeat(40), 200],
        ['p'.repeat(40), 401],
      ] as const) {
        const response = await rotated.app.inject({
          method: 'POST',
          url: '/api/game-wallet/lantern/balance',
          headers: { 'content-type': 'application/json', 'x-hub-signature': hubSignature(key, raw) },
          payload: raw,
        });
        expect(response.statusCode, key[0]).toBe(status);
      }
    } finally {
      await rotated.close();
    }
  }, 60_000);
});
