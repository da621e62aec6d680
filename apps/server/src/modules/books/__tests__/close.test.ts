import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows.ts';
import { createTestServer, opsCall, type TestServer } from '../../../test/server.ts';
import { createGame, fundedPlayer, openSession, txId, walletCall } from '../../game/__tests__/play-fixtures.ts';
import { balancesAt, closeBooks, dayCloses, postEntry } from '../../wallet/index.ts';
import { renderReport } from '../render.ts';
import { runReport } from '../reports/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.ctx.db;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Σ of every leg per currency, straight from the entries (no function of ours): zero when the books balance. */
async function legSumsByCurrency() {
  return rowsOf<{ currency: string; players: string; house: string }>(
    db(),
    sql`select a.currency, sum(l.real_delta + l.bonus_delta + l.locked_delta)::text as players,
               sum(case when l.counterparty = 'internal' then 0 else -(l.real_delta + l.bonus_delta + l.locked_delta) end)::text as house
          from ledger_entries l join wallet_accounts a on a.id = l.account_id group by a.currency`,
  );
}

/** A player who got 100.00 from the operator and played two rounds: 2.50 won 10.00, 2.00 lost. */
async function playedDay() {
  const game = await createGame(db());
  const { player, account } = await fundedPlayer(db(), 10_000n);
  const session = await openSession(server.ctx, { playerId: player.id, accountId: account.id, gameId: game.id });
  const base = { token: session.token, gameIdentity: game.identity, currency: 'EUR' };
  const won = txId('won');
  const lost = txId('lost');
  await walletCall(server, 'bet', { ...base, transactionId: txId('b'), roundId: won, amount: 250 });
  await walletCall(server, 'win', { ...base, transactionId: txId('w'), roundId: won, amount: 1_000, closeRound: true });
  await walletCall(server, 'bet', { ...base, transactionId: txId('b'), roundId: lost, amount: 200, closeRound: true });
  return { game, account };
}

describe('the books', () => {
  it('give every entry a house side: per currency the legs sum to zero, and the trial balance is zero', async () => {
    const { game } = await playedDay();
    for (const row of await legSumsByCurrency()) expect(BigInt(row.players) + BigInt(row.house)).toBe(0n);

    const report = await runReport(db(), 'trial-balance', { from: day(0), to: day(0) });
    const eur = report.rows.filter((r) => r.currency === 'EUR');
    expect(eur.at(-1)!.balance).toBe(0n);
    // The operator's credit left its adjustment account; the game's provider holds the players' net loss.
    const provider = eur.find(
      (r) => String(r.account).startsWith('casino:native/') && String(r.account).endsWith(':real'),
    );
    expect(provider).toBeDefined();
    const ggr = await runReport(db(), 'ggr', { from: day(0), to: day(0), by: 'game' });
    const line = ggr.rows.find((r) => r.key === game.identity)!;
    expect(line).toMatchObject({ product: 'casino', bets: 2, stakes: 450n, wins: 1_000n, ggr: -550n });
    const rtp = await runReport(db(), 'rtp', { from: day(0), to: day(0) });
    const played = rtp.rows.find((r) => r.game === game.identity)!;
    expect(played).toMatchObject({ rounds: 2, stakes: 450n, wins: 1_000n });
    expect(played.actual).toBeCloseTo(1_000 / 450, 6);
    // The sandbox slot's own figure, worked out from its strips: a return under 100 %.
    expect(played.theoretical).toBeGreaterThan(0.9);
    expect(played.theoretical).toBeLessThan(1);
    expect(renderReport(ggr, 'csv').split('\n')[0]).toBe(
      'currency,game,product,bets,stakes,stakes (EUR),wins,wins (EUR),GGR,GGR (EUR)',
    );
  });

  it('close day by day: openings are the closings before, the liability is the players’ money, nothing off', async () => {
    const { account } = await playedDay();
    // The first round moves two days back, the rest one: three days to close in order.
    await db().execute(sql`update ledger_entries set created_at = created_at - interval '2 days'
                            where account_id = ${account.id} and kind = 'credit'`);
    await db().execute(sql`update ledger_entries set created_at = created_at - interval '1 day'
                            where account_id = ${account.id} and kind <> 'credit'`);
    await db().execute(sql`update ledger_entries set created_at = created_at - interval '3 days'
                            where account_id <> ${account.id}`);
    const closes = await closeBooks(db(), day(-1));
    expect(closes.length).toBeGreaterThan(0);
    for (const close of closes) expect([close.trialBalance, close.accountsOff]).toEqual([0n, 0]);
    const [yesterday] = await dayCloses(db(), day(-1), day(-1), 'EUR');
    const players = await rowsOf<{ real: string; bonus: string; locked: string }>(
      db(),
      sql`select sum(real_balance)::text as real, sum(bonus_balance)::text as bonus, sum(locked_balance)::text as locked
            from wallet_accounts where currency = 'EUR'`,
    );
    expect(yesterday!.liabilityReal).toBe(BigInt(players[0]!.real));
    const real = await rowsOf<{ day: string; opening: string; closing: string }>(
      db(),
      sql`select day::text, opening::text, closing::text from ledger_day_balances
           where wallet_account_id = ${account.id} and account = 'player:real' order by day`,
    );
    expect(real.map((r) => [r.opening, r.closing])).toEqual([
      ['0', '10000'],
      ['10000', '10550'],
    ]);
    // Closed again: the same figures.
    const again = await closeBooks(db(), day(-1), day(-2));
    expect(again.filter((c) => c.currency === 'EUR').map((c) => c.trialBalance)).toEqual([0n, 0n]);
    const balances = await balancesAt(db(), day(0), 'EUR');
    expect(balances.reduce((s, b) => s + b.balance, 0n)).toBe(0n);
  });

  it('refuses an internal move that does not balance, and shows a tampered day OFF', async () => {
    const { account } = await playedDay();
    await expect(
      postEntry(db(), {
        accountId: account.id,
        idempotencyKey: txId('lopsided'),
        kind: 'withdrawal',
        realDelta: -100n,
        lockedDelta: 50n,
        counterparty: 'internal',
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/must sum to zero/) } });
    await closeBooks(db(), day(-1));
    await db().execute(sql`update ledger_entries set real_delta = real_delta + 1
                            where id = (select max(id) from ledger_entries where account_id = ${account.id})`);
    const response = await opsCall(server, 'reports/close', {});
    expect(response.json()).toEqual({ data: { text: 'Nothing to close: every day that is over is closed.' } });
    const today = (await closeBooks(db(), day(0), day(0))).find((c) => c.currency === 'EUR')!;
    expect(today.accountsOff).toBe(1);
    // The operator sees it at every close until it is closed again balanced.
    const shown = await opsCall(server, 'reports/close', {});
    expect(shown.json().data.text).toMatch(
      new RegExp(`Closed days that do not balance:\\n${day(0)} EUR: OFF: trial balance 0\\.00, 1 player account`),
    );
    const metrics = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/books_days_off\{currency="EUR"\} 1/);
  });

  it("takes the operator's debit only with a reason and never below zero, against the adjustment account", async () => {
    const email = `debit-${Date.now()}@example.com`;
    const { account } = await fundedPlayer(db(), 1_000n, 'EUR', email);
    const debit = (body: Record<string, unknown>) =>
      opsCall(server, 'debit', { player: email, currency: 'EUR', ...body });
    expect((await debit({ amount: '1' })).json()).toMatchObject({
      error: { fields: { reason: ['A debit needs its reason'] } },
    });
    expect((await debit({ amount: '10.01', reason: 'chargeback' })).json().error.code).toBe(15001);
    const taken = await debit({ amount: '2.50', reason: 'chargeback 42', reference: 'cb-42' });
    expect(taken.json().data).toMatchObject({ amount: '2.50', balance: '7.50', replayed: false });
    expect((await debit({ amount: '2.50', reason: 'chargeback 42', reference: 'cb-42' })).json().data.replayed).toBe(
      true,
    );
    const [entry] = await rowsOf<{ kind: string; counterparty: string; real_delta: string; reason: string }>(
      db(),
      sql`select kind, counterparty, real_delta::text, reference ->> 'reason' as reason from ledger_entries
           where account_id = ${account.id} order by id desc limit 1`,
    );
    expect(entry).toEqual({ kind: 'debit', counterparty: 'adjustment', real_delta: '-250', reason: 'chargeback 42' });
  });
});
