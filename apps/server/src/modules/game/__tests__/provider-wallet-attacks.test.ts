import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { postEntry } from '../../wallet/index.ts';
import { accountRow, createGame, fundedPlayer, openSession, signedRequest, txId, walletCall } from './play-fixtures.ts';

/**
 * What a hostile party could do with the seamless-wallet API, each kept as a test: re-targeting or
 * replaying signed calls, wins nobody staked for, wins beyond any game's pay table, balances beyond what
 * JSON can state, and strings PostgreSQL cannot store.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ GAME_MAX_WIN_MULTIPLIER: '50' });
});
afterAll(async () => {
  await server?.close();
});

async function setup(minor = 10_000n) {
  const db = server.ctx.db;
  const game = await createGame(db);
  const { account, player } = await fundedPlayer(db, minor);
  const session = await openSession(server.ctx, { playerId: player.id, accountId: account.id, gameId: game.id });
  const base = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
  const balance = async () => (await accountRow(db, account.id)).realBalance;
  return { base, balance, account };
}

const post = (path: string, request: { raw: string; headers: Record<string, string> }) =>
  server.app.inject({ method: 'POST', url: path, headers: request.headers, payload: request.raw });

describe('a signature binds one call', () => {
  it('the signed bytes of a refused bet credit nothing when posted to /win', async () => {
    const { base, balance } = await setup(1_000n);
    const body = { ...base, transactionId: txId('bet'), roundId: txId('round'), amount: 99_999_999, closeRound: true };
    const bet = signedRequest(server.ctx.gameWalletSecret, body, { path: '/api/provider-wallet/bet' });
    const refused = await post('/api/provider-wallet/bet', bet);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe(15001);

    const retargeted = await post('/api/provider-wallet/win', bet);
    expect(retargeted.statusCode).toBe(401);
    expect(retargeted.json().error.code).toBe(15010);
    expect(await balance()).toBe(1_000n);
  });

  it('a request id is accepted once: the same signed call sent again is refused, even once it could succeed', async () => {
    const { base, balance, account } = await setup(100n);
    const body = { ...base, transactionId: txId('bet'), roundId: txId('round'), amount: 500 };
    const bet = signedRequest(server.ctx.gameWalletSecret, body, { path: '/api/provider-wallet/bet' });
    expect((await post('/api/provider-wallet/bet', bet)).json().error.code).toBe(15001);
    // The player deposits; a captured copy of the refused bet must not debit them now.
    await postEntry(server.ctx.db, {
      accountId: account.id,
      idempotencyKey: txId('deposit'),
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: 9_900n,
    });
    const replayed = await post('/api/provider-wallet/bet', bet);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error).toMatchObject({ code: 15010, message: expect.stringContaining('X-Request-Id') });
    expect(await balance()).toBe(10_000n);

    // A new signature with an old request id is refused too.
    const resigned = signedRequest(server.ctx.gameWalletSecret, body, {
      path: '/api/provider-wallet/bet',
      requestId: bet.headers['x-request-id'],
    });
    expect((await post('/api/provider-wallet/bet', resigned)).statusCode).toBe(401);
  });

  it('a body swapped under a valid signature, or a signature for another secret, is refused', async () => {
    const { base } = await setup();
    const signed = signedRequest(server.ctx.gameWalletSecret, { token: base.token });
    const swapped = await post('/api/provider-wallet/balance', { ...signed, raw: JSON.stringify({ token: 'x' }) });
    expect(swapped.json().error.code).toBe(15010);
    const forged = signedRequest('some-other-secret-some-other-secret-0', { token: base.token });
    expect((await post('/api/provider-wallet/balance', forged)).json().error.code).toBe(15010);
  });

  it('twenty copies of one signed bet sent at once debit it at most once', async () => {
    const { base, balance } = await setup(10_000n);
    const body = { ...base, transactionId: txId('bet'), roundId: txId('round'), amount: 100 };
    const bet = signedRequest(server.ctx.gameWalletSecret, body, { path: '/api/provider-wallet/bet' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/provider-wallet/bet', bet)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(19);
    expect(await balance()).toBe(9_900n);
  });
});

describe('wins', () => {
  it('a win on a round without a bet is refused, with or without a promotion the casino never granted', async () => {
    const { base, balance } = await setup(1_000n);
    const win = (extra: Record<string, unknown> = {}) =>
      walletCall(server, 'win', {
        ...base,
        transactionId: txId('win'),
        roundId: txId('round'),
        amount: 500,
        closeRound: true,
        ...extra,
      });
    const plain = await win();
    expect(plain.status).toBe(422);
    expect(plain.body.error.code).toBe(15014);
    const promoted = await win({ promotion: { kind: 'free-spins', id: 'made-up' } });
    expect(promoted.status).toBe(422);
    expect(promoted.body.error).toMatchObject({ code: 15014, message: expect.stringContaining('made-up') });
    expect(await balance()).toBe(1_000n);
  });

  it('a round pays at most GAME_MAX_WIN_MULTIPLIER times its stake, over all its wins', async () => {
    const { base, balance } = await setup(1_000n);
    const roundId = txId('round');
    expect(
      (await walletCall(server, 'bet', { ...base, transactionId: txId('bet'), roundId, amount: 100 })).status,
    ).toBe(200);
    const win = (amount: number, closeRound: boolean) =>
      walletCall(server, 'win', { ...base, transactionId: txId('win'), roundId, amount, closeRound });
    expect((await win(3_000, false)).status).toBe(200);
    const beyond = await win(2_001, true);
    expect(beyond.status).toBe(422);
    expect(beyond.body.error.code).toBe(15015);
    expect((await win(2_000, true)).status).toBe(200);
    expect(await balance()).toBe(1_000n - 100n + 5_000n);
  });

  it('a win that would take the balance beyond 2^53 − 1 is a 4xx, and nothing moves', async () => {
    const { base, balance } = await setup(9_007_199_254_700_000n);
    const roundId = txId('round');
    expect(
      (await walletCall(server, 'bet', { ...base, transactionId: txId('bet'), roundId, amount: 10_000_000 })).status,
    ).toBe(200);
    const huge = await walletCall(server, 'win', {
      ...base,
      transactionId: txId('win'),
      roundId,
      amount: 500_000_000,
      closeRound: true,
    });
    expect(huge.status).toBe(422);
    expect(huge.body.error.code).toBe(15016);
    expect(await balance()).toBe(9_007_199_254_700_000n - 10_000_000n);
  });
});

describe('strings PostgreSQL cannot store', () => {
  it('a signed transaction id with a lone surrogate or a NUL is a 422, not a 500', async () => {
    const { base, balance } = await setup(1_000n);
    for (const transactionId of ['\ud800', 'a\u0000b']) {
      const answer = await walletCall(server, 'bet', { ...base, transactionId, roundId: txId('round'), amount: 1 });
      expect(answer.status).toBe(422);
      expect(answer.body.error.fields).toHaveProperty('transactionId');
    }
    expect(await balance()).toBe(1_000n);
  });
});
