import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  bonusDefinitionInputSchema,
  ErrorCode,
  FreespinResult,
  FreespinStatus,
  LimitDefinition,
  playerFreespinSchema,
  type BonusDefinitionSource,
} from '@casino/contracts';
import { rowsOf } from '../../../db/rows.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { bearer, register } from '../../player/__tests__/helpers.ts';
import { createGame, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { sandboxFreeSpinGrants } from '../../../sandbox/games/tables.ts';
import { playerLimits } from '../../limits/tables.ts';
import { accountIn } from '../../wallet/index.ts';
import { expireDueFreespins } from '../freespins.ts';
import { issueOffer } from '../offer.ts';
import { createDefinition, DEFAULT_BONUS_RULES } from '../service.ts';
import { playerBonuses, playerFreespins } from '../tables.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ GAME_MIN_SPIN_MS: '0', TURNOVER_MULTIPLIER: '0' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const addresses = new Map<string, string>();
const addressOf = (token: string) => {
  if (!addresses.has(token)) addresses.set(token, `10.31.${Math.floor(addresses.size / 250)}.${addresses.size % 250}`);
  return addresses.get(token)!;
};
const call = async (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Json) => {
  const res = await server.app.inject({
    method,
    url,
    headers: bearer(token),
    remoteAddress: addressOf(token),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, json: res.json() as Json };
};
const sandbox = async (method: 'GET' | 'POST', url: string, body?: Json) => {
  const res = await server.app.inject({
    method,
    url: `/sandbox/games/api${url}`,
    ...(body ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, json: res.json() as Json };
};

/** A free-spins definition of its own on a slot of its own: `count` spins at €0.20, winnings wagered ×3. */
async function definition(count = 3) {
  const game = await createGame(server.ctx.db);
  const input: BonusDefinitionSource = {
    name: `Test spins ${randomUUID().slice(0, 8)}`,
    type: 3,
    amounts: { EUR: 0 },
    freespins: { count, game: game.identity, stakes: { EUR: 20 } },
    wagerMultiplier: 3,
    maxBet: {},
    maxConversion: {},
    contributions: { slots: 100 },
    excludedGames: [],
    activationDays: 7,
    wageringDays: 7,
  };
  const def = await createDefinition(server.ctx.db, bonusDefinitionInputSchema.parse(input), async (identity) =>
    identity === game.identity ? game.id : null,
  );
  return { def, game };
}

async function player() {
  const { auth } = await register(server.app, { locale: 'en' });
  const token = auth.accessToken as string;
  const playerId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  const account = (await accountIn(server.ctx.db, playerId, 'EUR'))!;
  return { token, playerId, account };
}

async function issued(playerId: string, name: string) {
  const offer = await issueOffer(server.ctx, DEFAULT_BONUS_RULES, {
    playerId,
    definition: name,
    currency: 'EUR',
    source: 'test',
  });
  if (offer.kind !== 'freespins') throw new Error('expected free spins');
  return offer.freespins;
}

/** Issued and activated free spins with a wallet session of the player on their game. */
async function active(count = 3) {
  const { def, game } = await definition(count);
  const p = await player();
  const spins = await issued(p.playerId, def.name);
  const activated = await call(p.token, 'PUT', `/api/game/player-freespins/${spins.id}/activate`);
  expect(activated.status, JSON.stringify(activated.json)).toBe(200);
  const session = await openSession(server.ctx, { playerId: p.playerId, accountId: p.account.id, gameId: game.id });
  const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
  return { ...p, def, game, spins, wallet };
}

const row = async (id: string) =>
  (await server.ctx.db.select().from(playerFreespins).where(eq(playerFreespins.id, id)))[0]!;

/** A free spin's win as the provider sends it: a round of its own, closed, naming the grant. */
const spinWin = (wallet: Json, grantId: string, amount: number, transactionId = txId('fs')) =>
  walletCall(server, 'win', {
    ...wallet,
    transactionId,
    roundId: txId('r'),
    amount,
    closeRound: true,
    promotion: { kind: 'free-spins', id: grantId },
  });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Σ ledger = balance, real and bonus apart. */
async function audit(accountId: string) {
  const [sums] = await rowsOf<{ real: string; bonus: string; real_balance: string; bonus_balance: string }>(
    server.ctx.db,
    sql`select coalesce(sum(l.real_delta), 0)::text as real, coalesce(sum(l.bonus_delta), 0)::text as bonus,
               a.real_balance::text, a.bonus_balance::text
          from wallet_accounts a left join ledger_entries l on l.account_id = a.id
         where a.id = ${accountId}::uuid group by a.id`,
  );
  expect(sums!.real).toBe(sums!.real_balance);
  expect(sums!.bonus).toBe(sums!.bonus_balance);
  return { real: BigInt(sums!.real_balance), bonus: BigInt(sums!.bonus_balance) };
}

describe('free spins from issue to their winnings', () => {
  it('are issued, listed, activated (granted to the provider), played in the sandbox game, and their winnings become bonus money', async () => {
    const { def, game } = await definition(3);
    const p = await player();
    const spins = await issued(p.playerId, def.name);

    const list = await call(p.token, 'GET', '/api/game/player-freespins?status[]=1&status[]=2&currency[]=EUR');
    expect(list.status).toBe(200);
    expect(list.json.meta).toMatchObject({ page: 1, totalRows: 1 });
    expect(playerFreespinSchema.parse(list.json.data[0])).toMatchObject({
      id: spins.id,
      status: FreespinStatus.issued,
      count: 3,
      usedCount: 0,
      gameId: game.id,
      stakeAmount: 0.2,
    });

    const activated = await call(p.token, 'PUT', `/api/game/player-freespins/${spins.id}/activate`);
    expect(activated.status, JSON.stringify(activated.json)).toBe(200);
    expect(activated.json.data).toMatchObject({ status: FreespinStatus.active, result: 1 });
    expect(activated.json.data.expiredAt).toBeTruthy();
    const [grant] = await server.ctx.db
      .select()
      .from(sandboxFreeSpinGrants)
      .where(eq(sandboxFreeSpinGrants.grantId, spins.grantId));
    expect(grant).toMatchObject({ playerRef: p.playerId, gameIdentity: game.identity, count: 3, stake: 20, used: 0 });
    // Activating again is refused; the list shows it active.
    expect((await call(p.token, 'PUT', `/api/game/player-freespins/${spins.id}/activate`)).status).toBe(409);

    // The player opens the game for real: the sandbox offers the granted spins.
    const launched = await call(p.token, 'POST', `/api/game/games/${encodeURIComponent(game.identity)}/play`, {
      demoMode: false,
      accountId: p.account.id,
    });
    expect(launched.status, JSON.stringify(launched.json)).toBe(200);
    const sid = (launched.json.data.gameUrl as string).split('/').pop()!;
    const info = await sandbox('GET', `/sessions/${sid}`);
    expect(info.json.session.state.freeSpinGrant).toEqual({
      id: spins.grantId,
      count: 3,
      left: 3,
      stake: 20,
      won: 0,
      wagerMultiplier: 3,
    });

    // A grant the sandbox does not know is refused, and a bet with a grant too.
    expect((await sandbox('POST', `/sessions/${sid}/rounds`, { bet: 0, grantId: 'nope' })).status).toBe(404);
    expect((await sandbox('POST', `/sessions/${sid}/rounds`, { bet: 20, grantId: spins.grantId })).status).toBe(422);

    let won = 0;
    for (let spin = 1; spin <= 3; spin++) {
      const played = await sandbox('POST', `/sessions/${sid}/rounds`, { bet: 0, grantId: spins.grantId });
      expect(played.status, JSON.stringify(played.json)).toBe(200);
      expect(played.json.round).toMatchObject({ bet: 0, isFreeSpin: true });
      won += played.json.round.win as number;
      expect(played.json.freeSpinGrant).toEqual(
        spin < 3 ? { id: spins.grantId, count: 3, left: 3 - spin, stake: 20, won, wagerMultiplier: 3 } : null,
      );
      expect((await row(spins.id)).usedCount).toBe(spin);
    }
    // None left at the provider, and the casino's count agrees.
    expect((await sandbox('POST', `/sessions/${sid}/rounds`, { bet: 0, grantId: spins.grantId })).status).toBe(404);
    const finished = await row(spins.id);
    expect(finished).toMatchObject({ status: FreespinStatus.finished, result: FreespinResult.played, usedCount: 3 });
    expect(finished.winMinor).toBe(BigInt(won));

    // No money moved per spin; the winnings became a bonus with the definition's wagering, active at once.
    if (won > 0) {
      const withBonus = await until(
        () => row(spins.id),
        (r) => r.bonusId !== null,
      );
      const [bonus] = await server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.id, withBonus.bonusId!));
      expect(bonus).toMatchObject({ source: 'freespins', amountMinor: BigInt(won), wagerMultiplier: 3, status: 2 });
      expect(bonus!.wagerRequiredMinor).toBe(BigInt(won * 3));
      expect(await audit(p.account.id)).toEqual({ real: 0n, bonus: BigInt(won) });
    } else {
      expect(await audit(p.account.id)).toEqual({ real: 0n, bonus: 0n });
    }
  });

  it('count each spin and move no money until the last; then the winnings are bonus money (through the ledger)', async () => {
    const s = await active(2);
    const first = await spinWin(s.wallet, s.spins.grantId, 150);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.balance).toBe(0);
    expect(await row(s.spins.id)).toMatchObject({ usedCount: 1, winMinor: 150n, status: FreespinStatus.active });
    expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 0n });
    const second = await spinWin(s.wallet, s.spins.grantId, 0);
    expect(second.status).toBe(200);
    const done = await until(
      () => row(s.spins.id),
      (r) => r.bonusId !== null,
    );
    expect(done).toMatchObject({ status: FreespinStatus.finished, result: FreespinResult.played, winMinor: 150n });
    expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 150n });
    const list = await call(s.token, 'GET', '/api/game/player-bonuses?status[]=2');
    expect(list.json.data[0]).toMatchObject({ amount: 1.5, requiredWagerCasinoAmount: 4.5, status: 2 });
    // The player is told in the messenger: issued, activated, played with the winnings.
    const messages = await until(
      async () =>
        ((await call(s.token, 'GET', '/api/notification/messenger/messages?perPage=20')).json.data ?? []) as Json[],
      (found) => found.some((m) => m.content?.title === 'Free spins played'),
    );
    const titles = messages.map((m) => m.content.title as string);
    expect(titles).toEqual(expect.arrayContaining(['Free spins for you', 'Free spins activated', 'Free spins played']));
    expect(messages.find((m) => m.content.title === 'Free spins played')!.content.body).toContain('€1.50');
    // The free spins are gone from the issued/active list and show as finished.
    const spinsList = await call(s.token, 'GET', '/api/game/player-freespins?status[]=1&status[]=2');
    expect(spinsList.json.data).toHaveLength(0);
  });
});

describe('winnings while another bonus is active', () => {
  it('wait as an issued bonus: the active one keeps its money', async () => {
    const s = await active(1);
    const other = await createDefinition(
      server.ctx.db,
      bonusDefinitionInputSchema.parse({
        name: `Other ${randomUUID().slice(0, 8)}`,
        amounts: { EUR: 500 },
        wagerMultiplier: 2,
      }),
      async () => null,
    );
    const cash = await issueOffer(server.ctx, DEFAULT_BONUS_RULES, {
      playerId: s.playerId,
      definition: other.name,
      currency: 'EUR',
      source: 'test',
    });
    if (cash.kind !== 'bonus') throw new Error('expected a bonus');
    expect((await call(s.token, 'PUT', `/api/game/player-bonuses/${cash.bonus.id}/activate`)).status).toBe(200);
    expect((await spinWin(s.wallet, s.spins.grantId, 35)).status).toBe(200);
    const done = await until(
      () => row(s.spins.id),
      (r) => r.bonusId !== null,
    );
    const [winnings] = await server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.id, done.bonusId!));
    expect(winnings).toMatchObject({ status: 1, amountMinor: 35n, source: 'freespins' });
    expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 500n });
  });
});

describe('attacks on free-spin wins', () => {
  it('a replayed win answers as before and counts once', async () => {
    const s = await active(3);
    const tx = txId('fs');
    const first = await spinWin(s.wallet, s.spins.grantId, 100, tx);
    const replay = await walletCall(server, 'win', {
      ...s.wallet,
      transactionId: tx,
      roundId: 'another-round',
      amount: 100,
      closeRound: true,
      promotion: { kind: 'free-spins', id: s.spins.grantId },
    });
    expect(first.status).toBe(200);
    // The same id with other details is refused (15002); the same call again replays its answer.
    expect(replay.body.error?.code).toBe(ErrorCode.duplicateTransaction);
    expect(await row(s.spins.id)).toMatchObject({ usedCount: 1, winMinor: 100n });
    expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 0n });
  });

  it("a win naming another player's grant moves nothing and counts nothing", async () => {
    const victim = await active(3);
    const thief = await player();
    const session = await openSession(server.ctx, {
      playerId: thief.playerId,
      accountId: thief.account.id,
      gameId: victim.game.id,
    });
    const stolen = await spinWin(
      { token: session.token, gameIdentity: victim.game.identity, currency: 'EUR' },
      victim.spins.grantId,
      500,
    );
    expect(stolen.status).toBe(422);
    expect(stolen.body.error.code).toBe(ErrorCode.winWithoutBet);
    expect(await row(victim.spins.id)).toMatchObject({ usedCount: 0, winMinor: 0n });
    expect(await audit(thief.account.id)).toEqual({ real: 0n, bonus: 0n });
    // Nor can the thief list, activate or cancel them.
    expect((await call(thief.token, 'PUT', `/api/game/player-freespins/${victim.spins.id}/cancel`)).status).toBe(404);
    expect((await call(thief.token, 'GET', '/api/game/player-freespins')).json.data).toHaveLength(0);
  });

  it('a win naming a grant on another game, an unknown or issued (not active) grant, or too large a win moves nothing', async () => {
    const s = await active(3);
    const other = await createGame(server.ctx.db);
    const session = await openSession(server.ctx, { playerId: s.playerId, accountId: s.account.id, gameId: other.id });
    const elsewhere = await spinWin(
      { token: session.token, gameIdentity: other.identity, currency: 'EUR' },
      s.spins.grantId,
      10,
    );
    expect(elsewhere.body.error.code).toBe(ErrorCode.winWithoutBet);
    expect((await spinWin(s.wallet, 'x'.repeat(100), 10)).body.error.code).toBe(ErrorCode.winWithoutBet);
    const waiting = await issued(s.playerId, s.def.name);
    expect((await spinWin(s.wallet, waiting.grantId, 10)).body.error.code).toBe(ErrorCode.winWithoutBet);
    const huge = await spinWin(s.wallet, s.spins.grantId, 20 * server.ctx.config.game.maxWinMultiplier + 1);
    expect(huge.body.error.code).toBe(ErrorCode.winAboveCap);
    expect(await row(s.spins.id)).toMatchObject({ usedCount: 0, winMinor: 0n });
    expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 0n });
  });

  it('a spin for a player who self-excluded since the game started is refused (15011) and counts nothing', async () => {
    const s = await active();
    // The exclusion alone, its game session still open: only the spin's own check stops it.
    await server.ctx.db.insert(playerLimits).values({
      playerId: s.playerId,
      type: LimitDefinition.selfExclusion,
      // Begun a second ago, not at the database's now(): see the provider-wallet test of exclusions.
      startsAt: new Date(Date.now() - 1_000),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const refused = await spinWin(s.wallet, s.spins.grantId, 150);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe(ErrorCode.gameSessionExpired);
    expect(await row(s.spins.id)).toMatchObject({ usedCount: 0, winMinor: 0n });
    expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 0n });
  });

  it('a used-up grant moves nothing', async () => {
    const s = await active(1);
    expect((await spinWin(s.wallet, s.spins.grantId, 40)).status).toBe(200);
    const late = await spinWin(s.wallet, s.spins.grantId, 1000);
    expect(late.body.error.code).toBe(ErrorCode.winWithoutBet);
    const done = await until(
      () => row(s.spins.id),
      (r) => r.bonusId !== null,
    );
    expect(done).toMatchObject({ usedCount: 1, winMinor: 40n, result: FreespinResult.played });
    expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 40n });
  });

  it('an expired grant moves nothing and ends expired; winnings so far still become a bonus', async () => {
    const s = await active(3);
    expect((await spinWin(s.wallet, s.spins.grantId, 60)).status).toBe(200);
    await server.ctx.db
      .update(playerFreespins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(playerFreespins.id, s.spins.id));
    const late = await spinWin(s.wallet, s.spins.grantId, 500);
    expect(late.body.error.code).toBe(ErrorCode.winWithoutBet);
    const done = await until(
      () => row(s.spins.id),
      (r) => r.bonusId !== null,
    );
    expect(done).toMatchObject({ status: FreespinStatus.finished, result: FreespinResult.expired, winMinor: 60n });
    expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 60n });
  });

  it('the job expires issued and active free spins that are due', async () => {
    const s = await active(3);
    const waiting = await issued(s.playerId, s.def.name);
    const ended = await expireDueFreespins(server.ctx, new Date(Date.now() + 30 * 86_400_000));
    expect(ended).toBeGreaterThanOrEqual(2);
    expect(await row(s.spins.id)).toMatchObject({ status: FreespinStatus.finished, result: FreespinResult.expired });
    expect(await row(waiting.id)).toMatchObject({ status: FreespinStatus.finished, result: FreespinResult.expired });
    expect((await spinWin(s.wallet, s.spins.grantId, 10)).body.error.code).toBe(ErrorCode.winWithoutBet);
  });

  it('cancelled free spins move nothing, forfeit winnings so far, and are revoked at the provider', async () => {
    const s = await active(3);
    expect((await spinWin(s.wallet, s.spins.grantId, 70)).status).toBe(200);
    const cancelled = await call(s.token, 'PUT', `/api/game/player-freespins/${s.spins.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data).toMatchObject({ status: FreespinStatus.finished, result: FreespinResult.canceled });
    expect((await call(s.token, 'PUT', `/api/game/player-freespins/${s.spins.id}/cancel`)).status).toBe(409);
    expect((await spinWin(s.wallet, s.spins.grantId, 10)).body.error.code).toBe(ErrorCode.winWithoutBet);
    const [grant] = await server.ctx.db
      .select()
      .from(sandboxFreeSpinGrants)
      .where(eq(sandboxFreeSpinGrants.grantId, s.spins.grantId));
    expect(grant!.revokedAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await row(s.spins.id)).bonusId).toBeNull();
    expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 0n });
  });

  it('odd ids are not found, and another player cannot activate them', async () => {
    const s = await active(3);
    const waiting = await issued(s.playerId, s.def.name);
    const other = await player();
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', encodeURIComponent('a\u0000b'), 'x'.repeat(64)])
      expect([404, 422]).toContain((await call(s.token, 'PUT', `/api/game/player-freespins/${id}/activate`)).status);
    expect((await call(other.token, 'PUT', `/api/game/player-freespins/${waiting.id}/activate`)).status).toBe(404);
    expect((await call(s.token, 'GET', '/api/game/player-freespins?status[]=9')).status).toBe(422);
    expect((await call(s.token, 'GET', '/api/game/player-freespins?perPage=1000')).status).toBe(422);
  });
});

describe('races', () => {
  it('the same win twice at once counts once', async () => {
    const s = await active(3);
    const body = {
      ...s.wallet,
      transactionId: txId('fs'),
      roundId: txId('r'),
      amount: 90,
      closeRound: true,
      promotion: { kind: 'free-spins', id: s.spins.grantId },
    };
    const answers = await Promise.all([walletCall(server, 'win', body), walletCall(server, 'win', body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await row(s.spins.id)).toMatchObject({ usedCount: 1, winMinor: 90n });
  });

  it('the last spin against a cancel: one of them wins, and the money follows it', async () => {
    for (let i = 0; i < 3; i++) {
      const s = await active(1);
      const [spin, cancel] = await Promise.all([
        spinWin(s.wallet, s.spins.grantId, 80),
        call(s.token, 'PUT', `/api/game/player-freespins/${s.spins.id}/cancel`),
      ]);
      const after = await row(s.spins.id);
      if (cancel.status === 200) {
        expect(spin.body.error?.code).toBe(ErrorCode.winWithoutBet);
        expect(after).toMatchObject({ result: FreespinResult.canceled, usedCount: 0, winMinor: 0n });
        expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 0n });
      } else {
        expect(cancel.status).toBe(409);
        expect(spin.status).toBe(200);
        const done = await until(
          () => row(s.spins.id),
          (r) => r.bonusId !== null,
        );
        expect(done).toMatchObject({ result: FreespinResult.played, winMinor: 80n });
        expect(await audit(s.account.id)).toEqual({ real: 0n, bonus: 80n });
      }
    }
  });
});
