import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  bonusDefinitionInputSchema,
  Channel,
  tournamentCompletedPushSchema,
  tournamentLeaderboardPushSchema,
  tournamentSchema,
  TournamentState,
} from '@casino/contracts';
import { rowsOf } from '../../../db/rows.ts';
import { createTestServer, opsCall, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { createGame, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { bearer, register } from '../../player/__tests__/helpers.ts';
import { createDefinition, DEFAULT_BONUS_RULES } from '../../bonus/index.ts';
import { playerBonuses } from '../../bonus/tables.ts';
import { accountIn, postEntry } from '../../wallet/index.ts';
import { completeTournament } from '../completion.ts';
import { engineOf } from '../manifest.ts';
import { tournamentAwards, tournamentEntries, tournaments } from '../tables.ts';
import { running, score, settled } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let address = 0;
const get = async (url: string, token?: string) => {
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: token ? bearer(token) : {},
    remoteAddress: `10.44.${Math.floor(++address / 250)}.${address % 250}`,
  });
  return { status: res.statusCode, json: res.json() as Json };
};

/** A signed-up player (EUR account, consenting to promotional bonuses: prizes are paid) and their id. */
async function player(nickname?: string) {
  const { auth } = await register(server.app, { locale: 'en', receiveBonus: true });
  const token = auth.accessToken as string;
  const playerId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  if (nickname)
    await server.ctx.db.execute(sql`update players set nickname = ${nickname} where id = ${playerId}::uuid`);
  return { token, playerId };
}

const entryOf = async (tournamentId: string, playerId: string) => {
  const rows = await server.ctx.db
    .select()
    .from(tournamentEntries)
    .where(
      sql`${tournamentEntries.tournamentId} = ${tournamentId}::uuid and ${tournamentEntries.playerId} = ${playerId}::uuid`,
    );
  return rows[0] ?? null;
};

describe('tournament list and detail', () => {
  it('lists by state and shows a tournament to guests and, with standing and leaderboard, to players', async () => {
    const game = await createGame(server.ctx.db);
    const t = await running(server, {
      games: [game.id],
      title: 'List race',
      prizes: [
        { place: 1, type: 3, title: '300 points', points: 300 },
        { place: 2, type: 3, title: '100 points', points: 100 },
      ],
    });
    const upcoming = await running(server, {
      games: [game.id],
      startAt: new Date(Date.now() + 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    const list = await get('/api/retention/tournaments?state[]=3&perPage=100');
    expect(list.status).toBe(200);
    expect(list.json.data.map((x: Json) => x.id)).toContain(t.id);
    expect(list.json.data.map((x: Json) => x.id)).not.toContain(upcoming.id);
    expect(list.json.data.every((x: Json) => x.state === 3)).toBe(true);
    const both = await get(
      `/api/retention/tournaments?state[]=2&state[]=3&identity[]=${t.identity}&identity[]=${upcoming.identity}`,
    );
    expect(both.json.data.map((x: Json) => x.identity)).toEqual([t.identity, upcoming.identity]);
    expect(both.json.meta).toMatchObject({ page: 1, totalRows: 2 });
    const other = await createGame(server.ctx.db);
    const forGame = await get(`/api/retention/tournaments?state[]=3&gameId=${game.id}&perPage=100`);
    expect(forGame.json.data.map((x: Json) => x.id)).toContain(t.id);
    const forOther = await get(`/api/retention/tournaments?state[]=3&gameId=${other.id}&perPage=100`);
    expect(forOther.json.data.map((x: Json) => x.id)).not.toContain(t.id);

    const a = await player('AceHigh');
    const b = await player('BeeKeeper');
    await score(server, [
      settled({ playerId: a.playerId, gameId: game.id, stake: 100, win: 500 }),
      settled({ playerId: b.playerId, gameId: game.id, stake: 100, win: 900 }),
    ]);

    const guest = await get(`/api/retention/tournaments/${t.identity}`);
    expect(guest.status).toBe(200);
    expect(tournamentSchema.parse(guest.json.data)).toMatchObject({
      id: t.id,
      state: 3,
      scoring: 'win',
      confirmationRequired: false,
      places: [
        { place: 1, type: 3, title: '300 points' },
        { place: 2, type: 3, title: '100 points' },
      ],
    });
    expect(guest.json.data.leaderboard).toBeUndefined();
    expect(guest.json.data.playerEntry).toBeUndefined();

    const mine = await get(`/api/retention/tournaments/${t.id}`, a.token);
    expect(mine.json.data.playerEntry).toEqual({ points: 500, place: 2 });
    // Others are masked as in the winners feed; the player's own row says so.
    expect(mine.json.data.leaderboard).toEqual([
      { nickname: 'Be***', place: 1, points: 900 },
      { nickname: 'Ac***', place: 2, points: 500, isMe: true },
    ]);
    expect(mine.json.data.prizes[0]).toEqual({
      place: 1,
      type: 3,
      title: '300 points',
      entry: expect.objectContaining({ nickname: 'Be***', points: 900 }),
    });
    expect(mine.json.data.prizes[1].entry).toMatchObject({ isMe: true, nickname: 'Ac***' });
    const answer = JSON.stringify(mine.json);
    expect(answer).not.toContain(b.playerId);
    expect(answer).not.toContain('BeeKeeper');
    const stranger = await player();
    expect((await get(`/api/retention/tournaments/${t.id}`, stranger.token)).json.data.playerEntry).toBeNull();
  });

  it("pushes the leaderboard and the results with no player's id or whole nickname", async () => {
    const game = await createGame(server.ctx.db);
    const t = await running(server, {
      games: [game.id],
      prizes: [{ place: 1, type: 3, title: '10 points', points: 10 }],
    });
    const a = await player('Zanzibar');
    const b = await player();
    const pushed: unknown[] = [];
    const stops = await Promise.all([
      server.ctx.broker.subscribe(Channel.tournament(t.id), (pub) => pushed.push(pub.data)),
      server.ctx.broker.subscribe(Channel.tournaments, (pub) => pushed.push(pub.data)),
    ]);
    try {
      await score(server, [
        settled({ playerId: a.playerId, gameId: game.id, stake: 100, win: 700 }),
        settled({ playerId: b.playerId, gameId: game.id, stake: 100, win: 300 }),
      ]);
      await engineOf(server.ctx)!.flush();
      const board = await waitFor(
        async () => pushed.map((p) => tournamentLeaderboardPushSchema.safeParse(p)).find((p) => p.success)?.data,
      );
      expect(board.leaderboard).toEqual([
        { nickname: 'Za***', place: 1, points: 700 },
        // No nickname: the first letters of the e-mail address, never the address.
        { nickname: expect.stringMatching(/^.{1,2}\*\*\*$/), place: 2, points: 300 },
      ]);
      await server.ctx.db.update(tournaments).set({ endAt: new Date() }).where(eq(tournaments.id, t.id));
      await completeTournament(server.ctx, DEFAULT_BONUS_RULES, t.id, { force: true });
      const done = await waitFor(
        async () =>
          pushed
            .map((p) => tournamentCompletedPushSchema.safeParse(p))
            .find((p) => p.success && p.data.tournament.id === t.id)?.data,
        10_000,
      );
      expect(done.tournament.prizes[0]!.entry).toEqual({ nickname: 'Za***', points: 700 });
      const all = JSON.stringify(pushed);
      for (const secret of [a.playerId, b.playerId, 'Zanzibar']) expect(all).not.toContain(secret);
    } finally {
      for (const stop of stops) await stop();
    }
  });

  it('answers 404 for an unknown tournament, 422 for bad filters, 401 for a bad token', async () => {
    expect((await get(`/api/retention/tournaments/${randomUUID()}`)).status).toBe(404);
    expect((await get('/api/retention/tournaments/no-such-race')).status).toBe(404);
    expect((await get('/api/retention/tournaments?state[]=9')).status).toBe(422);
    expect((await get('/api/retention/tournaments?perPage=1000')).status).toBe(422);
    expect((await get('/api/retention/tournaments/x', 'not-a-token')).status).toBe(401);
  });

  it('refuses bad tournament files from the operator', async () => {
    const base = {
      identity: `bad-${randomUUID().slice(0, 6)}`,
      title: 'Bad',
      scoring: 'win',
      prizes: [{ place: 1, type: 3, title: 'Points', points: 10 }],
      startAt: new Date().toISOString(),
      endAt: new Date(Date.now() + 60_000).toISOString(),
    };
    const create = (tournament: Record<string, unknown>) =>
      opsCall(server, 'tournament', { action: 'create', tournament });
    expect((await create({ ...base, scoring: 'luck' })).statusCode).toBe(422);
    expect((await create({ ...base, endAt: base.startAt })).statusCode).toBe(422);
    expect(
      (await create({ ...base, prizes: [{ place: 1, type: 1, title: 'Bonus', bonus: 'No such bonus' }] })).statusCode,
    ).toBe(422);
    expect((await create({ ...base, games: ['no-such-game'] })).statusCode).toBe(422);
    expect(
      (await create({ ...base, prizes: [{ place: 1, type: 2, title: 'Spins', bonus: 'Starter spins' }] })).statusCode,
    ).toBe(422);
    const ok = await create(base);
    expect(ok.statusCode).toBe(200);
    expect((await create(base)).statusCode).toBe(409);
    const list = await opsCall(server, 'tournament', { action: 'list' });
    expect(list.json().data.message).toContain(base.identity);
  });
});

describe('scoring', () => {
  it('sums wins, sums stakes, keeps the best multiplier, and leaves stakes under the minimum out', async () => {
    const game = await createGame(server.ctx.db);
    const win = await running(server, { games: [game.identity], scoring: 'win' });
    const stake = await running(server, { games: [game.id], scoring: 'stake', minStake: 50 });
    const multiplier = await running(server, { games: [game.id], scoring: 'multiplier' });
    const p = await player();
    await score(server, [
      settled({ playerId: p.playerId, gameId: game.id, stake: 100, win: 250 }), // ×2.5
      settled({ playerId: p.playerId, gameId: game.id, stake: 40, win: 400 }), // ×10, under the minimum of `stake`
    ]);
    await score(server, [settled({ playerId: p.playerId, gameId: game.id, stake: 200, win: 300 })]); // ×1.5
    expect((await entryOf(win.id, p.playerId))!.points).toBe(950n);
    expect((await entryOf(stake.id, p.playerId))!).toMatchObject({ points: 300n, rounds: 2 });
    expect((await entryOf(multiplier.id, p.playerId))!).toMatchObject({ points: 1000n, rounds: 3 });
  });

  it('converts other currencies to the base currency', async () => {
    const game = await createGame(server.ctx.db);
    const t = await running(server, { games: [game.id], scoring: 'stake' });
    const p = await player();
    await score(server, [
      settled({ playerId: p.playerId, gameId: game.id, stake: 100_000_000, win: 0, currency: 'BTC' }),
    ]);
    const entry = await entryOf(t.id, p.playerId);
    expect(entry!.points).toBeGreaterThan(1000n); // one bitcoin is worth more than €10
  });

  it('ignores games the tournament does not count, free spins and rounds outside its period', async () => {
    const game = await createGame(server.ctx.db);
    const other = await createGame(server.ctx.db);
    const t = await running(server, { games: [game.id] });
    const p = await player();
    await score(server, [
      settled({ playerId: p.playerId, gameId: other.id, stake: 100, win: 1000 }),
      settled({ playerId: p.playerId, gameId: game.id, stake: 0, win: 1000 }),
      settled({ playerId: p.playerId, gameId: game.id, stake: 100, win: 1000, at: new Date(Date.now() - 3_600_000) }),
    ]);
    expect(await entryOf(t.id, p.playerId)).toBeNull();
  });

  it('scores a round delivered twice once', async () => {
    const game = await createGame(server.ctx.db);
    const t = await running(server, { games: [game.id] });
    const p = await player();
    const row = settled({ playerId: p.playerId, gameId: game.id, stake: 100, win: 700 });
    await score(server, [row, row]);
    await score(server, [row]);
    expect((await entryOf(t.id, p.playerId))!).toMatchObject({ points: 700n, rounds: 1 });
  });

  it('counts a real-money round through the wallet and the outbox lane', async () => {
    const game = await createGame(server.ctx.db);
    const t = await running(server, { games: [game.id] });
    const p = await player();
    const account = (await accountIn(server.ctx.db, p.playerId, 'EUR'))!;
    await postEntry(server.ctx.db, {
      accountId: account.id,
      idempotencyKey: `fund:${account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: 10_000n,
    });
    const session = await openSession(server.ctx, { playerId: p.playerId, accountId: account.id, gameId: game.id });
    const wallet = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
    const roundId = txId('r');
    expect(
      (await walletCall(server, 'bet', { ...wallet, transactionId: txId('b'), roundId, amount: 200 })).status,
    ).toBe(200);
    expect(
      (await walletCall(server, 'win', { ...wallet, transactionId: txId('w'), roundId, amount: 600, closeRound: true }))
        .status,
    ).toBe(200);
    const entry = await waitFor(async () => entryOf(t.id, p.playerId), 10_000);
    expect(entry!.points).toBe(600n);
  });
});

describe('ranking and completion', () => {
  it('puts the first to reach equal points ahead, and pays that player', async () => {
    const game = await createGame(server.ctx.db);
    const t = await running(server, { games: [game.id] });
    const first = await player();
    const second = await player();
    const at = Date.now() - 10_000;
    // `second` scores 500 earlier but reaches the final 1000 later than `first`.
    await score(server, [
      settled({ playerId: second.playerId, gameId: game.id, stake: 100, win: 500, at: new Date(at) }),
      settled({ playerId: first.playerId, gameId: game.id, stake: 100, win: 1000, at: new Date(at + 1000) }),
    ]);
    await score(server, [
      settled({ playerId: second.playerId, gameId: game.id, stake: 100, win: 500, at: new Date(at + 2000) }),
    ]);
    const board = await get(`/api/retention/tournaments/${t.id}`, first.token);
    expect(board.json.data.leaderboard.map((r: Json) => [r.points, r.isMe ?? false])).toEqual([
      [1000, true],
      [1000, false],
    ]);
    await server.ctx.db.update(tournaments).set({ endAt: new Date() }).where(eq(tournaments.id, t.id));
    const result = await completeTournament(server.ctx, DEFAULT_BONUS_RULES, t.id, { force: true });
    expect(result.outcome).toBe('completed');
    const awards = await server.ctx.db.select().from(tournamentAwards).where(eq(tournamentAwards.tournamentId, t.id));
    expect(awards).toMatchObject([{ place: 1, playerId: first.playerId, points: 1000n, result: 'points:100' }]);
  });

  it('pays each prize once when completions race, and tells the winners', async () => {
    const game = await createGame(server.ctx.db);
    const name = `Race prize ${randomUUID().slice(0, 6)}`;
    await createDefinition(
      server.ctx.db,
      bonusDefinitionInputSchema.parse({
        name,
        amounts: { EUR: 1_000 },
        wagerMultiplier: 1,
        maxBet: {},
        maxConversion: {},
        contributions: { slots: 100 },
        excludedGames: [],
        activationDays: 7,
        wageringDays: 7,
      }),
      async () => null,
    );
    const t = await running(server, {
      games: [game.id],
      prizes: [
        { place: 1, type: 1, title: '€10 bonus', bonus: name },
        { place: 2, type: 3, title: '50 points', points: 50 },
        { place: 3, type: 3, title: '10 points', points: 10 },
      ],
    });
    const a = await player();
    const b = await player();
    await score(server, [
      settled({ playerId: a.playerId, gameId: game.id, stake: 100, win: 2000 }),
      settled({ playerId: b.playerId, gameId: game.id, stake: 100, win: 1000 }),
    ]);
    await server.ctx.db.update(tournaments).set({ endAt: new Date() }).where(eq(tournaments.id, t.id));
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        completeTournament(server.ctx, DEFAULT_BONUS_RULES, t.id, { force: true }).catch((e: Error) => e),
      ),
    );
    expect(results.filter((r) => !(r instanceof Error) && r.outcome === 'completed')).toHaveLength(1);
    // And once more after it finished.
    expect((await completeTournament(server.ctx, DEFAULT_BONUS_RULES, t.id, { force: true })).outcome).toBe(
      'done-already',
    );
    const awards = await server.ctx.db.select().from(tournamentAwards).where(eq(tournamentAwards.tournamentId, t.id));
    expect(awards.map((x) => [x.place, x.playerId])).toEqual([
      [1, a.playerId],
      [2, b.playerId],
    ]);
    const bonuses = await server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, a.playerId));
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ amountMinor: 1_000n, currency: 'EUR' });
    const [points] = await rowsOf<{ n: number }>(
      server.ctx.db,
      sql`select count(*)::int as n from loyalty_point_entries where source_key like ${`tournament:${t.id}:%`}`,
    );
    expect(points!.n).toBe(1);
    const [state] = await server.ctx.db.select().from(tournaments).where(eq(tournaments.id, t.id));
    expect(state!.state).toBe(TournamentState.finished);
    // The winners' messenger notices, filed by the notices lane.
    const notice = await waitFor(async () => {
      const rows = await rowsOf<{ title: string }>(
        server.ctx.db,
        sql`select title from messenger_messages where player_id = ${a.playerId}::uuid and source = 'tournament.completed'`,
      );
      return rows[0];
    }, 10_000);
    expect(notice.title).toContain('Test race');
    const detail = await get(`/api/retention/tournaments/${t.id}`, b.token);
    expect(detail.json.data).toMatchObject({ state: 4, playerEntry: { points: 1000, place: 2 } });
    expect(detail.json.data.prizes[0]).toMatchObject({ place: 1, entry: { points: 2000 } });
    // The list keeps a finished tournament with its winners (masked) for anyone: the home page's results.
    const finished = await get(`/api/retention/tournaments?state[]=4&identity[]=${t.identity}`);
    expect(finished.json.data[0].prizes.map((p: Json) => [p.place, p.entry?.points ?? null])).toEqual([
      [1, 2000],
      [2, 1000],
      [3, null],
    ]);
    expect(finished.json.data[0].prizes[0].entry.nickname).toMatch(/^.{1,2}\*\*\*$/);
    expect(JSON.stringify(detail.json)).not.toContain(a.playerId);
  });

  it('ends a daily tournament by the job and starts the next day', async () => {
    const game = await createGame(server.ctx.db);
    const series = `s-${randomUUID().slice(0, 6)}`;
    const t = await running(server, { games: [game.id], recurrence: 'daily', series });
    await server.ctx.db
      .update(tournaments)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(tournaments.id, t.id));
    const result = await completeTournament(server.ctx, DEFAULT_BONUS_RULES, t.id, { force: true });
    expect(result.outcome).toBe('completed');
    if (result.outcome !== 'completed') return;
    const today = new Date().toISOString().slice(0, 10);
    expect(result.next).toMatchObject({ identity: `${series}-${today}`, state: 3, series, recurrence: 'daily' });
  });

  it('starts and ends through the operator commands', async () => {
    const game = await createGame(server.ctx.db);
    const t = await running(server, {
      games: [game.id],
      startAt: new Date(Date.now() + 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(t.state).toBe(2);
    const start = await opsCall(server, 'tournament', { action: 'start', identity: t.identity });
    expect(start.json().data.message).toContain('Started');
    const p = await player();
    await score(server, [settled({ playerId: p.playerId, gameId: game.id, stake: 100, win: 100 })]);
    const end = await opsCall(server, 'tournament', { action: 'end', identity: t.identity });
    expect(end.json().data.message).toContain('1 prizes paid');
    expect(
      (await opsCall(server, 'tournament', { action: 'end', identity: t.identity })).json().data.message,
    ).toContain('finished already');
    // A round after the end scores nothing.
    await score(server, [settled({ playerId: p.playerId, gameId: game.id, stake: 100, win: 900 })]);
    expect((await entryOf(t.id, p.playerId))!.points).toBe(100n);
    expect(engineOf(server.ctx)).not.toBeNull();
  });
});
