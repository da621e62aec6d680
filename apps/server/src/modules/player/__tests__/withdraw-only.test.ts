import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { opsCredit } from '../../wallet/commands.ts';
import { playerOf } from '../command-naming.ts';
import { bearer, expectErrorEnvelope, login, refresh, register } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    LOGIN_RATE_LIMIT: '1000',
    TURNOVER_MULTIPLIER: '0',
    WITHDRAWAL_VERIFICATION: 'never',
  });
});
afterAll(() => server?.close());

/** What a withdraw-only session may call (method and OpenAPI path); every other player route refuses it. */
const OPEN = new Set([
  'GET /api/player/profile',
  'GET /api/wallet/accounts',
  'GET /api/payment/methods/withdrawal',
  'POST /api/payment/invoices/withdrawal',
  'GET /api/payment/invoices',
  'GET /api/payment/invoices/{id}',
  'PUT /api/payment/invoices/{id}/decline',
  'GET /api/risk/reasons/turn-over-wager',
  // A withdrawal needs a verified identity.
  'GET /api/player/documents/',
  'POST /api/player/documents/',
  'GET /api/notification/messenger/messages',
  'POST /api/notification/messenger/messages/read',
  'POST /api/notification/messenger/messages/read/all',
  'DELETE /api/notification/messenger/messages',
  'GET /api/notification/support/messages',
  'POST /api/notification/support/messages',
]);

async function excludedPlayerWithMoney() {
  const { body, auth } = await register(server.app);
  const email = body.email as string;
  await opsCredit(server.ctx, { email, amount: '50', currency: 'EUR' }, playerOf);
  const excluded = await server.app.inject({
    method: 'POST',
    url: '/api/player/limits',
    headers: bearer(auth.accessToken),
    payload: { definition: 4, period: '6_months' },
  });
  expect(excluded.statusCode).toBe(200);
  return { email, password: body.password as string };
}

const withdrawOnlyLogin = (email: string, password: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/player/sessions',
    payload: { login: email, password, withdrawOnly: true },
  });

describe('a withdraw-only session during an exclusion', () => {
  it('opens on request with the password, says so, and survives a refresh', async () => {
    const { email, password } = await excludedPlayerWithMoney();
    // The plain sign-in is still refused, with the way to withdraw.
    expect(expectErrorEnvelope(await login(server.app, email, password), 403).code).toBe(ErrorCode.accountExcluded);
    expectErrorEnvelope(await withdrawOnlyLogin(email, 'wrong-password'), 401);
    const res = await withdrawOnlyLogin(email, password);
    expect(res.statusCode).toBe(200);
    const auth = res.json().data;
    expect(auth).toMatchObject({ scope: 'withdraw-only', excludedUntil: expect.stringMatching(/^\d{4}-/) });
    const renewed = (await refresh(server.app, auth.accessToken)).json().data;
    expect(renewed.scope).toBe('withdraw-only');
    const deposit = expectErrorEnvelope(
      await server.app.inject({
        method: 'GET',
        url: '/api/payment/methods/deposit?currency=EUR',
        headers: bearer(renewed.accessToken),
      }),
      403,
    );
    expect(deposit).toMatchObject({ code: ErrorCode.withdrawOnlySession });
  });

  it('is refused by every player route but those of withdrawing and messages', async () => {
    const { email, password } = await excludedPlayerWithMoney();
    const token = (await withdrawOnlyLogin(email, password)).json().data.accessToken as string;
    const spec = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const refused: string[] = [];
    const accepted: string[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!operation.security?.length) continue;
        const key = `${method.toUpperCase()} ${path}`;
        // These two would end or rotate the token under the loop (the first test renews it).
        if (key === 'POST /api/player/sessions/refresh' || key === 'POST /api/player/sessions/logout') continue;
        const url = path.replace('{id}', '00000000-0000-4000-8000-000000000000').replace(/\{\w+\}/g, 'x');
        const res = await server.app.inject({ method: method.toUpperCase() as 'GET', url, headers: bearer(token) });
        const code = res.statusCode === 403 ? (res.json() as { error: { code: number } }).error.code : null;
        (code === ErrorCode.withdrawOnlySession ? refused : accepted).push(key);
      }
    }
    expect(refused.length).toBeGreaterThan(10);
    expect(refused).toEqual(expect.arrayContaining(['GET /api/payment/methods/deposit', 'PUT /api/player/profile']));
    expect(accepted.sort()).toEqual([...OPEN].sort());
  });

  it('withdraws the balance', async () => {
    const { email, password } = await excludedPlayerWithMoney();
    const token = (await withdrawOnlyLogin(email, password)).json().data.accessToken as string;
    const methods = await server.app.inject({
      method: 'GET',
      url: '/api/payment/methods/withdrawal?currency=EUR',
      headers: bearer(token),
    });
    expect(methods.json().data.map((m: { method: string }) => m.method)).toContain('bank_transfer');
    const withdrawal = await server.app.inject({
      method: 'POST',
      url: '/api/payment/invoices/withdrawal',
      headers: bearer(token),
      payload: { method: 'bank_transfer', currency: 'EUR', amount: 50, fields: { iban: 'DE89370400440532013000' } },
    });
    expect(withdrawal.statusCode).toBe(200);
    const accounts = await server.app.inject({ method: 'GET', url: '/api/wallet/accounts', headers: bearer(token) });
    expect(accounts.json().data[0]).toMatchObject({ currency: 'EUR', realBalance: 0, lockedBalance: 50 });
  });
});
