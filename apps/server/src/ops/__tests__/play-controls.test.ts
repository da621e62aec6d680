import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestServer, opsCall, type TestServer } from '../../test/server.ts';
import { createPlayer } from '../../modules/wallet/__tests__/factories.ts';
import { playerLimits } from '../../modules/limits/tables.ts';
import { gameSessions } from '../../modules/game/play/tables.ts';
import { games } from '../../modules/game/catalogue/tables.ts';
import { createGame, fundedPlayer, openSession } from '../../modules/game/__tests__/play-fixtures.ts';
import { parseArgs } from '../cli.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ops = (path: string, payload: Record<string, unknown>) => opsCall(server, path, payload);

describe('ops play controls', () => {
  it('parses the CLI commands and refuses malformed ones', () => {
    expect(parseArgs(['limit', 'a@b.c', 'bet', '25', 'EUR', 'daily'])).toEqual({
      command: 'limit',
      body: { player: 'a@b.c', type: 'bet', amount: '25', currency: 'EUR', period: 'daily' },
    });
    expect(parseArgs(['exclude', 'a@b.c', 'cooling-off', '7'])).toEqual({
      command: 'exclude',
      body: { player: 'a@b.c', type: 'cooling-off', days: 7 },
    });
    expect(parseArgs(['game', 'disable', 'x-slot'])).toEqual({
      command: 'game',
      body: { identity: 'x-slot', enabled: false },
    });
    expect(parseArgs(['limit', 'a@b.c', 'deposit', '25', 'EUR', 'daily'])).toMatchObject({ body: { type: 'deposit' } });
    expect(() => parseArgs(['limit', 'a@b.c', 'win', '25', 'EUR', 'daily'])).toThrow(/limit needs/);
    expect(parseArgs(['withdrawals', 'approve', 'inv-1'])).toEqual({
      command: 'invoices',
      body: { action: 'withdrawals-approve', invoice: 'inv-1' },
    });
    expect(parseArgs(['withdrawals', 'decline', 'inv-1', 'IBAN', 'not', 'yours'])).toEqual({
      command: 'invoices',
      body: { action: 'withdrawals-decline', invoice: 'inv-1', reason: 'IBAN not yours' },
    });
    expect(parseArgs(['crypto', 'send', 'bc1qexampleaddress', '0.01'])).toMatchObject({ command: 'crypto-send' });
    expect(() => parseArgs(['withdrawals', 'approve'])).toThrow(/withdrawals needs/);
    expect(() => parseArgs(['crypto', 'burn', 'x', '1'])).toThrow(/crypto needs/);
    expect(() => parseArgs(['exclude', 'a@b.c', 'self-exclusion', '0'])).toThrow(/exclude needs/);
    expect(() => parseArgs(['game', 'delete', 'x'])).toThrow(/game needs/);
  });

  it('sets a bet limit in minor units from major input', async () => {
    const player = await createPlayer(server.ctx.db);
    const response = await ops('limit', {
      email: player.email,
      type: 'loss',
      amount: '12.5',
      currency: 'eur',
      period: 'weekly',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe(
      `Set a weekly loss limit of 12.50 EUR for ${player.email}; it applies now`,
    );
    const [limit] = await server.ctx.db.select().from(playerLimits).where(eq(playerLimits.playerId, player.id));
    expect(limit).toMatchObject({
      type: 2,
      period: 'weekly',
      currency: 'EUR',
      amountMinor: 1_250n,
      status: 1,
      expiresAt: null,
    });
    expect(
      (await ops('limit', { email: player.email, type: 'bet', amount: '1.001', currency: 'EUR', period: 'daily' }))
        .statusCode,
    ).toBe(422);
  });

  it('excludes a player and closes the live game sessions', async () => {
    const game = await createGame(server.ctx.db);
    const { player, account } = await fundedPlayer(server.ctx.db, 100n);
    await openSession(server.ctx, { playerId: player.id, accountId: account.id, gameId: game.id });
    const response = await ops('exclude', { email: player.email, type: 'self-exclusion', days: 30 });
    expect(response.json().data.message).toMatch(
      /^Self-excluded .* until .*; closed 1 live game session and \d+ sign-in sessions?$/,
    );
    const sessions = await server.ctx.db.select().from(gameSessions).where(eq(gameSessions.playerId, player.id));
    expect(sessions.every((s) => s.closedAt !== null)).toBe(true);
    const [limit] = await server.ctx.db.select().from(playerLimits).where(eq(playerLimits.playerId, player.id));
    expect(limit!.expiresAt!.getTime() - limit!.startsAt.getTime()).toBe(30 * 86_400_000);
  });

  it('disables and enables a game by identity', async () => {
    const game = await createGame(server.ctx.db);
    expect((await ops('game', { identity: game.identity, enabled: false })).json().data.message).toBe(
      `Disabled ${game.name} (${game.identity})`,
    );
    expect((await server.ctx.db.select().from(games).where(eq(games.id, game.id)))[0]!.isEnabled).toBe(false);
    await ops('game', { identity: game.identity, enabled: true });
    expect((await server.ctx.db.select().from(games).where(eq(games.id, game.id)))[0]!.isEnabled).toBe(true);
    expect((await ops('game', { identity: 'nope', enabled: true })).statusCode).toBe(422);
  });
});
