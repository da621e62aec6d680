import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorEnvelopeSchema } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { bearer, register } from '../../player/__tests__/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0' });
  // The card deposit asks the sandbox payment provider over HTTP.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('a deposit refused by a deposit limit (13100)', () => {
  it('names the limit: its period and what it still lets in, for the player’s own words', async () => {
    const { auth } = await register(server.app, { locale: 'de' });
    const token = auth.accessToken;
    const limit = { definition: 3, period: 'weekly', currency: 'EUR', amount: 20 };
    expect((await call(token, 'POST', '/api/player/limits', limit)).statusCode).toBe(200);

    const above = await call(token, 'POST', '/api/payment/invoices/deposit', {
      method: 'card',
      currency: 'EUR',
      amount: 30,
    });
    expect(above.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(above.json()).error).toMatchObject({
      code: ErrorCode.depositLimitReached,
      limit: { period: 'weekly', left: 20, currency: 'EUR' },
    });

    const used = await call(token, 'POST', '/api/payment/invoices/deposit', {
      method: 'card',
      currency: 'EUR',
      amount: 20,
    });
    expect(used.statusCode).toBe(200);
    // Paid on the provider's page: only paid money counts against the limit.
    await fetch(`${server.ctx.selfUrl()}${used.json().data.action as string}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
    });
    const id = used.json().data.invoiceId as string;
    await expect.poll(async () => (await call(token, 'GET', `/api/payment/invoices/${id}`)).json().data.status).toBe(2);
    const methods = await call(token, 'GET', '/api/payment/methods/deposit?currency=EUR');
    expect(errorEnvelopeSchema.parse(methods.json()).error).toMatchObject({
      code: ErrorCode.depositLimitReached,
      limit: { period: 'weekly', left: 0, currency: 'EUR' },
    });
  });
});
