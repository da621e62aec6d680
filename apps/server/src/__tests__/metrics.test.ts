import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkRow } from '../outbox/parked.ts';
import { createTestServer, PRODUCTION_ENV, type TestServer } from '../test/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ BONUS_JOB_MS: '100' });
});
afterAll(async () => {
  await server?.close();
});

const scrape = (target: TestServer, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  target.app.inject({ method: 'GET', url: '/metrics', ...options });

describe('GET /metrics', () => {
  it('answers a loopback scraper in Prometheus format: latency by route, wallet calls, push, jobs, outbox lag', async () => {
    await server.app.inject({ method: 'GET', url: '/api/settings/locales' });
    await server.app.inject({ method: 'POST', url: '/api/provider-wallet/bet', payload: {} });
    await server.app.inject({ method: 'POST', url: '/api/game-wallet/lantern/debit', payload: {} });
    await new Promise((resolve) => setTimeout(resolve, 350)); // a bonus-expiry run or three
    const response = await scrape(server);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/settings\/locales",status="200"\} 1/,
    );
    expect(text).toMatch(/wallet_calls_total\{call="bet",status="401"\} 1/);
    expect(text).toMatch(/wallet_calls_total\{call="lantern\/debit",status="401"\} 1/);
    expect(text).toMatch(/push_connections 0/);
    expect(text).toMatch(/job_runs_total\{job="bonus-expiry",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/outbox_lag_events\{consumer="[a-z-]+"\} \d+/);
    // A parked event is counted per consumer until an operator settles it.
    expect(text).not.toMatch(/outbox_parked_events\{/);
    await parkRow(
      server.ctx.db,
      'loyalty',
      {
        id: 1,
        tx: '1',
        v: 1,
        event: 'player.profile.updated',
        payload: { playerId: 'p', fields: [] },
        createdAt: new Date(),
      },
      5,
      new Error('no level'),
    );
    expect((await scrape(server)).body).toMatch(/outbox_parked_events\{consumer="loyalty"\} 1/);
    expect(text).toMatch(/process_cpu_seconds_total/);
    // Query strings never become labels (they may hold tokens or e-mails).
    await server.app.inject({ method: 'GET', url: '/api/settings/locales?email=a@b.c' });
    expect((await scrape(server)).body).not.toContain('a@b.c');
  });

  it('is hidden from anyone else: another address, a proxied request, production without a token', async () => {
    expect((await scrape(server, { remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    expect((await scrape(server, { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    const production = await createTestServer(PRODUCTION_ENV);
    try {
      expect((await scrape(production)).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('with METRICS_TOKEN, answers only the bearer of that token', async () => {
    const token = 'm'.repeat(40);
    const guarded = await createTestServer({ ...PRODUCTION_ENV, METRICS_TOKEN: token });
    try {
      expect((await scrape(guarded)).statusCode).toBe(404);
      expect((await scrape(guarded, { headers: { authorization: `Bearer ${'x'.repeat(40)}` } })).statusCode).toBe(404);
      const ok = await scrape(guarded, { remoteAddress: '10.9.9.9', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});
