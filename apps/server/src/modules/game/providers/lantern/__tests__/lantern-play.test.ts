import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { hubSignature } from '../../../../../lib/hub-signature.ts';
import { signCall } from '../../../../../lib/signing.ts';
import { sandboxGameSessions } from '../../../../../sandbox/games/tables.ts';
import { createTestServer, opsCall, type TestServer } from '../../../../../test/server.ts';
import { authHeader, createPlayer } from '../../../../wallet/__tests__/factories.ts';
import { credit } from '../../../../wallet/index.ts';
import { ledgerEntries, walletAccounts } from '../../../../wallet/tables.ts';
import { seedLanternGames } from '../../../catalogue/seed/lantern-games.ts';
import { gameRounds, gameSessions } from '../../../play/tables.ts';
import { createGame, txId, walletCall } from '../../../__tests__/play-fixtures.ts';

/**
 * A Lantern game played for real over HTTP: the casino launches it on the sandbox Lantern (its launch
 * protocol), the game UI plays on the sandbox game server's engines, and the money moves through Lantern's
 * wallet protocol. The two sandbox parties keep their sessions apart.
 */
let server: TestServer;
let base: string;
// Answers are read loosely in tests; the assertions are the type check.
// oxlint-disable-next-line typescript/no-explicit-any
type Json = Record<string, any>;

beforeAll(async () => {
  server = await createTestServer({ GAME_MIN_SPIN_MS: '0' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
  await seedLanternGames(server.ctx.db);
});
afterAll(async () => {
  await server?.close();
});

async function launchReal(identity: string, amount = '100.00', existing?: { id: string }) {
  const player = existing ?? (await createPlayer(server.ctx.db));
  const credited = await credit(server.ctx.db, {
    playerId: player.id,
    amount,
    currency: 'EUR',
    idempotencyKey: `test:${randomUUID()}`,
    reason: 'test',
  });
  const response = await fetch(`${base}/api/game/games/${encodeURIComponent(identity)}/play`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await authHeader(server.ctx, player.id)) },
    body: JSON.stringify({ demoMode: false, accountId: credited.account.id, platform: 1 }),
  });
  const body = (await response.json()) as Json;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return { gameUrl: body.data.gameUrl as string, accountId: credited.account.id, player };
}

async function ui(party: string, method: 'GET' | 'POST', url: string, body?: Json) {
  const response = await fetch(`${base}/sandbox/${party}/api${url}`, {
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const balanceOf = async (accountId: string) =>
  Number((await server.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId)))[0]!.realBalance);

describe('a Lantern game for real', () => {
  it('launches on the sandbox Lantern and plays a round whose money goes through the Lantern wallet', async () => {
    const { gameUrl, accountId, player } = await launchReal('lantern-festival-reels');
    expect(gameUrl).toMatch(/^\/sandbox\/lantern\/play\/[0-9a-f-]{36}$/);
    const sid = gameUrl.split('/').pop()!;
    const [session] = await server.ctx.db.select().from(sandboxGameSessions).where(eq(sandboxGameSessions.id, sid));
    expect(session).toMatchObject({
      party: 'lantern',
      mode: 'real',
      engine: 'slot',
      playerRef: player.id,
      platform: 1,
    });

    const info = await ui('lantern', 'GET', `/sessions/${sid}`);
    expect(info.body.session).toMatchObject({
      mode: 'real',
      currency: 'EUR',
      balance: 10_000,
      gameName: 'Lantern Festival Reels',
    });
    const { status, body } = await ui('lantern', 'POST', `/sessions/${sid}/rounds`, { bet: 100 });
    expect(status, JSON.stringify(body)).toBe(200);
    const expected = 10_000 - 100 + body.round.win;
    expect(body.balance).toBe(expected);
    expect(await balanceOf(accountId)).toBe(expected);

    const entries = await server.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, accountId), like(ledgerEntries.idempotencyKey, 'game:%')));
    expect(entries.every((e) => e.idempotencyKey.startsWith('game:lantern:'))).toBe(true);
    expect(entries.map((e) => e.kind).sort()).toEqual(body.round.win > 0 ? ['bet', 'win'] : ['bet']);
    const [round] = await server.ctx.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.providerRoundId, `lantern:${body.round.id}`));
    // A spin that awards free spins keeps its wallet round open until they are played (the slot's RNG
    // decides: the full run once drew it); any other closes with its win.
    const spinsAwarded = body.freeSpinsLeft > 0;
    expect(round).toMatchObject({ closed: !spinsAwarded, betMinor: 100n, winMinor: BigInt(body.round.win) });
  });

  it('plays no free spins granted through the native provider: a stake is not locked behind them', async () => {
    const player = await createPlayer(server.ctx.db);
    const grant = JSON.stringify({
      grantId: randomUUID(),
      playerId: player.id,
      gameIdentity: 'lantern-harbour-lights',
      currency: 'EUR',
      count: 5,
      stake: 20,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const granted = await server.app.inject({
      method: 'POST',
      url: '/sandbox/games/api/freespins',
      headers: {
        'content-type': 'application/json',
        ...signCall(server.ctx.gameWalletSecret, { method: 'POST', path: '/sandbox/games/api/freespins', body: grant }),
      },
      payload: grant,
    });
    expect(granted.statusCode).toBe(200);
    const { gameUrl } = await launchReal('lantern-harbour-lights', '10.00', player);
    const sid = gameUrl.split('/').pop()!;
    expect((await ui('lantern', 'GET', `/sessions/${sid}`)).body.session.state.freeSpinGrant).toBeNull();
    expect((await ui('lantern', 'POST', `/sessions/${sid}/rounds`, { bet: 100 })).status).toBe(200);
  });

  it('takes no free-spins bonus from the operator: its grants would never be played', async () => {
    const define = (game: string) =>
      opsCall(server, 'bonus', {
        action: 'create',
        definition: {
          name: `Spins on ${game}`,
          type: 3,
          amounts: { EUR: 0 },
          freespins: { count: 5, game, stakes: { EUR: 20 } },
          wagerMultiplier: 1,
        },
      });
    const refused = await define('lantern-harbour-lights');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/^Free spins cannot be granted on .+: its aggregator's free spins/);
    const native = await createGame(server.ctx.db);
    expect((await define(native.identity)).statusCode).toBe(200);
  });

  it('answers insufficient funds in the game, as the sandbox provider does', async () => {
    const { gameUrl, accountId } = await launchReal('lantern-firefly-dice', '0.50');
    const sid = gameUrl.split('/').pop()!;
    const refused = await ui('lantern', 'POST', `/sessions/${sid}/rounds`, {
      bet: 100,
      params: { target: 50, over: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 15001, balance: 50, currency: 'EUR' });
    expect(await balanceOf(accountId)).toBe(50);
  });

  it('keeps the two sandbox parties apart: neither serves or plays the other one’s session', async () => {
    const { gameUrl } = await launchReal('lantern-harbour-lights');
    const sid = gameUrl.split('/').pop()!;
    expect((await ui('games', 'GET', `/sessions/${sid}`)).status).toBe(404);
    expect((await ui('games', 'POST', `/sessions/${sid}/rounds`, { bet: 100 })).status).toBe(404);
    expect((await fetch(`${base}/sandbox/games/play/${sid}`)).status).toBe(404);
    expect((await fetch(`${base}/sandbox/lantern/play/${sid}`)).status).not.toBe(404);

    // A game of the native aggregator still launches on the sandbox provider.
    const native = await createGame(server.ctx.db);
    const nativeLaunch = await launchReal(native.identity);
    expect(nativeLaunch.gameUrl).toMatch(/^\/sandbox\/games\/play\//);
    const nativeSid = nativeLaunch.gameUrl.split('/').pop()!;
    expect((await ui('lantern', 'GET', `/sessions/${nativeSid}`)).status).toBe(404);
  });

  it("refuses a Lantern session's token on the native wallet route, signed as the native provider signs", async () => {
    const { accountId, player } = await launchReal('lantern-harbour-lights');
    const [session] = await server.ctx.db
      .select({ token: gameSessions.token })
      .from(gameSessions)
      .where(eq(gameSessions.playerId, player.id));
    expect(session!.token).toMatch(/^lantern_/);
    const bet = await walletCall(server, 'bet', {
      token: session!.token,
      transactionId: txId('cross'),
      roundId: txId('cross-round'),
      gameIdentity: 'lantern-harbour-lights',
      amount: 1_000,
      currency: 'EUR',
    });
    expect(bet.body.error).toMatchObject({ code: 15011, message: 'Unknown game session token' });
    expect((await walletCall(server, 'balance', { token: session!.token })).body.error?.code).toBe(15011);
    expect(await balanceOf(accountId)).toBe(10_000);
    // A native game's session still plays on the native route.
    const native = await createGame(server.ctx.db);
    const own = await launchReal(native.identity);
    const [nativeSession] = await server.ctx.db
      .select({ token: gameSessions.token })
      .from(gameSessions)
      .where(eq(gameSessions.playerId, own.player.id));
    expect(nativeSession!.token).not.toMatch(/^lantern_/);
    expect((await walletCall(server, 'balance', { token: nativeSession!.token })).status).toBe(200);
  });
});

describe("the sandbox Lantern's launch", () => {
  const launchBody = () => ({
    game_id: 'lantern-festival-reels',
    mode: 'demo',
    session_id: null,
    player_id: null,
    currency: 'EUR',
    language: 'en',
    lobby_url: '/',
    device: 'desktop',
    timestamp: Math.floor(Date.now() / 1000),
  });
  const post = (raw: string, headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/sandbox/lantern/api/launch',
      headers: { 'content-type': 'application/json', ...headers },
      payload: raw,
    });

  it("takes only Lantern's signature, and only its own games", async () => {
    const raw = JSON.stringify(launchBody());
    const secret = server.ctx.aggregatorSecrets.lantern!.current;
    const ok = await post(raw, { 'x-hub-signature': hubSignature(secret, raw) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'OK', url: expect.stringMatching(/^\/sandbox\/lantern\/play\//) });

    expect((await post(raw, {})).json()).toMatchObject({ status: 'INVALID_SIGNATURE' });
    expect((await post(raw, { 'x-hub-signature': hubSignature(server.ctx.gameWalletSecret, raw) })).statusCode).toBe(
      401,
    );
    // The native launch's signature is not Lantern's.
    const native = signCall(server.ctx.gameWalletSecret, {
      method: 'POST',
      path: '/sandbox/lantern/api/launch',
      body: raw,
    });
    expect((await post(raw, native)).statusCode).toBe(401);

    const other = JSON.stringify({ ...launchBody(), game_id: 'sandbox-fortune-reels' });
    const unknown = await post(other, { 'x-hub-signature': hubSignature(secret, other) });
    expect(unknown.statusCode).toBe(400);
    // The native launch path of this party does not exist.
    expect((await server.app.inject({ method: 'POST', url: '/sandbox/lantern/api/freespins' })).statusCode).toBe(404);
  });
});
