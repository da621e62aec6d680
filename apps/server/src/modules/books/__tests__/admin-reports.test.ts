import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createGame, fundedPlayer, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { asStaff, enrolStaff, type StaffAgent } from '../../staff/__tests__/staff-kit.ts';
import { renderReport, reportTable } from '../render.ts';
import { REPORT_NAMES, runReport } from '../reports/index.ts';

/**
 * The reports' admin route: the figures of a played day as runReport gives them (formatted as the
 * command's json), the CSV file the command prints, refusals of bad queries and of roles without
 * Report read.
 */
let server: TestServer;
let finance: StaffAgent;
let marketing: StaffAgent;
let support: StaffAgent;
type Game = Awaited<ReturnType<typeof createGame>>;
let game: Game;
/** A game whose identity a spreadsheet would take for a formula. */
let formula: Game;
const today = () => new Date().toISOString().slice(0, 10);

/** A player of `currency` who got 100.00 from the operator and played two rounds: 2.50 won 10.00, 2.00 lost. */
async function playedRounds(currency: string, played = game) {
  const { player, account } = await fundedPlayer(server.ctx.db, 10_000n, currency);
  const ids = { playerId: player.id, accountId: account.id, gameId: played.id, currency };
  const session = await openSession(server.ctx, ids);
  const base = { token: session.token, gameIdentity: played.identity, currency };
  const won = txId('won');
  const lost = txId('lost');
  const calls = [
    await walletCall(server, 'bet', { ...base, transactionId: txId('b'), roundId: won, amount: 250 }),
    await walletCall(server, 'win', {
      ...base,
      transactionId: txId('w'),
      roundId: won,
      amount: 1_000,
      closeRound: true,
    }),
    await walletCall(server, 'bet', {
      ...base,
      transactionId: txId('b'),
      roundId: lost,
      amount: 200,
      closeRound: true,
    }),
  ];
  expect(calls.map((c) => c.status)).toEqual([200, 200, 200]);
}

beforeAll(async () => {
  // The day's figures must all fall on one UTC day.
  const toMidnight = 86_400_000 - (Date.now() % 86_400_000);
  if (toMidnight < 60_000) await new Promise((resolve) => setTimeout(resolve, toMidnight + 1_000));
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  finance = await enrolStaff(server, 'finance');
  marketing = await enrolStaff(server, 'marketing');
  support = await enrolStaff(server, 'support');
  game = await createGame(server.ctx.db);
  formula = await createGame(server.ctx.db, { identity: `=cmd-${crypto.randomUUID().slice(0, 8)}` });
  await playedRounds('EUR');
  await playedRounds('USD');
  await playedRounds('EUR', formula);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const get = (agent: StaffAgent, url: string) => asStaff(server, agent, 'GET', `/api/admin${url}`);

describe('the reports admin route', () => {
  it('answers every report as runReport gives it, formatted as the command formats it', async () => {
    const query = { from: today(), to: today() };
    for (const name of REPORT_NAMES) {
      const answer = await get(finance, `/reports/${name}?from=${query.from}&to=${query.to}`);
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(200);
      const data = answer.json().data;
      const expected = reportTable(await runReport(server.ctx.db, name, query));
      expect(data, name).toMatchObject({ name, ...query, currency: null, by: null, baseCurrency: 'EUR' });
      expect(data.columns, name).toEqual(expected.columns);
      expect(data.rows, name).toEqual(expected.rows);
    }
  });

  it('shows the played rounds by game, in the row currency and in the base currency', async () => {
    const answer = await get(finance, `/reports/ggr?from=${today()}&to=${today()}&by=game`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { columns, rows } = answer.json().data as {
      columns: { key: string; type: string; currency?: string }[];
      rows: Record<string, string>[];
    };
    expect(columns.filter((c) => c.type === 'money').map((c) => `${c.key}:${c.currency}`)).toEqual([
      'stakes:row',
      'stakesBase:base',
      'wins:row',
      'winsBase:base',
      'ggr:row',
      'ggrBase:base',
    ]);
    const played = rows.filter((r) => r.key === game.identity);
    expect(played.map((r) => r.currency)).toEqual(['EUR', 'USD']);
    expect(played[0]).toMatchObject({ bets: '2', stakes: '4.50', stakesBase: '4.50', wins: '10.00', ggr: '-5.50' });
    expect(played[1]).toMatchObject({ bets: '2', stakes: '4.50', wins: '10.00', ggr: '-5.50' });
    // The dollars' column in euros is converted at the catalogue's rate, not copied.
    expect(played[1]!.stakesBase).toMatch(/^\d+\.\d\d$/);
    expect(played[1]!.stakesBase).not.toBe('4.50');
    // One currency asked for: only its rows.
    const eur = (await get(finance, `/reports/ggr?from=${today()}&to=${today()}&by=game&currency=EUR`)).json().data;
    expect(new Set(eur.rows.map((r: { currency: string }) => r.currency))).toEqual(new Set(['EUR']));
  });

  it('answers format=csv with the file the command prints: a header, then the rows', async () => {
    const answer = await get(finance, `/reports/ggr?from=${today()}&to=${today()}&by=game&format=csv`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="ggr-${today()}-${today()}.csv"`);
    const report = await runReport(server.ctx.db, 'ggr', { from: today(), to: today(), by: 'game' });
    expect(answer.body).toBe(renderReport(report, 'csv'));
    const [header, ...lines] = answer.body.split('\n');
    expect(header).toBe('currency,game,product,bets,stakes,stakes (EUR),wins,wins (EUR),GGR,GGR (EUR)');
    expect(lines).toContain(`EUR,${game.identity},casino,2,4.50,4.50,10.00,10.00,-5.50,-5.50`);
    expect(lines).toHaveLength(report.rows.length);
    // Text a spreadsheet would run starts with a quote mark; numbers stay numbers.
    expect(lines).toContain(`EUR,'${formula.identity},casino,2,4.50,4.50,10.00,10.00,-5.50,-5.50`);
  });

  it('reconciles a day with the partners, as rows or CSV', async () => {
    const answer = await get(finance, `/reports/reconcile/psp?date=${today()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.columns.map((c: { key: string }) => c.key)).toContain('issue');
    const csv = await get(finance, `/reports/reconcile/games?date=${today()}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\n')[0]).toMatch(/^partner,currency,issue,/);
    expect((await get(finance, `/reports/reconcile/bank?date=${today()}`)).statusCode).toBe(422);
    expect((await get(finance, `/reports/reconcile/psp?date=2026-13-01`)).statusCode).toBe(422);
  });

  it('refuses unknown names, bad dates and currencies, spans and stray parameters (422)', async () => {
    const d = today();
    const bad = [
      `/reports/nope?from=${d}&to=${d}`,
      `/reports/ggr?from=2026-02-30&to=2026-03-01`,
      `/reports/ggr?from=2026-3-1&to=2026-03-02`,
      `/reports/ggr?from=2026-03-02&to=2026-03-01`,
      `/reports/ggr?from=2024-01-01&to=2026-01-01`,
      `/reports/ggr?to=${d}`,
      `/reports/ggr?from=${d}%00&to=${d}`,
      `/reports/ggr?from=${'9'.repeat(5_000)}&to=${d}`,
      `/reports/ggr?from=${d}&to=${d}&currency=eur`,
      `/reports/ggr?from=${d}&to=${d}&currency=${'E'.repeat(200)}`,
      `/reports/ggr?from=${d}&to=${d}&by=weather`,
      `/reports/ggr?from=${d}&to=${d}&format=xlsx`,
      `/reports/ggr?from=${d}&to=${d}&player=someone`,
      // A grouping the report does not take: the report's own refusal.
      `/reports/payments?from=${d}&to=${d}&by=game`,
    ];
    for (const url of bad) {
      const answer = await get(finance, url);
      expect(answer.statusCode, `${url.slice(0, 120)}: ${answer.body}`).toBe(422);
    }
  });

  it('is in the OpenAPI document, tag admin', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/admin/reports/{name}', '/api/admin/reports/reconcile/{kind}', '/api/admin/content/{id}'])
      expect(doc.paths[path]?.get?.tags, path).toEqual(['admin']);
  });

  it('refuses roles without Report read (403), and callers not signed in (401)', async () => {
    for (const agent of [marketing, support]) {
      expect((await get(agent, `/reports/ggr?from=${today()}&to=${today()}`)).statusCode).toBe(403);
      expect((await get(agent, `/reports/ggr?from=${today()}&to=${today()}&format=csv`)).statusCode).toBe(403);
      expect((await get(agent, `/reports/reconcile/psp?date=${today()}`)).statusCode).toBe(403);
    }
    const stranger = await server.app.inject({
      method: 'GET',
      url: `/api/admin/reports/ggr?from=${today()}&to=${today()}`,
    });
    expect(stranger.statusCode).toBe(401);
  });
});
