import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Channel, tournamentLeaderboardPushSchema } from '@casino/contracts';
import { rowsOf } from '../../../db/rows.ts';
import { withTransaction } from '../../../outbox/index.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createGame } from '../../game/__tests__/play-fixtures.ts';
import { DEFAULT_BONUS_RULES } from '../../bonus/index.ts';
import { completeTournament, finalRanking } from '../completion.ts';
import { engineOf } from '../manifest.ts';
import { tournaments } from '../tables.ts';
import { eq } from 'drizzle-orm';
import { running, settled } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const PLAYERS = 10_000;
/** Two rounds a player, in runs of 200 (a second's worth at 200 scoring bets a second). */
const ROUNDS = 2 * PLAYERS;
const BATCH = 200;

describe('a leaderboard of 10,000 players', () => {
  it('pushes a top 10 that matches the exact final ranking, at a small cost per scoring bet', async () => {
    const game = await createGame(server.ctx.db);
    const t = await running(server, {
      games: [game.id],
      scoring: 'win',
      startAt: new Date(Date.now() - 120_000).toISOString(),
      prizes: [
        { place: 1, type: 3, title: '300 points', points: 300 },
        { place: 2, type: 3, title: '200 points', points: 200 },
        { place: 3, type: 3, title: '100 points', points: 100 },
      ],
    });
    const ids = (
      await rowsOf<{ id: string }>(
        server.ctx.db,
        sql`insert into players (email, password_hash, currency, agreed_tc, nickname)
            select 'scale-' || g || '-' || gen_random_uuid() || '@example.com', 'x', 'EUR', true, 'racer' || g
              from generate_series(1, ${PLAYERS}) g returning id`,
      )
    ).map((r) => r.id);
    expect(ids).toHaveLength(PLAYERS);

    const pushed: unknown[] = [];
    const unsubscribe = await server.ctx.broker.subscribe(Channel.tournament(t.id), (pub) => pushed.push(pub.data));
    const engine = engineOf(server.ctx)!;
    // A fixed pseudo-random sequence: wins from 0 to 50,000 cents, most rounds losing.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const base = Date.now() - 100_000;
    const rows = Array.from({ length: ROUNDS }, (_, i) =>
      settled({
        playerId: ids[i % PLAYERS]!,
        gameId: game.id,
        stake: 100,
        win: next() % 3 === 0 ? next() % 50_000 : 0,
        at: new Date(base + i * 4),
      }),
    );

    const micros = (u: NodeJS.CpuUsage) => u.user + u.system;
    let scoring = 0;
    let pushing = 0;
    const started = performance.now();
    for (let i = 0; i < rows.length; i += BATCH) {
      let cpu = process.cpuUsage();
      await withTransaction(server.ctx, (tx) => engine.scoreBatch(rows.slice(i, i + BATCH), tx));
      scoring += micros(process.cpuUsage(cpu));
      cpu = process.cpuUsage();
      await engine.flush();
      pushing += micros(process.cpuUsage(cpu));
    }
    const wall = performance.now() - started;
    console.log(
      `[tournament leaderboard] ${server.ctx.redis ? 'PostgreSQL + Redis' : 'PGlite'}: ${PLAYERS} players, ${ROUNDS} scoring bets in runs of ${BATCH}, a push after each run: ` +
        `${((scoring + pushing) / ROUNDS).toFixed(1)} µs CPU of this process per bet (scoring ${(scoring / ROUNDS).toFixed(1)}, ` +
        `top 10 + places + pushes ${(pushing / ROUNDS).toFixed(1)}); ${(wall / ROUNDS).toFixed(3)} ms wall per bet`,
    );

    await waitForPushes(pushed);
    const last = tournamentLeaderboardPushSchema.parse(pushed.at(-1));
    await unsubscribe();

    await server.ctx.db.update(tournaments).set({ endAt: new Date() }).where(eq(tournaments.id, t.id));
    const result = await completeTournament(server.ctx, DEFAULT_BONUS_RULES, t.id, { force: true });
    expect(result.outcome).toBe('completed');
    const exact = await withTransaction(server.ctx, (tx) => finalRanking(tx, t));
    expect(exact).toHaveLength(PLAYERS);
    expect(last.leaderboard).toHaveLength(10);
    expect(last.leaderboard).toEqual(
      exact
        .slice(0, 10)
        .map((s) => ({ nickname: `${s.nickname!.slice(0, 2)}***`, place: s.place, points: Number(s.points) })),
    );
    if (result.outcome === 'completed')
      expect(result.awards.map((a) => a.playerId)).toEqual(exact.slice(0, 3).map((s) => s.playerId));
    // Live entries and the recount agree for everyone, not only the top.
    const [diff] = await rowsOf<{ n: number }>(
      server.ctx.db,
      sql`select count(*)::int as n from tournament_entries where tournament_id = ${t.id}::uuid`,
    );
    expect(diff!.n).toBe(PLAYERS);
  }, 600_000);
});

async function waitForPushes(pushed: unknown[]) {
  for (let i = 0; i < 100 && pushed.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(pushed.length).toBeGreaterThan(0);
}
