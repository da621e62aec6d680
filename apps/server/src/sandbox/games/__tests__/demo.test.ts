import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashTimeOf, playRound, sha256Hex, type CrashOutcome, type SlotOutcome } from '@casino/games/engines';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { sandboxGamesRoutes } from '../routes.ts';
import { sandboxGameSessions } from '../tables.ts';
import { ledgerEntries } from '../../../modules/wallet/tables.ts';
import { DEFAULT_GAMES_DIST } from '../static.ts';
import { api, demoSession, launch, play, rigSeed } from './helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ GAME_MIN_SPIN_MS: '50' });
});
afterAll(async () => {
  await server?.close();
});

describe('launch', () => {
  it('refuses a call whose signature or timestamp is not the casino’s', async () => {
    const forged = await launch(server, {}, { signature: 'ab'.repeat(32) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('bad_signature');
    expect((await launch(server, {}, { signature: 'nonsense' })).statusCode).toBe(401);
    const stale = await launch(server, {}, { timestamp: Date.now() - 10 * 60_000 });
    expect(stale.statusCode).toBe(401);
  });

  it('refuses a real launch without a token, and unknown engines and currencies', async () => {
    expect((await launch(server, { mode: 'real', token: null })).statusCode).toBe(422);
    expect((await launch(server, { engine: 'poker' })).statusCode).toBe(422);
    expect((await launch(server, { currency: 'XXX' })).statusCode).toBe(422);
  });

  it('answers a game URL on this origin with a fresh session showing only the seed hash', async () => {
    const response = await launch(server, { engine: 'dice' });
    expect(response.statusCode).toBe(200);
    const { gameUrl } = response.json();
    expect(gameUrl).toMatch(/^\/sandbox\/games\/play\/[0-9a-f-]{36}$/);
    const { status, body } = await api(server, 'GET', `/sessions/${gameUrl.split('/').pop()}`);
    expect(status).toBe(200);
    expect(body.session).toMatchObject({
      engine: 'dice',
      mode: 'demo',
      currency: 'EUR',
      subunitToUnit: 100,
      balance: 100_000,
      minSpinMs: 50,
      defaultBet: 100,
    });
    expect(body.session.betLevels).toEqual([10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]);
    expect(body.session.fairness).toMatchObject({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: 0 });
    expect(JSON.stringify(body)).not.toContain('serverSeed"');
  });

  it('scales bet levels and the demo balance for a crypto currency', async () => {
    const sid = await demoSession(server, { currency: 'BTC' });
    const { body } = await api(server, 'GET', `/sessions/${sid}`);
    expect(body.session.subunitToUnit).toBe(100_000_000);
    expect(body.session.betLevels[0]).toBe(200); // 0.10 EUR ≈ 172 satoshi → 200
    expect(body.session.balance).toBe(2_000_000); // 1,000 EUR ≈ 0.0172 BTC → 0.02
  });

  it('answers 404 for an unknown session', async () => {
    expect((await api(server, 'GET', '/sessions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api(server, 'GET', '/sessions/not-a-uuid')).body.error.code).toBe('session_not_found');
    const page = await server.app.inject({
      method: 'GET',
      url: '/sandbox/games/play/00000000-0000-4000-8000-000000000000',
    });
    expect(page.statusCode).toBe(404);
  });
});

describe('demo rounds', () => {
  it('change the demo balance by win − bet and never touch the ledger', async () => {
    const ledgerCount = async () =>
      (await server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries))[0]!.n;
    const before = await ledgerCount();
    const sid = await demoSession(server, { engine: 'dice' });
    let balance = 100_000;
    for (let i = 0; i < 3; i++) {
      const { status, body } = await play(server, sid, { bet: 100, params: { target: 50, over: true } });
      expect(status).toBe(200);
      expect(body.round).toMatchObject({ nonce: i, bet: 100, settled: true });
      balance += body.round.win - 100;
      expect(body.balance).toBe(balance);
      expect(body.fairness.nonce).toBe(i + 1);
    }
    expect((await api(server, 'GET', `/sessions/${sid}`)).body.session.balance).toBe(balance);
    expect(await ledgerCount()).toBe(before);
  });

  it('refuses a bet that is no bet level, bad params, and more than the demo balance', async () => {
    const sid = await demoSession(server, { engine: 'dice' });
    const off = await play(server, sid, { bet: 123, params: { target: 50, over: true } });
    expect(off.status).toBe(422);
    expect(off.body.error.code).toBe('invalid_bet');
    expect((await play(server, sid, { bet: 100, params: { target: 99.5, over: true } })).body.error.code).toBe(
      'invalid_bet',
    );
    expect((await play(server, sid, { bet: 1.5, params: {} })).status).toBe(422);

    const rich = await demoSession(server, { engine: 'roulette' });
    const chips = Array.from({ length: 11 }, () => ({ type: 'red', amount: 10_000 }));
    const tooMuch = await play(server, rich, { bet: 110_000, params: { bets: chips } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('invalid_bet'); // over the highest level

    await server.ctx.db.update(sandboxGameSessions).set({ balance: 50 }).where(eq(sandboxGameSessions.id, sid));
    const broke = await play(server, sid, { bet: 100, params: { target: 50, over: true } });
    expect(broke.status).toBe(422);
    expect(broke.body.error).toMatchObject({ code: 15001, balance: 50, currency: 'EUR' });
  });

  it('enforces the minimum spin duration between round starts, then plays again', async () => {
    // Longer than the file's 50 ms for this test: the embedded database blocks the event loop, and a
    // loaded machine would otherwise blur which request came "too fast".
    server.ctx.config.game.minSpinMs = 1500;
    try {
      const sid = await demoSession(server, { engine: 'dice' });
      const body = { bet: 100, params: { target: 50, over: false } };
      expect((await api(server, 'POST', `/sessions/${sid}/rounds`, body)).status).toBe(200);
      const refused = await api(server, 'POST', `/sessions/${sid}/rounds`, body);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('too_fast');
      const wait = refused.body.error.retryAfterMs as number;
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(1500);
      // A refused start does not count as a round start.
      await sleep(wait + 10);
      const again = await api(server, 'POST', `/sessions/${sid}/rounds`, body);
      expect(again.status).toBe(200);
      expect(again.body.round.nonce).toBe(1);
    } finally {
      server.ctx.config.game.minSpinMs = 50;
    }
  });

  it('is provably fair: the hash shown before equals sha256 of the seed revealed after, and the outcome recomputes', async () => {
    const sid = await demoSession(server, { engine: 'roulette' });
    const before = (await api(server, 'GET', `/sessions/${sid}`)).body.session.fairness;
    const params = {
      bets: [
        { type: 'straight', value: 7, amount: 50 },
        { type: 'odd', amount: 100 },
      ],
    };
    const first = await play(server, sid, { bet: 150, params });
    const second = await play(server, sid, { bet: 150, params });
    expect(second.body.round.nonce).toBe(1);

    // Before rotation the history keeps the seed secret.
    const hidden = await api(server, 'GET', `/sessions/${sid}/rounds?limit=5`);
    expect(hidden.body.rounds.map((r: { revealedServerSeed: string | null }) => r.revealedServerSeed)).toEqual([
      null,
      null,
    ]);

    const rotated = await api(server, 'POST', `/sessions/${sid}/seeds`, { clientSeed: 'my-own-seed' });
    expect(rotated.status).toBe(200);
    const { revealed, fairness } = rotated.body;
    expect(revealed).toMatchObject({
      serverSeedHash: before.serverSeedHash,
      clientSeed: before.clientSeed,
      lastNonce: 1,
    });
    expect(await sha256Hex(revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(fairness).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    expect(fairness.serverSeedHash).not.toBe(before.serverSeedHash);

    for (const round of [first.body.round, second.body.round]) {
      const recomputed = await playRound(
        'roulette',
        { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: round.nonce },
        150,
        params as never,
      );
      expect(recomputed).toEqual(round.outcome);
    }
    const history = await api(server, 'GET', `/sessions/${sid}/rounds?limit=5`);
    expect(history.body.rounds).toHaveLength(2);
    expect(history.body.rounds[0]).toMatchObject({
      id: second.body.round.id,
      nonce: 1,
      revealedServerSeed: revealed.serverSeed,
      serverSeedHash: before.serverSeedHash,
    });

    // The next round uses the new pair.
    const third = await play(server, sid, { bet: 150, params });
    expect(third.body.fairness).toMatchObject({ clientSeed: 'my-own-seed', nonce: 1 });
    expect((await api(server, 'POST', `/sessions/${sid}/seeds`, { clientSeed: 'a:b' })).status).toBe(422);
  });
});

describe('crash', () => {
  it('pays a cash-out made before the crash, at the multiplier of that moment', async () => {
    const sid = await demoSession(server, { engine: 'crash' });
    await rigSeed(server, sid, 'crash', (o) => (o as CrashOutcome).crashPoint >= 5);
    const started = await play(server, sid, { bet: 1000, params: {} });
    expect(started.status).toBe(200);
    expect(started.body.round).toMatchObject({ settled: false, outcome: null, win: 0 });
    expect(started.body.balance).toBe(99_000);
    const info = await api(server, 'GET', `/sessions/${sid}`);
    expect(info.body.session.state.openRound).toMatchObject({ id: started.body.round.id, bet: 1000 });
    // Another round cannot start while this one runs.
    expect((await play(server, sid, { bet: 1000, params: {} })).body.error.code).toBe('round_open');

    await sleep(crashTimeOf(1.05) + 20);
    const cashed = await api(server, 'POST', `/sessions/${sid}/rounds/${started.body.round.id}/cashout`);
    expect(cashed.status).toBe(200);
    const outcome = cashed.body.round.outcome as CrashOutcome;
    expect(cashed.body.round.settled).toBe(true);
    expect(outcome.crashPoint).toBeGreaterThanOrEqual(5);
    expect(outcome.cashedOutAt).toBeGreaterThanOrEqual(1.05);
    expect(outcome.cashedOutAt).toBeLessThan(2);
    expect(cashed.body.round.win).toBe(Math.floor(1000 * outcome.cashedOutAt!));
    expect(cashed.body.balance).toBe(99_000 + cashed.body.round.win);
    // A second click changes nothing.
    expect((await api(server, 'POST', `/sessions/${sid}/rounds/${started.body.round.id}/cashout`)).body.round.win).toBe(
      cashed.body.round.win,
    );
  });

  it('pays nothing for a cash-out after the crash', async () => {
    const sid = await demoSession(server, { engine: 'crash' });
    await rigSeed(server, sid, 'crash', (o) => (o as CrashOutcome).crashPoint <= 1.03);
    const started = await play(server, sid, { bet: 1000, params: {} });
    await sleep(crashTimeOf(1.03) + 30);
    const late = await api(server, 'POST', `/sessions/${sid}/rounds/${started.body.round.id}/cashout`);
    expect(late.status).toBe(200);
    expect(late.body.round).toMatchObject({ settled: true, win: 0, outcome: { cashedOutAt: null } });
    expect(late.body.balance).toBe(99_000);
  });

  it('settles an auto cash-out by itself', async () => {
    const sid = await demoSession(server, { engine: 'crash' });
    await rigSeed(server, sid, 'crash', (o) => (o as CrashOutcome).crashPoint >= 2);
    const started = await play(server, sid, { bet: 1000, params: { autoCashout: 1.02 } });
    await sleep(crashTimeOf(1.02) + 50);
    const round = await api(server, 'GET', `/sessions/${sid}/rounds/${started.body.round.id}`);
    expect(round.body.round).toMatchObject({ settled: true, win: 1020, outcome: { cashedOutAt: 1.02 } });
    expect(round.body.balance).toBe(100_020);
  });
});

describe('slot free spins', () => {
  it('awards free spins that cost nothing, pay on the triggering bet, and count down', async () => {
    const sid = await demoSession(server, { engine: 'slot' });
    const trigger = (await rigSeed(
      server,
      sid,
      'slot',
      (o) => (o as SlotOutcome).freeSpinsAwarded > 0,
      200,
    )) as SlotOutcome;
    const first = await play(server, sid, { bet: 200, params: {} });
    expect(first.body.round.outcome).toEqual(trigger);
    expect(first.body.freeSpinsLeft).toBe(10);
    expect(first.body.balance).toBe(100_000 - 200 + trigger.totalWin);
    const info = await api(server, 'GET', `/sessions/${sid}`);
    expect(info.body.session.state).toMatchObject({ freeSpinsLeft: 10, freeSpinsBet: 200 });

    expect((await play(server, sid, { bet: 200, params: {} })).body.error.code).toBe('invalid_bet');
    let balance = first.body.balance as number;
    let left = 10;
    while (left > 0) {
      const spin = await play(server, sid, { bet: 0, params: {} });
      expect(spin.status).toBe(200);
      expect(spin.body.round).toMatchObject({ bet: 0, isFreeSpin: true, outcome: { isFreeSpin: true } });
      left = left - 1 + spin.body.round.outcome.freeSpinsAwarded;
      balance += spin.body.round.win;
      expect(spin.body.freeSpinsLeft).toBe(left);
      expect(spin.body.balance).toBe(balance);
    }
    // Paid spins again.
    expect((await play(server, sid, { bet: 0, params: {} })).status).toBe(422);
    expect((await play(server, sid, { bet: 200, params: {} })).status).toBe(200);
  });
});

describe('HTTP boundary', () => {
  it('lets the sandboxed (opaque-origin) game frame call the API: CORS and CORP on every response, preflight answered', async () => {
    const sid = await demoSession(server);
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: `/sandbox/games/api/sessions/${sid}/rounds`,
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');

    for (const url of [
      `/sandbox/games/api/sessions/${sid}`,
      '/sandbox/games/api/sessions/nope',
      `/sandbox/games/play/${sid}`,
      '/sandbox/games/assets/x.js',
    ]) {
      const response = await server.app.inject({ method: 'GET', url, headers: { origin: 'null' } });
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
    }
    // The provider's paths answer for themselves; the casino's keep their own 404 and headers.
    expect((await server.app.inject({ method: 'GET', url: '/sandbox/games/nope' })).json().error.code).toBe(
      'not_found',
    );
    const casino404 = await server.app.inject({ method: 'GET', url: '/api/nope' });
    expect(casino404.json().error.code).toBe(404);
    expect(casino404.headers['access-control-allow-origin']).toBeUndefined();
    expect(casino404.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('serves the built game page of the session’s engine, the verify page and hashed assets (503 without a build)', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'games-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'crash.html'),
      '<!doctype html><title>Crash</title><script>window.x=1</script><script type="module" src="/sandbox/games/assets/crash-abc.js"></script>',
    );
    fs.writeFileSync(path.join(dist, 'verify.html'), '<!doctype html><title>Verify</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'crash-abc.js'), 'console.log(1)');
    const bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    await bare.register(sandboxGamesRoutes(server.ctx, { distDir: dist }), { prefix: '/sandbox/games' });
    try {
      const sid = await demoSession(server, { engine: 'crash' });
      const page = await bare.inject({ method: 'GET', url: `/sandbox/games/play/${sid}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<title>Crash</title>');
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect((await bare.inject({ method: 'GET', url: '/sandbox/games/verify' })).body).toContain('Verify');
      const asset = await bare.inject({ method: 'GET', url: '/sandbox/games/assets/crash-abc.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toContain('javascript');
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await bare.inject({ method: 'GET', url: '/sandbox/games/assets/..%2Fcrash.html' })).statusCode).toBe(404);
      expect((await bare.inject({ method: 'GET', url: '/sandbox/games/assets/missing.js' })).statusCode).toBe(404);
    } finally {
      await bare.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }

    const missing = Fastify();
    missing.setValidatorCompiler(validatorCompiler);
    missing.setSerializerCompiler(serializerCompiler);
    await missing.register(sandboxGamesRoutes(server.ctx, { distDir: path.join(os.tmpdir(), 'no-such-games-dist') }), {
      prefix: '/sandbox/games',
    });
    const sid = await demoSession(server);
    const notBuilt = await missing.inject({ method: 'GET', url: `/sandbox/games/play/${sid}` });
    expect(notBuilt.statusCode).toBe(503);
    expect(notBuilt.body).toContain('npm run build');
    await missing.close();

    // The app itself serves packages/games/dist when it has been built.
    const built = fs.existsSync(path.join(DEFAULT_GAMES_DIST, 'slot.html'));
    const real = await server.app.inject({ method: 'GET', url: `/sandbox/games/play/${sid}` });
    expect(real.statusCode).toBe(built ? 200 : 503);
  });
});
