import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { signCall } from '../lib/signing.ts';
import { createServer } from '../server.ts';
import { createTestDatabase, createTestServer, PRODUCTION_ENV, type TestServer } from '../test/server.ts';

/** Findings of the pre-launch attack (issue 19) that live at the edge and in the configuration. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const production = PRODUCTION_ENV;

describe('production and the sandbox parties', () => {
  it('refuses to start without a real payment and game provider, and their secrets', () => {
    for (const name of ['PAYMENT_PROVIDER_URL', 'PAYMENT_WEBHOOK_SECRET', 'GAME_PROVIDER_URL', 'GAME_WALLET_SECRET']) {
      const env: Record<string, string> = { ...production };
      delete env[name];
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(new RegExp(`${name}: required in production`));
    }
    // The sportsbook: none in production unless a real provider is named; never the sandbox one.
    expect(loadConfig(production).sportsbook).toBeNull();
    expect(() =>
      loadConfig({
        ...production,
        SPORTSBOOK_CLIENT_HOST: 'https://casino.example/sandbox/sportsbook',
        SPORTSBOOK_CLIENT_ID: 'x',
      }),
    ).toThrow(/SPORTSBOOK_CLIENT_HOST: production never uses the sandbox/);
    expect(() => loadConfig({ ...production, SPORTSBOOK_CLIENT_HOST: 'https://sports.example' })).toThrow(/set both/);
    expect(
      loadConfig({ ...production, SPORTSBOOK_CLIENT_HOST: 'https://sports.example/', SPORTSBOOK_CLIENT_ID: 'op-1' })
        .sportsbook,
    ).toEqual({ sandbox: false, host: 'https://sports.example', clientId: 'op-1' });
    const config = loadConfig(production);
    expect([config.payment.sandbox, config.game.sandbox, config.kyc, config.social, config.apiDocs]).toEqual([
      false,
      false,
      null,
      null,
      false,
    ]);
  });

  it('runs the second aggregator (Lantern) only when named, with its secret, and never its sandbox', () => {
    // None in production unless a real one is named (its games cannot be launched, its wallet is not served).
    expect(loadConfig(production).game.aggregators.lantern).toBeNull();
    expect(() => loadConfig({ ...production, LANTERN_URL: 'https://casino.example/sandbox/lantern' })).toThrow(
      /LANTERN_URL: production never uses the sandbox Lantern/,
    );
    expect(() => loadConfig({ ...production, LANTERN_URL: 'https://lantern.example/v2' })).toThrow(
      /LANTERN_SECRET: required in production/,
    );
    expect(
      loadConfig({ ...production, LANTERN_URL: 'https://lantern.example/v2/', LANTERN_SECRET: 'l'.repeat(40) }).game
        .aggregators.lantern,
    ).toEqual({ sandbox: false, url: 'https://lantern.example/v2', secret: 'l'.repeat(40), secretPrevious: null });
    // Rotation as for every partner secret: the previous one only beside a current one, never the same.
    expect(() =>
      loadConfig({ ...production, LANTERN_URL: 'https://lantern.example', LANTERN_SECRET_PREVIOUS: 'l'.repeat(40) }),
    ).toThrow(/LANTERN_SECRET_PREVIOUS: set only beside LANTERN_SECRET/);
    expect(() =>
      loadConfig({
        ...production,
        LANTERN_URL: 'https://lantern.example',
        LANTERN_SECRET: 'example-secret-0123456789abcdef0123456789abcdef',
      }),
    ).toThrow(/LANTERN_SECRET: a published demo value/);
    // Outside production, unset: the sandbox Lantern on this node.
    expect(loadConfig({ NODE_ENV: 'development' }).game.aggregators.lantern).toMatchObject({
      sandbox: true,
      url: null,
    });
  });

  it('mounts no sandbox party and no API document', async () => {
    const node = await createTestServer(production);
    try {
      for (const [method, url] of [
        ['GET', '/sandbox/pay/api/health'],
        ['POST', '/sandbox/pay/api/payments'],
        ['GET', '/sandbox/pay/card/1'],
        // The second payment provider's sandbox, and its webhook path when no real Orbit is configured.
        ['POST', '/sandbox/orbit/v1/checkouts'],
        ['GET', `/sandbox/orbit/approve/chk_${'0'.repeat(32)}`],
        ['POST', '/api/payment/webhooks/orbit'],
        ['POST', '/sandbox/games/api/launch'],
        ['GET', '/sandbox/games/play/x'],
        ['POST', '/sandbox/lantern/api/launch'],
        ['GET', '/sandbox/lantern/play/x'],
        ['POST', '/api/game-wallet/lantern/balance'],
        ['POST', '/sandbox/kyc/api/access-token'],
        ['POST', '/sandbox/sportsbook/api/launch'],
        ['GET', '/sandbox/sportsbook/client'],
        ['GET', '/sandbox/sportsbook/api/widgets/events'],
        ['GET', '/sandbox/oidc/.well-known/openid-configuration'],
        ['GET', '/api/dev/mailbox?to=a@b.c'],
        ['GET', '/api/docs'],
        ['GET', '/api/docs/json'],
      ] as const) {
        const response = await node.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(response.statusCode, url).toBe(404);
      }
      // Outside production the sandbox parties are there (the demo and the tests need them).
      expect((await server.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      expect(
        (await server.app.inject({ method: 'POST', url: '/sandbox/pay/api/payments', payload: {} })).statusCode,
      ).toBe(401);
    } finally {
      await node.close();
    }
  });
});

describe('the signing secret', () => {
  it('is never a constant of the source: a deployment without JWT_SECRET makes one, shared by its nodes', async () => {
    const database = await createTestDatabase();
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: '0', WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/x' };
    const [a, b] = [
      await createServer(loadConfig({ ...env, DATABASE_URL: 'postgres://unused/x' }), { database }),
      await createServer(loadConfig({ ...env, DATABASE_URL: 'postgres://unused/x' }), { database }),
    ];
    try {
      // The old constant and anything derived from it sign nothing.
      const demo = 'demo-only-secret-never-use-in-production-0000';
      const demoPaymentKey = createHash('sha256').update(`payment:${demo}`).digest('base64url');
      expect(a.ctx.paymentSecret).not.toBe(demoPaymentKey);
      const body = JSON.stringify({ type: 'payment.succeeded', id: 'evt-1', data: { reference: 'x', amount: 5000 } });
      const url = '/api/payment/webhooks/sandbox';
      const forged = await a.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          ...signCall(demoPaymentKey, { method: 'POST', path: url, body }),
        },
        payload: body,
      });
      expect(forged.statusCode).toBe(401);
      // Two nodes on one database agree: a token from one is good on the other.
      expect(b.ctx.paymentSecret).toBe(a.ctx.paymentSecret);
      expect(b.ctx.gameWalletSecret).toBe(a.ctx.gameWalletSecret);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const ipSeen = async (target: TestServer, forwarded: string) => {
    const signIn = await target.app.inject({
      method: 'POST',
      url: '/api/player/sessions',
      headers: { 'x-forwarded-for': forwarded },
      payload: { login: 'nobody@example.com', password: 'wrong-password-1' },
    });
    return signIn.statusCode;
  };

  it('trusts hops, never the left-most address a client wrote', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 173.245.48.0/20' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '173.245.48.0/20',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everything' })).toThrow(/TRUST_PROXY/);
  });

  it('a forged X-Forwarded-For entry does not change the address the guards count', async () => {
    const node = await createTestServer({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '3' });
    try {
      // The proxy appends the real client (203.0.113.9); the client wrote a new left-most address each time.
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push(await ipSeen(node, `198.51.100.${i}, 203.0.113.9`));
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await node.close();
    }
  });
});

describe('TRUST_PROXY with addresses', () => {
  it("believes the country header only from the proxies' own addresses", async () => {
    const country = async (trust: string) => {
      const node = await createTestServer({ TRUST_PROXY: trust });
      try {
        const init = await node.app.inject({
          method: 'GET',
          url: '/api/player/init',
          headers: { 'cf-ipcountry': 'SE' },
        });
        return (init.json().data as { country: string }).country;
      } finally {
        await node.close();
      }
    };
    // The test client connects from 127.0.0.1.
    expect(await country('10.0.0.0/8,192.0.2.7')).toBe('DE');
    expect(await country('127.0.0.0/8')).toBe('SE');
  });
});

describe('hostile query keys', () => {
  it('answer in the error envelope on any route, never outside it', async () => {
    for (const url of [
      '/api/game/providers?%00=%00',
      '/api/game/games?%00=1',
      '/api/settings/locales?a%00b=1',
      `/api/game/providers?${'k'.repeat(5000)}%00=1`,
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().error.code, url).toBe(422);
    }
    // Bytes that are not UTF-8 in a key are read as U+FFFD: harmless, answered as usual.
    const replaced = await server.app.inject({ method: 'GET', url: '/api/game/providers?%ED%A0%80=x' });
    expect(replaced.statusCode).toBe(200);
  });

  it('in a body answer in the error envelope too', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/player/sessions',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":"a@b.c","password":"x","\\u0000":1,"\\ud800":2}',
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.code).toBeGreaterThanOrEqual(400);
  });
});

describe('the API document (outside production)', () => {
  type Operation = { security?: Record<string, string[]>[] };
  const document = async () =>
    (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, unknown> };
    };

  it('has no reference to a schema it does not define', async () => {
    const doc = await document();
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    const missing = [...new Set(refs)].filter((name) => !doc.components?.schemas?.[name]);
    expect(missing).toEqual([]);
  });

  it('declares bearer-only exactly the operations a guest is refused', async () => {
    const doc = await document();
    const served: string[] = [];
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const bearerOnly = operation.security?.length === 1 && 'bearer' in operation.security[0]!;
        if (!bearerOnly) continue;
        const url = route.replace(/\{[^}]+\}/g, '1');
        const response = await server.app.inject({ method: method.toUpperCase() as 'GET', url, payload: {} });
        if (response.statusCode !== 401) served.push(`${method.toUpperCase()} ${route} → ${response.statusCode}`);
      }
    }
    expect(served).toEqual([]);
  });
});
