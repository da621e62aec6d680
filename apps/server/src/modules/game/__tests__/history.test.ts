import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { players } from '../../player/tables.ts';
import { authHeader } from '../../wallet/__tests__/factories.ts';
import { publicName as winnerNickname } from '../../player/index.ts';
import { createGame, fundedPlayer, openSession, txId, walletCall } from './play-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A player who played three rounds: won (2.50 → 10.00), open (1.00), lost (2.00). */
async function playedPlayer(
  options: { platform?: 1 | 2; country?: string; nickname?: string; email?: string; partialReturn?: boolean } = {},
) {
  const db = server.ctx.db;
  const game = await createGame(db);
  const { player, account } = await fundedPlayer(db, 10_000n, 'EUR', options.email);
  if (options.nickname) await db.update(players).set({ nickname: options.nickname }).where(eq(players.id, player.id));
  const session = await openSession(server.ctx, {
    playerId: player.id,
    accountId: account.id,
    gameId: game.id,
    platform: options.platform ?? 2,
    country: options.country ?? 'DE',
  });
  const base = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
  const rounds = { won: txId('won'), open: txId('open'), lost: txId('lost') };
  await walletCall(server, 'bet', { ...base, transactionId: txId('b'), roundId: rounds.won, amount: 250 });
  await walletCall(server, 'win', {
    ...base,
    transactionId: txId('w'),
    roundId: rounds.won,
    amount: 1_000,
    closeRound: true,
  });
  await walletCall(server, 'bet', { ...base, transactionId: txId('b'), roundId: rounds.open, amount: 100 });
  await walletCall(server, 'bet', {
    ...base,
    transactionId: txId('b'),
    roundId: rounds.lost,
    amount: 200,
    closeRound: true,
  });
  if (options.partialReturn) {
    // 0.50 back on 2.00: a closed round with a payout, but a loss.
    const roundId = txId('partial');
    await walletCall(server, 'bet', { ...base, transactionId: txId('b'), roundId, amount: 200 });
    await walletCall(server, 'win', { ...base, transactionId: txId('w'), roundId, amount: 50, closeRound: true });
  }
  return { player, game, rounds, headers: await authHeader(server.ctx, player.id) };
}

describe('GET /api/game/spins', () => {
  it("lists the player's rounds newest first in major units, paginated", async () => {
    const { game, headers } = await playedPlayer();
    const response = await server.app.inject({ method: 'GET', url: '/api/game/spins?perPage=2', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, perPage: 2, totalPages: 2, totalRows: 3 });
    expect(body.data).toEqual([
      {
        id: expect.any(String),
        game: game.name,
        gameIdentity: game.identity,
        amount: 2,
        payout: 0,
        currency: 'EUR',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        game: game.name,
        gameIdentity: game.identity,
        amount: 1,
        payout: 0,
        currency: 'EUR',
        createdAt: expect.any(String),
      },
    ]);
    const last = (await server.app.inject({ method: 'GET', url: '/api/game/spins?perPage=2&page=2', headers })).json();
    expect(last.data).toEqual([expect.objectContaining({ amount: 2.5, payout: 10 })]);
  });

  it('is for players only', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/game/spins' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/game/bets' })).statusCode).toBe(401);
  });
});

describe('GET /api/game/bets', () => {
  it('lists sports tickets only: casino rounds are spins, never bets (sportsbook tests cover the tickets)', async () => {
    const { headers } = await playedPlayer();
    for (const query of ['', '?isSettled=true', '?isSettled=false']) {
      const bets = (await server.app.inject({ method: 'GET', url: `/api/game/bets${query}`, headers })).json();
      expect(bets).toEqual({ data: [], meta: { page: 1, perPage: 20, totalPages: 0, totalRows: 0 } });
    }
  });
});

describe('GET /api/game/spins/winners', () => {
  it('shows the latest real wins to anyone, with the game images and a masked name, filtered by platform and country', async () => {
    const desktop = await playedPlayer({
      platform: 2,
      country: 'DE',
      email: `johnny-${Date.now()}@example.com`,
      partialReturn: true,
    });
    const mobile = await playedPlayer({ platform: 1, country: 'BR', nickname: 'LuckyLu' });

    const all = (await server.app.inject({ method: 'GET', url: '/api/game/spins/winners' })).json();
    expect(all.data.slice(0, 2)).toEqual([
      expect.objectContaining({ nickname: 'Lu***', gameId: mobile.game.id }),
      {
        nickname: 'jo***',
        amount: 2.5,
        payout: 10,
        currency: 'EUR',
        gameId: desktop.game.id,
        gameName: desktop.game.name,
        isDemoMode: true,
        gameImages: {
          '200x200': {
            '1x': `/media/v1/games/${desktop.game.identity}/200x200@1x.svg`,
            '2x': `/media/v1/games/${desktop.game.identity}/200x200@2x.svg`,
          },
          '200x300': {
            '1x': `/media/v1/games/${desktop.game.identity}/200x300@1x.svg`,
            '2x': `/media/v1/games/${desktop.game.identity}/200x300@2x.svg`,
          },
        },
        gameCustomImages: {},
      },
    ]);
    // Lost and open rounds never show, nor a return smaller than the stake (the 0.50 back on 2.00).
    expect(all.data.every((w: { payout: number; amount: number }) => w.payout > w.amount)).toBe(true);
    expect(
      all.data.some((w: { gameId: string; payout: number }) => w.gameId === desktop.game.id && w.payout === 0.5),
    ).toBe(false);

    const onMobile = (await server.app.inject({ method: 'GET', url: '/api/game/spins/winners?platform=1' })).json();
    expect(onMobile.data.map((w: { gameId: string }) => w.gameId)).toContain(mobile.game.id);
    expect(onMobile.data.map((w: { gameId: string }) => w.gameId)).not.toContain(desktop.game.id);
    const inGermany = (
      await server.app.inject({ method: 'GET', url: '/api/game/spins/winners?countryCode=DE&perPage=1' })
    ).json();
    expect(inGermany.data).toEqual([expect.objectContaining({ gameId: desktop.game.id })]);
  });

  it('masks emails and never shows them', () => {
    expect(winnerNickname({ nickname: null, email: 'john.doe@example.com' })).toBe('jo***');
    expect(winnerNickname({ nickname: ' ', email: 'a@example.com' })).toBe('a***');
    expect(winnerNickname({ nickname: 'Neo', email: 'neo@example.com' })).toBe('Ne***');
    expect(winnerNickname({ nickname: 'Visit evil.example for free money', email: null })).toBe('Vi***');
    expect(winnerNickname({ nickname: null, email: null })).toBe('Player');
  });
});
