import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { listAccounts, openAccount } from '../index.ts';
import { authHeader, createPlayer } from './factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function newPlayer() {
  const player = await createPlayer(server.ctx.db);
  return { ...player, headers: await authHeader(server.ctx, player.id) };
}

const list = (response: { json(): unknown }) => (response.json() as { data: Account[] }).data;

describe('wallet accounts over HTTP', () => {
  it('opens accounts: the first is active, the list shows the active one first with zero balances', async () => {
    const { headers } = await newPlayer();
    const empty = await server.app.inject({ method: 'GET', url: '/api/wallet/accounts', headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: [] });

    const first = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers,
      payload: { currency: 'USD' },
    });
    expect(first.statusCode).toBe(200);
    expect(list(first)).toEqual([
      {
        id: expect.any(String),
        currency: 'USD',
        status: 1,
        balance: 0,
        realBalance: 0,
        bonusBalance: 0,
        lockedBalance: 0,
        withdrawalBalance: 0,
      },
    ]);

    const second = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers,
      payload: { currency: 'BTC' },
    });
    expect(list(second).map((a) => [a.currency, a.status])).toEqual([
      ['USD', 1],
      ['BTC', 2],
    ]);
  });

  it('lists accounts opened in one transaction in the order they were opened', async () => {
    const { id } = await newPlayer();
    const order = ['GBP', 'USD', 'CAD', 'BRL', 'EUR', 'LTC'];
    await server.ctx.db.transaction(async (tx) => {
      for (const currency of order) await openAccount(tx, id, currency);
    });
    expect((await listAccounts(server.ctx.db, id)).map((a) => a.currency)).toEqual(order);
  });

  it('switches the active account and lists it first', async () => {
    const { headers } = await newPlayer();
    await server.app.inject({ method: 'POST', url: '/api/wallet/accounts', headers, payload: { currency: 'EUR' } });
    const added = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers,
      payload: { currency: 'ETH' },
    });
    const eth = list(added).find((a) => a.currency === 'ETH')!;

    const switched = await server.app.inject({ method: 'PUT', url: `/api/wallet/accounts/${eth.id}/switch`, headers });
    expect(switched.statusCode).toBe(200);
    expect(list(switched).map((a) => [a.currency, a.status])).toEqual([
      ['ETH', 1],
      ['EUR', 2],
    ]);
    // Switching to the account that is already active changes nothing.
    const again = await server.app.inject({ method: 'PUT', url: `/api/wallet/accounts/${eth.id}/switch`, headers });
    expect(list(again)).toEqual(list(switched));
  });

  it('hides an inactive account; adding its currency again shows it with its id and money', async () => {
    const { id: playerId, headers } = await newPlayer();
    await server.app.inject({ method: 'POST', url: '/api/wallet/accounts', headers, payload: { currency: 'EUR' } });
    const added = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers,
      payload: { currency: 'USD' },
    });
    const usd = list(added).find((a) => a.currency === 'USD')!;

    const hidden = await server.app.inject({ method: 'PUT', url: `/api/wallet/accounts/${usd.id}/hide`, headers });
    expect(hidden.statusCode).toBe(200);
    expect(list(hidden).map((a) => a.currency)).toEqual(['EUR']);
    const listed = await server.app.inject({ method: 'GET', url: '/api/wallet/accounts', headers });
    expect(list(listed).map((a) => a.currency)).toEqual(['EUR']);
    // The hidden list shows it with its money, and only to its owner.
    const hiddenList = await server.app.inject({ method: 'GET', url: '/api/wallet/accounts/hidden', headers });
    expect(hiddenList.statusCode).toBe(200);
    expect(list(hiddenList)).toEqual([expect.objectContaining({ id: usd.id, currency: 'USD', status: 2, balance: 0 })]);
    const stranger = await newPlayer();
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/wallet/accounts/hidden',
      headers: stranger.headers,
    });
    expect(list(theirs)).toEqual([]);
    // A hidden account cannot be made active.
    const switched = await server.app.inject({ method: 'PUT', url: `/api/wallet/accounts/${usd.id}/switch`, headers });
    expect(switched.statusCode).toBe(404);

    const reopened = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers,
      payload: { currency: 'USD' },
    });
    expect(reopened.statusCode).toBe(200);
    expect(list(reopened).find((a) => a.currency === 'USD')).toMatchObject({ id: usd.id, status: 2 });
    const noneHidden = await server.app.inject({ method: 'GET', url: '/api/wallet/accounts/hidden', headers });
    expect(list(noneHidden)).toEqual([]);
    await expect(openAccount(server.ctx.db, playerId, 'USD')).rejects.toMatchObject({ code: 15005 });
  });

  it('refuses to hide the active account (422) and leaves the list as it was', async () => {
    const { headers } = await newPlayer();
    const added = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers,
      payload: { currency: 'EUR' },
    });
    const eur = list(added)[0]!;
    const response = await server.app.inject({ method: 'PUT', url: `/api/wallet/accounts/${eur.id}/hide`, headers });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: { code: 422, message: expect.stringContaining('active account cannot be hidden') },
    });
    const listed = await server.app.inject({ method: 'GET', url: '/api/wallet/accounts', headers });
    expect(list(listed)).toEqual([eur]);
  });

  it('answers an unknown currency with 15004 and an existing account with 15005', async () => {
    const { headers } = await newPlayer();
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers,
      payload: { currency: 'XYZ' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ error: { code: 15004, fields: { currency: [expect.any(String)] } } });

    await server.app.inject({ method: 'POST', url: '/api/wallet/accounts', headers, payload: { currency: 'EUR' } });
    const twice = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers,
      payload: { currency: 'EUR' },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ error: { code: 15005 } });

    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers,
      payload: { currency: 'EUR', extra: 1 },
    });
    expect(malformed.statusCode).toBe(422);
    const missing = await server.app.inject({ method: 'POST', url: '/api/wallet/accounts', headers, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: { code: 422, fields: { currency: [expect.any(String)] } } });
  });

  it("answers 404 for someone else's account and for an id that is not an account id", async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const added = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers: owner.headers,
      payload: { currency: 'EUR' },
    });
    await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers: owner.headers,
      payload: { currency: 'USD' },
    });
    const eur = list(added)[0]!;
    await server.app.inject({
      method: 'POST',
      url: '/api/wallet/accounts',
      headers: other.headers,
      payload: { currency: 'USD' },
    });

    for (const action of ['switch', 'hide']) {
      const foreign = await server.app.inject({
        method: 'PUT',
        url: `/api/wallet/accounts/${eur.id}/${action}`,
        headers: other.headers,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: { code: 15003 } });
      const malformed = await server.app.inject({
        method: 'PUT',
        url: `/api/wallet/accounts/not-a-uuid/${action}`,
        headers: owner.headers,
      });
      expect(malformed.statusCode).toBe(404);
    }
    const ownerList = await server.app.inject({ method: 'GET', url: '/api/wallet/accounts', headers: owner.headers });
    expect(list(ownerList).map((a) => [a.currency, a.status])).toEqual([
      ['EUR', 1],
      ['USD', 2],
    ]);
  });

  it('requires a valid player token (401)', async () => {
    const { id } = await newPlayer();
    for (const [method, url] of [
      ['GET', '/api/wallet/accounts'],
      ['GET', '/api/wallet/accounts/hidden'],
      ['POST', '/api/wallet/accounts'],
      ['PUT', `/api/wallet/accounts/${id}/switch`],
      ['PUT', `/api/wallet/accounts/${id}/hide`],
    ] as const) {
      const response = await server.app.inject({
        method,
        url,
        payload: method === 'POST' ? { currency: 'EUR' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 401 } });
    }
    const forged = await server.app.inject({
      method: 'GET',
      url: '/api/wallet/accounts',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('documents the wallet calls in OpenAPI and keeps ops out of it', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/wallet/accounts',
        '/api/wallet/accounts/{id}/switch',
        '/api/wallet/accounts/{id}/hide',
        '/api/wallet/accounts/hidden',
      ]),
    );
    expect(Object.keys(spec.paths).some((p) => p.startsWith('/api/ops'))).toBe(false);
  });
});
