import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SPORTSBOOK_GAME_IDENTITY, sportsbookLaunchBodySchema } from '@casino/contracts';
import { verifyCall } from '../../../lib/signing.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { authHeader } from '../../wallet/__tests__/factories.ts';
import { fundedPlayer, signedRequest } from '../../game/__tests__/play-fixtures.ts';
import { gameSessions } from '../../game/play/tables.ts';
import { addRestriction, setStakeRule } from '../risk.ts';
import { sportsbookRestrictions, sportsbookStakeRule } from '../tables.ts';
import { eq } from 'drizzle-orm';

/** A stand-in sportsbook provider: checks the signature, keeps each launch body, answers a client URL. */
let provider: http.Server;
let providerUrl: string;
const launches: { body: Record<string, unknown>; signed: boolean }[] = [];
let server: TestServer;

beforeAll(async () => {
  provider = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      let signed = true;
      try {
        verifyCall(
          server.ctx.gameWalletSecret,
          { method: request.method!, path: request.url!, body: raw },
          {
            signature: request.headers['x-signature'] as string | undefined,
            requestId: request.headers['x-request-id'] as string | undefined,
          },
        );
      } catch {
        signed = false;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      launches.push({ body, signed });
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ gameUrl: `${providerUrl}/client/${body.mode}?path=${encodeURIComponent(String(body.path))}` }),
      );
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/books`;
  server = await createTestServer({
    PUBLIC_URL: 'https://casino.example/',
    SPORTSBOOK_CLIENT_HOST: providerUrl,
    SPORTSBOOK_CLIENT_ID: 'operator-7',
  });
});
afterAll(async () => {
  await server?.close();
  provider?.close();
});

const play = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: `/api/game/games/${SPORTSBOOK_GAME_IDENTITY}/play`,
    headers: { 'cf-ipcountry': 'DE', ...headers },
    payload: body,
  });

describe('launching the sportsbook', () => {
  it('a guest browses: a signed demo launch without a token, at the path asked', async () => {
    launches.length = 0;
    const response = await play({ demoMode: true, path: '/events/fb-123', locale: 'de' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.gameUrl).toBe(`${providerUrl}/client/demo?path=%2Fevents%2Ffb-123`);
    expect(launches).toHaveLength(1);
    expect(launches[0]!.signed).toBe(true);
    expect(sportsbookLaunchBodySchema.parse(launches[0]!.body)).toMatchObject({
      mode: 'demo',
      token: null,
      clientId: 'operator-7',
      currency: 'EUR',
      locale: 'de',
      parentOrigin: 'https://casino.example',
      path: '/events/fb-123',
    });
    // A guest cannot bet.
    expect((await play({ demoMode: false })).statusCode).toBe(401);
  });

  it('a player gets a real session on the account (token, player id, currency); no recently-played entry', async () => {
    launches.length = 0;
    const { player } = await fundedPlayer(server.ctx.db, 5_000n, 'EUR');
    const headers = await authHeader(server.ctx, player.id);
    const response = await play({ demoMode: false }, headers);
    expect(response.statusCode, response.body).toBe(200);
    const { token } = response.json().data;
    expect(launches[0]!.body).toMatchObject({ mode: 'real', token, playerId: player.id, currency: 'EUR', path: '/' });
    const [session] = await server.ctx.db.select().from(gameSessions).where(eq(gameSessions.token, token));
    expect(session).toMatchObject({ playerId: player.id, country: 'DE', closedAt: null });
    const played = await server.app.inject({ method: 'GET', url: '/api/game/games/played', headers });
    expect(played.json().data).toEqual([]);
  });

  it('tells the client the casino’s rules: the maximums in the launch’s currency (rounded down) and the country’s restrictions', async () => {
    launches.length = 0;
    // No rule yet: the client is told no stake is taken (the wallet refuses every ticket).
    const none = await play({ demoMode: true });
    expect(none.statusCode, none.body).toBe(200);
    expect(launches[0]!.body.rules).toEqual({ maxStake: 0, maxEventStake: 0, restricted: { sports: [], events: [] } });

    await setStakeRule(server.ctx.db, { maxBetMinor: 2_000n, maxEventMinor: 100_000n });
    await addRestriction(server.ctx.db, { country: 'DE', kind: 'sport', ref: 'tennis' });
    await addRestriction(server.ctx.db, { country: '*', kind: 'event', ref: 'fb-1000' });
    await addRestriction(server.ctx.db, { country: 'AT', kind: 'event', ref: 'fb-1005' });
    onTestFinished(async () => {
      await server.ctx.db.delete(sportsbookStakeRule);
      await server.ctx.db.delete(sportsbookRestrictions);
    });
    launches.length = 0;
    const { player, account } = await fundedPlayer(server.ctx.db, 100_000_000n, 'BTC');
    const real = await play({ demoMode: false, accountId: account.id }, await authHeader(server.ctx, player.id));
    expect(real.statusCode, real.body).toBe(200);
    const rules = sportsbookLaunchBodySchema.parse(launches[0]!.body).rules;
    // 20 € at 58,000 €/BTC: 34,482.75… satoshi → 34,482; 1,000 € → 1,724,137.
    expect(rules).toEqual({
      maxStake: 34_482,
      maxEventStake: 1_724_137,
      restricted: { sports: ['tennis'], events: ['fb-1000'] },
    });
    // A guest from Austria browses in EUR with Austria's restrictions.
    launches.length = 0;
    expect((await play({ demoMode: true }, { 'cf-ipcountry': 'AT' })).statusCode).toBe(200);
    expect(launches[0]!.body.rules).toEqual({
      maxStake: 2_000,
      maxEventStake: 100_000,
      restricted: { sports: [], events: ['fb-1000', 'fb-1005'] },
    });
  });

  it('refuses a path outside the client with 422', async () => {
    for (const path of ['https://evil.example/', '//evil.example', 'events', '/a b', '/\\x']) {
      const response = await play({ demoMode: true, path });
      expect(response.statusCode, path).toBe(422);
    }
  });

  it('answers 404 when no sportsbook is configured, and 502 when the provider fails', async () => {
    const config = server.ctx.config as { sportsbook: unknown };
    const saved = config.sportsbook;
    onTestFinished(() => void (config.sportsbook = saved));
    config.sportsbook = { sandbox: false, host: 'http://127.0.0.1:1', clientId: 'x' };
    const down = await play({ demoMode: true });
    expect(down.statusCode).toBe(502);
    expect(down.json().error.code).toBe(14310);
    config.sportsbook = null;
    expect((await play({ demoMode: true })).statusCode).toBe(404);
  });

  it('the sandbox games provider refuses to launch the sportsbook (422)', async () => {
    const launch = {
      mode: 'demo',
      token: null,
      gameIdentity: SPORTSBOOK_GAME_IDENTITY,
      gameName: 'Sportsbook',
      engine: 'sportsbook',
      currency: 'EUR',
      locale: 'en',
      lobbyUrl: '/',
      platform: 2,
      volatility: 'low',
      paylines: 0,
    };
    const { raw, headers } = signedRequest(server.ctx.gameWalletSecret, launch, { path: '/sandbox/games/api/launch' });
    const response = await server.app.inject({
      method: 'POST',
      url: '/sandbox/games/api/launch',
      headers,
      payload: raw,
    });
    expect(response.statusCode, response.body).toBe(422);
  });
});

describe('the sportsbook is no game of the lobby', () => {
  it('is in no listing, search, studio list or sitemap, and its studio is not found', async () => {
    const get = (url: string) => server.app.inject({ method: 'GET', url });
    const search = (await get('/api/game/games?name=sportsbook&perPage=100')).json();
    expect(search.data.map((g: { identity: string }) => g.identity)).not.toContain(SPORTSBOOK_GAME_IDENTITY);
    expect((await get(`/api/game/games?identity[]=${SPORTSBOOK_GAME_IDENTITY}`)).json().data).toEqual([]);
    const providers = (await get('/api/game/providers')).json().data as { identity: string }[];
    expect(providers.map((p) => p.identity)).not.toContain('sportsbook');
    expect((await get('/api/game/providers/sportsbook')).statusCode).toBe(404);
    const games = (await get('/api/game/games?perPage=1')).json().meta.totalRows;
    expect(providers.reduce((sum, p) => sum + (p as unknown as { gameEnabledCount: number }).gameEnabledCount, 0)).toBe(
      games,
    );
  });
});
