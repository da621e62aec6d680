import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { toHttpError } from '../lib/errors.ts';
import { createTestServer, PRODUCTION_ENV, type TestServer } from '../test/server.ts';
import { registerBody } from '../modules/player/__tests__/helpers.ts';

/** What a client without a login can send at the edge, and what it must get back: never a 5xx. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('text PostgreSQL cannot store (NUL, lone surrogates)', () => {
  it('in a path or query parameter is a 422', async () => {
    for (const url of [
      '/api/game/games/a%00b',
      '/api/game/spins/winners?countryCode=%00%00',
      '/api/game/games?name=%00',
      '/api/game/providers/%ED%A0%80',
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.statusCode, url).not.toBe(200);
      expect(response.json().error.code, url).toBeGreaterThanOrEqual(400);
    }
  });

  it('in a body is a 422 naming the field', async () => {
    for (const [field, value] of [
      ['nickname', 'a\u0000b'],
      ['fingerprint', '\ud800'],
      ['affiliateTag', 'x\udfff'],
    ] as const) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/player/register',
        payload: registerBody({ [field]: value }),
      });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().error.fields, field).toHaveProperty(field);
    }
    for (const body of [{ locale: '\u0000' }, { lobbyUrl: '/\ud800' }]) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/game/games/anything/play',
        payload: { demoMode: true, ...body },
      });
      expect(response.statusCode).toBe(422);
    }
  });

  it('that still reaches the database is answered 422 by the edge, never 500', () => {
    const invalidInput = Object.assign(new Error('Failed query: … params: …'), {
      cause: Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' }),
    });
    expect(toHttpError(invalidInput)).toMatchObject({ status: 422, unexpected: false });
    const tooLargeToIndex = Object.assign(new Error('index row size exceeds maximum'), { code: '54000' });
    expect(toHttpError(tooLargeToIndex).status).toBe(422);
    expect(toHttpError(new Error('bug')).status).toBe(500);
  });
});

describe('headers too large', () => {
  it('answer 431 in the error envelope and say the connection closes', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as net.AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({
      error: { code: 431, message: 'The request headers are too large' },
    });
  });
});

describe('the country of a visitor', () => {
  const countryOf = async (target: TestServer, headers: Record<string, string>) =>
    (await target.app.inject({ method: 'GET', url: '/api/player/init', headers })).json().data as {
      country: string;
      restricted: boolean;
    };

  it('comes from the CDN header only behind a trusted proxy or with the CDN secret', async () => {
    const open = await createTestServer({ TRUST_PROXY: '0' });
    const secret = 'cdn-secret-cdn-secret-0001';
    const withSecret = await createTestServer({ TRUST_PROXY: '0', GEO_HEADER_SECRET: secret });
    try {
      // Any client can send the header: without trust it is ignored (outside production: the default country).
      expect(await countryOf(open, { 'cf-ipcountry': 'ES' })).toMatchObject({ country: 'DE', restricted: false });
      expect(await countryOf(withSecret, { 'cf-ipcountry': 'ES' })).toMatchObject({ country: 'DE' });
      expect(await countryOf(withSecret, { 'cf-ipcountry': 'ES', 'x-geo-secret': 'guess-guess-guess' })).toMatchObject({
        country: 'DE',
      });
      expect(await countryOf(withSecret, { 'cf-ipcountry': 'ES', 'x-geo-secret': secret })).toMatchObject({
        country: 'ES',
        restricted: true,
      });
      // The test servers stand behind a trusted proxy.
      expect(await countryOf(server, { 'cf-ipcountry': 'ES' })).toMatchObject({ country: 'ES', restricted: true });
    } finally {
      await open.close();
      await withSecret.close();
    }
    // Two servers of its own: under a loaded full run their start alone took a minute.
  }, 120_000);

  it('is unknown, and restricted, in production when the header is missing', async () => {
    const production = await createTestServer(PRODUCTION_ENV);
    try {
      expect(await countryOf(production, {})).toEqual(expect.objectContaining({ country: 'XX', restricted: true }));
      expect(await countryOf(production, { 'cf-ipcountry': 'XX' })).toMatchObject({ restricted: true });
      expect(await countryOf(production, { 'cf-ipcountry': 'SE' })).toMatchObject({ country: 'SE', restricted: false });
    } finally {
      await production.close();
    }
  });

  it('production refuses to start without a way to trust the header', () => {
    const { TRUST_PROXY: _, ...base } = PRODUCTION_ENV;
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig(base)).toThrow(/GEO_HEADER_SECRET or TRUST_PROXY/);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).production).toBe(true);
    expect(loadConfig({ ...base, GEO_HEADER_SECRET: 's'.repeat(20) }).geoHeaderSecret).toBe('s'.repeat(20));
  });

  it('production refuses to start without an SMTP server: reset links must reach a real inbox', () => {
    const { SMTP_URL: _, ...base } = PRODUCTION_ENV;
    expect(() => loadConfig(base)).toThrow(/SMTP_URL/);
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://user:pass@mail.example:465' }).mail.smtpUrl).toBe(
      'smtps://user:pass@mail.example:465',
    );
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });

  it('production has no sandbox sign-in provider: social sign-in is Auth0 or nothing', () => {
    const base = PRODUCTION_ENV;
    expect(loadConfig(base).social).toBeNull();
    expect(
      loadConfig({ ...base, SOCIAL_DOMAIN: 'https://casino.eu.auth0.com/', SOCIAL_CLIENT_ID: 'abc' }).social,
    ).toEqual({
      sandbox: false,
      domain: 'https://casino.eu.auth0.com',
      clientId: 'abc',
      connections: ['google-oauth2', 'apple'],
    });
    expect(loadConfig({}).social).toMatchObject({ sandbox: true, domain: 'http://localhost:3000/sandbox/oidc' });
  });
});

describe('security headers', () => {
  it('are on every answer, the same each time', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/api/health' });
    const second = await server.app.inject({ method: 'GET', url: '/api/settings/locales' });
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options']) {
      expect(first.headers[name], name).toBeTruthy();
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(first.headers['x-powered-by']).toBeUndefined();
  });
});

describe('pages', () => {
  it('are the app for any client (curl, a probe, HEAD); only /api and /media answer JSON 404s', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    const web = await createTestServer({ WEB_DIST: dist });
    try {
      for (const [method, url, accept] of [
        ['GET', '/', undefined],
        ['HEAD', '/', undefined],
        ['GET', '/categories/slots', '*/*'],
        ['GET', '/de/profile', 'application/json'],
      ] as const) {
        const response = await web.app.inject({ method, url, headers: accept ? { accept } : {} });
        expect(response.statusCode, `${method} ${url}`).toBe(200);
        expect(response.headers['content-type'], url).toContain('text/html');
      }
      // Unknown page paths get the app (its 404 page) with a real 404, not a soft 200.
      for (const url of ['/no-such-page', '/de/static', '/zz/profile', '/profile/nope', '/verify', '/games/x/']) {
        const response = await web.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('text/html');
      }
      for (const url of ['/static/terms', '/pt-br/questions/wagering', '/verify/abc', '/de']) {
        expect((await web.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
      // A remembered language applies to unprefixed pages on the next visit, with the query kept.
      for (const [url, cookie, location] of [
        ['/', 'user-language=de', '/de'],
        ['/categories/slots?sort=name', 'stag=x; user-language=pt-br', '/pt-br/categories/slots?sort=name'],
        ['/', 'user-language=en', null],
        ['/', 'user-language=zz', null],
        ['/de/bonuses', 'user-language=pt-br', null],
        ['/auth/callback?code=1', 'user-language=de', null],
        ['/verify/abc', 'user-language=de', null],
        ['/no-such-page', 'user-language=de', null],
        // Never a redirect off the site, whatever the path or cookie holds.
        ['//evil.example/', 'user-language=de', null],
        ['/', 'user-language=de/../..//evil.example', '/de'],
      ] as const) {
        const response = await web.app.inject({ method: 'GET', url, headers: { cookie } });
        expect([response.statusCode, response.headers.location ?? null], `${url} ${cookie}`).toEqual(
          location ? [302, location] : [url === '/no-such-page' || url.startsWith('//') ? 404 : 200, null],
        );
      }
      for (const url of ['/api/nope', '/media/v1/nope/x.svg']) {
        const response = await web.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe(404);
      }
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
