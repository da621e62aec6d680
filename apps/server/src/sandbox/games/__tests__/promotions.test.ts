import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusDefinitionInputSchema, ErrorCode, type BonusDefinitionSource } from '@casino/contracts';
import { createDefinition, DEFAULT_BONUS_RULES, issueOffer } from '../../../modules/bonus/index.ts';
import { gameRounds } from '../../../modules/game/play/tables.ts';
import { games } from '../../../modules/game/catalogue/tables.ts';
import { players } from '../../../modules/player/tables.ts';
import { authHeader, createPlayer } from '../../../modules/wallet/__tests__/factories.ts';
import { walletAccounts } from '../../../modules/wallet/tables.ts';
import { credit } from '../../../modules/wallet/index.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { sandboxFreeSpinGrants, sandboxGameRounds } from '../tables.ts';
import { catalogueGame, type Json } from './helpers.ts';

/**
 * What the sandbox provider does about the casino's promotions, end to end over real HTTP: granted free
 * spins lock the game (no real-money stake until they are played, a summary's figures after the last)
 * and a stake above an active bonus's maximum comes back with the maximum, so the game can offer it.
 */
let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await createTestServer({ GAME_MIN_SPIN_MS: '0', TURNOVER_MULTIPLIER: '0' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

async function casino(auth: { authorization: string }, method: 'PUT' | 'POST', url: string, body?: Json) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function ui(method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await fetch(`${base}/sandbox/games/api${url}`, {
    method,
    ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** A player (consenting to bonuses) with `amount` EUR, the account, and a bearer header. */
async function player(amount: string) {
  const p = await createPlayer(server.ctx.db);
  await server.ctx.db.update(players).set({ receiveBonus: true }).where(eq(players.id, p.id));
  const credited = await credit(server.ctx.db, {
    playerId: p.id,
    amount,
    currency: 'EUR',
    idempotencyKey: `test:${randomUUID()}`,
    reason: 'test',
  });
  return { id: p.id, accountId: credited.account.id, auth: await authHeader(server.ctx, p.id) };
}

async function define(overrides: Partial<BonusDefinitionSource>) {
  const input: BonusDefinitionSource = {
    name: `Test ${randomUUID().slice(0, 8)}`,
    amounts: { EUR: 0 },
    wagerMultiplier: 3,
    maxBet: {},
    maxConversion: {},
    contributions: { slots: 100, dice: 50 },
    excludedGames: [],
    activationDays: 7,
    wageringDays: 7,
    ...overrides,
  };
  return createDefinition(server.ctx.db, bonusDefinitionInputSchema.parse(input), async (identity) => {
    const [game] = await server.ctx.db.select().from(games).where(eq(games.identity, identity));
    return game?.id ?? null;
  });
}

/** The player launches the game for real through the casino: the provider's session id. */
async function launch(p: Awaited<ReturnType<typeof player>>, identity: string) {
  const launched = await casino(p.auth, 'POST', `/api/game/games/${encodeURIComponent(identity)}/play`, {
    demoMode: false,
    accountId: p.accountId,
  });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  return (launched.body.data.gameUrl as string).split('/').pop()!;
}

/** A slot, a player with €10 and `count` activated free spins at €0.20 on it (winnings wagered ×`wager`). */
async function grantedSpins(count: number, wager = 3) {
  const game = await catalogueGame(server, 'slot', 'slots');
  const def = await define({
    type: 3,
    freespins: { count, game: game.identity, stakes: { EUR: 20 } },
    wagerMultiplier: wager,
  });
  const p = await player('10.00');
  const offer = await issueOffer(server.ctx, DEFAULT_BONUS_RULES, {
    playerId: p.id,
    definition: def.name,
    currency: 'EUR',
    source: 'test',
  });
  if (offer.kind !== 'freespins') throw new Error('expected free spins');
  const activated = await casino(p.auth, 'PUT', `/api/game/player-freespins/${offer.freespins.id}/activate`);
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  return { game, p, grantId: offer.freespins.grantId };
}

const balanceOf = async (accountId: string) =>
  Number((await server.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId)))[0]!.realBalance);

const casinoRoundsOf = async (sid: string) =>
  (await server.ctx.db.select().from(sandboxGameRounds).where(eq(sandboxGameRounds.sessionId, sid))).filter(
    (r) => r.status !== 'rejected',
  );

describe('granted free spins lock the game', () => {
  it('refuse a real-money stake while spins are left, then play each spin without one and sum up the grant', async () => {
    const { game, p, grantId } = await grantedSpins(3);
    const sid = await launch(p, game.identity);
    const info = await ui('GET', `/sessions/${sid}`);
    expect(info.body.session.state.freeSpinGrant).toEqual({
      id: grantId,
      count: 3,
      left: 3,
      stake: 20,
      won: 0,
      wagerMultiplier: 3,
    });

    // Eleven taps of a real-money spin (the finding): none is taken, no round, the balance stays €10.
    for (let tap = 0; tap < 11; tap++) {
      const refused = await ui('POST', `/sessions/${sid}/rounds`, { bet: 100, params: {} });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('free_spins_first');
    }
    expect(await balanceOf(p.accountId)).toBe(1_000);
    expect(await casinoRoundsOf(sid)).toEqual([]);

    let won = 0;
    for (let spin = 1; spin <= 3; spin++) {
      const played = await ui('POST', `/sessions/${sid}/rounds`, { bet: 0, params: {}, grantId });
      expect(played.status, JSON.stringify(played.body)).toBe(200);
      won += played.body.round.win as number;
      expect(played.body.grantPlayed).toEqual({
        id: grantId,
        count: 3,
        left: 3 - spin,
        stake: 20,
        won,
        wagerMultiplier: 3,
      });
      expect(played.body.freeSpinGrant).toEqual(spin < 3 ? { ...played.body.grantPlayed } : null);
      expect(played.body.balance).toBe(1_000);
    }
    const [grant] = await server.ctx.db
      .select()
      .from(sandboxFreeSpinGrants)
      .where(eq(sandboxFreeSpinGrants.grantId, grantId));
    expect(grant).toMatchObject({ used: 3, won });

    // Played: the game is the player's again, at a real stake.
    const paid = await ui('POST', `/sessions/${sid}/rounds`, { bet: 100, params: {} });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.round.bet).toBe(100);
    // The spins' winnings become a bonus (wagered 3×) by a lane of their own. Had it run before this
    // €1 stake, the stake wagers that bonus in full and it turns real: both are right, nothing else is.
    const expected = 1_000 - 100 + (paid.body.round.win as number);
    expect([expected, expected + won]).toContain(await balanceOf(p.accountId));
  }, 60_000);

  it('tell the game what the winnings become, the wagering capped as the casino caps it', async () => {
    const { game, p } = await grantedSpins(1, 40);
    const sid = await launch(p, game.identity);
    const info = await ui('GET', `/sessions/${sid}`);
    expect(info.body.session.state.freeSpinGrant).toMatchObject({ left: 1, wagerMultiplier: 10 });
  });

  it('refuse hostile grant ids without a server error, and another player’s grant', async () => {
    const mine = await grantedSpins(2);
    const theirs = await grantedSpins(2);
    const sid = await launch(mine.p, mine.game.identity);
    for (const grantId of [theirs.grantId, 'nope', 'a\u0000b', 'x'.repeat(100)]) {
      const refused = await ui('POST', `/sessions/${sid}/rounds`, { bet: 0, params: {}, grantId });
      expect(refused.status, grantId.slice(0, 10)).toBe(404);
      expect(refused.body.error.code).toBe('free_spins_not_available');
    }
    expect((await ui('POST', `/sessions/${sid}/rounds`, { bet: 0, grantId: 'x'.repeat(101) })).status).toBe(422);
    // The other player's spins are untouched.
    const [grant] = await server.ctx.db
      .select()
      .from(sandboxFreeSpinGrants)
      .where(eq(sandboxFreeSpinGrants.grantId, theirs.grantId));
    expect(grant!.used).toBe(0);
  });

  it('hold under races: 20 real stakes at once take nothing, 20 free spins at once from two tabs play the grant’s 3', async () => {
    const { game, p, grantId } = await grantedSpins(3);
    const tabs = [await launch(p, game.identity), await launch(p, game.identity)];
    const stakes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ui('POST', `/sessions/${tabs[i % 2]}/rounds`, { bet: 100, params: {} })),
    );
    // Refused, or (two racing on one tab) told a round is still running: never taken.
    for (const a of stakes) expect(['free_spins_first', 'round_open', 'too_fast']).toContain(a.body.error?.code);
    expect(stakes.some((a) => a.body.error.code === 'free_spins_first')).toBe(true);
    expect(await balanceOf(p.accountId)).toBe(1_000);

    const spins = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ui('POST', `/sessions/${tabs[i % 2]}/rounds`, { bet: 0, params: {}, grantId }),
      ),
    );
    const played = spins.filter((a) => a.status === 200);
    expect(played).toHaveLength(3);
    for (const a of spins.filter((x) => x.status !== 200))
      // (too_fast: a request that arrived first but got the session's lock after another; the game retries it.)
      expect(['free_spins_not_available', 'round_open', 'too_fast']).toContain(a.body.error.code);
    const [grant] = await server.ctx.db
      .select()
      .from(sandboxFreeSpinGrants)
      .where(eq(sandboxFreeSpinGrants.grantId, grantId));
    expect(grant).toMatchObject({
      used: 3,
      won: played.reduce((sum, a) => sum + (a.body.round.win as number), 0),
    });
    expect(await balanceOf(p.accountId)).toBe(1_000);
    const casinoRounds = await server.ctx.db.select().from(gameRounds).where(eq(gameRounds.accountId, p.accountId));
    expect(casinoRounds.every((r) => r.betMinor === 0n)).toBe(true);
  }, 60_000);
});

describe('a stake above an active bonus’s maximum bet', () => {
  it('comes back to the game with the maximum and its currency; nothing is taken, and a stake within it plays', async () => {
    const game = await catalogueGame(server, 'dice');
    const def = await define({ amounts: { EUR: 1_000 }, maxBet: { EUR: 50 } });
    const p = await player('20.00');
    const offer = await issueOffer(server.ctx, DEFAULT_BONUS_RULES, {
      playerId: p.id,
      definition: def.name,
      currency: 'EUR',
      source: 'test',
    });
    if (offer.kind !== 'bonus') throw new Error('expected a bonus');
    expect((await casino(p.auth, 'PUT', `/api/game/player-bonuses/${offer.bonus.id}/activate`)).status).toBe(200);
    const sid = await launch(p, game.identity);

    const refused = await ui('POST', `/sessions/${sid}/rounds`, { bet: 100, params: { target: 50, over: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: ErrorCode.bonusMaxBetExceeded, maxBet: 50, currency: 'EUR' });
    expect(refused.body.error).not.toHaveProperty('limit');
    expect(await balanceOf(p.accountId)).toBe(2_000);

    const within = await ui('POST', `/sessions/${sid}/rounds`, { bet: 50, params: { target: 50, over: true } });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect(within.body.round.bet).toBe(50);
  });
});
