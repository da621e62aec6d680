import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { sleep } from '../../../test/wait.ts';
import { closeBooks } from '../../wallet/index.ts';
import { renderReport } from '../render.ts';
import type { Report, Row } from '../report.ts';
import { runReport, type ReportName } from '../reports/index.ts';
import {
  entriesByHand,
  ggrByHand,
  legSumsByHand,
  liabilityByHand,
  ngrByHand,
  paymentsByHand,
  playersByHand,
  trialBalanceByHand,
  walletOffByHand,
  type GgrBy,
  type Liability,
} from './books-by-hand.ts';
import { playTheDay, SCRIPT, type Day } from './scripted-day.ts';

/**
 * The books of a scripted day (scripted-day.ts): every report of the day equals the same figures worked
 * out independently from the ledger (books-by-hand.ts), and a few figures equal what the script played.
 */
let server: TestServer;
let day: Day;
let today: string;

beforeAll(async () => {
  // The day must not cross midnight (UTC) while it is played: start after it if it is close.
  const toMidnight = 86_400_000 - (Date.now() % 86_400_000);
  if (toMidnight < 120_000) await sleep(toMidnight + 1_000);
  today = new Date().toISOString().slice(0, 10);
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0', GAME_MIN_SPIN_MS: '0', DEPOSIT_EXPIRY_MINUTES: '0.1' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  day = await playTheDay(server);
  expect(new Date().toISOString().slice(0, 10), 'the day was played within one UTC day').toBe(today);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.ctx.db;
const report = (name: ReportName, by?: GgrBy) =>
  runReport(db(), name, { from: today, to: today, ...(by ? { by } : {}) });
const pick = (row: Row, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));
const isTotal = (row: Row) => String(row.account).startsWith('total');

it('trial balance: zero in every currency, and each account is its legs summed by hand', async () => {
  const trial = await report('trial-balance');
  const currencies = [...new Set(trial.rows.map((r) => r.currency))];
  expect(currencies).toEqual(['EUR', 'USD']);
  for (const currency of currencies) {
    const totals = trial.rows.filter((r) => r.currency === currency && isTotal(r));
    expect(totals.map((r) => r.balance)).toEqual([0n]);
  }
  const accounts = trial.rows
    .filter((r) => !isTotal(r))
    .map((r) => pick(r, ['currency', 'account', 'accounts', 'balance']));
  expect(accounts).toEqual(await trialBalanceByHand(db(), today));
  // By hand from the script: the card money left the provider's clearing account, the operator's credit
  // the adjustment account, Carol's conversion the promotion's account.
  const balance = (currency: string, account: string) =>
    trial.rows.find((r) => r.currency === currency && r.account === account)?.balance;
  expect(balance('EUR', 'psp:sandbox/card')).toBe(-SCRIPT.alice.card);
  expect(balance('USD', 'adjustment')).toBe(-SCRIPT.bob.credit);
  expect(balance('EUR', 'promotion:ops')).toBe(-SCRIPT.carol.maxConversion);
  expect(balance('EUR', 'player:locked')).toBe(SCRIPT.alice.waiting);
});

const GGR_KEYS = ['currency', 'key', 'product', 'bets', 'stakes', 'wins', 'ggr'];

it('ggr by product, game and provider: the game entries summed by hand', async () => {
  for (const by of ['product', 'game', 'provider'] as const) {
    const ggr = await report('ggr', by);
    const rows = ggr.rows.map((r) => pick(r, GGR_KEYS));
    expect(rows, `ggr by ${by}`).toEqual(await ggrByHand(db(), today, by));
  }
  // By hand from the script: stakes less wins, real money only (Carol's bonus-money rounds are not GGR).
  const byProduct = (await report('ggr', 'product')).rows.map((r) => pick(r, GGR_KEYS));
  const expected = (['casino', 'sports'] as const).flatMap((product) =>
    (['EUR', 'USD'] as const).map((currency) => {
      const { bets, stakes, wins } = SCRIPT[product][currency];
      return { currency, key: '', product, bets, stakes, wins, ggr: stakes - wins };
    }),
  );
  const order = (rows: Record<string, unknown>[]) =>
    [...rows].sort((x, y) => `${x.currency}|${x.product}`.localeCompare(`${y.currency}|${y.product}`));
  expect(order(byProduct)).toEqual(order(expected));
  // By game: the sportsbook and both slots; slot 1 in both currencies (Alice's euros, Bob's dollars).
  const byGame = (await report('ggr', 'game')).rows;
  expect(byGame.filter((r) => r.key === day.slots[0].identity).map((r) => r.currency)).toEqual(['EUR', 'USD']);
  expect(byGame.find((r) => r.key === day.slots[1].identity)).toMatchObject({ currency: 'USD', ggr: 4_250n - 4_000n });
});

it('ngr: GGR less what promotions cost, summed by hand (Carol’s conversion is the only cost)', async () => {
  const ngr = await report('ngr');
  const rows = ngr.rows.map((r) => pick(r, ['currency', 'ggr', 'promotionCost', 'ngr']));
  expect(rows).toEqual(await ngrByHand(db(), today));
  const ggrOf = (currency: 'EUR' | 'USD') =>
    SCRIPT.casino[currency].stakes -
    SCRIPT.casino[currency].wins +
    SCRIPT.sports[currency].stakes -
    SCRIPT.sports[currency].wins;
  expect(rows).toEqual([
    {
      currency: 'EUR',
      ggr: ggrOf('EUR'),
      promotionCost: SCRIPT.carol.maxConversion,
      ngr: ggrOf('EUR') - SCRIPT.carol.maxConversion,
    },
    { currency: 'USD', ggr: ggrOf('USD'), promotionCost: 0n, ngr: ggrOf('USD') },
  ]);
});

const PAYMENT_KEYS = [
  ...['currency', 'direction', 'provider', 'method', 'paid', 'paidAmount', 'failed', 'failedAmount'],
  ...['declined', 'declinedAmount', 'expired', 'expiredAmount'],
];

it('payments: paid from the ledger, failed, declined and expired from the invoices, by hand', async () => {
  const payments = await report('payments');
  const rows = payments.rows.map((r) => pick(r, PAYMENT_KEYS));
  const byHand = await paymentsByHand(db(), today);
  expect(rows).toEqual(byHand.lines);
  // The ledger's paid lines are the invoices that succeeded, seen from the payment module.
  const paid = byHand.lines
    .filter((l) => l.paid > 0)
    .map((l) => ({ key: [l.currency, l.direction, l.provider, l.method].join('|'), n: l.paid, amount: l.paidAmount }));
  expect(paid).toEqual([...byHand.succeeded].sort((a, b) => a.key.localeCompare(b.key)));
  const line = (currency: string, direction: string, method: string) =>
    rows.find((r) => r.currency === currency && r.direction === direction && r.method === method);
  expect(line('EUR', 'deposit', 'card')).toMatchObject({
    paid: 1,
    paidAmount: SCRIPT.alice.card,
    failed: 1,
    failedAmount: SCRIPT.alice.declined,
  });
  expect(line('EUR', 'withdrawal', 'bank_transfer')).toMatchObject({
    ...{ paid: 1, paidAmount: SCRIPT.alice.paidOut, declined: 1, declinedAmount: SCRIPT.alice.cancelled },
  });
  expect(line('USD', 'deposit', 'bank_transfer')).toMatchObject({ paid: 1, paidAmount: SCRIPT.bob.transfer });
  expect(line('USD', 'deposit', 'card')).toMatchObject({ paid: 0, expired: 1, expiredAmount: SCRIPT.bob.expired });
  expect(line('USD', 'withdrawal', 'bank_transfer')).toMatchObject({
    paid: 0,
    failed: 1,
    failedAmount: SCRIPT.bob.failedPayout,
  });
});

it('players: signed up, active, first-time depositors, counted by hand', async () => {
  const players = await report('players');
  expect(players.rows).toEqual([await playersByHand(db(), today)]);
  // Four signed up; Alice, Bob and Carol bet; Alice and Bob deposited (Carol's money was the operator's).
  expect(players.rows).toEqual([{ key: today, new: 4, active: 3, firstDeposits: 2 }]);
});

const liabilityRows = (r: Report) =>
  r.rows.map((row) => ({
    currency: row.currency,
    real: row.real,
    bonus: row.bonus,
    locked: row.locked,
    day: row.day,
    total: row.total,
  }));
const asLiability = (l: Liability[]) => l.map((x) => ({ ...x, day: today, total: x.real + x.bonus + x.locked }));

it('liability: what the wallet holds for players; the cashback is Alice’s bonus money', async () => {
  const byHand = await liabilityByHand(db());
  expect(liabilityRows(await report('liability'))).toEqual(asLiability(byHand));
  // By hand: 100.00 + 10.00 (slots) − 20.00 (ticket) − 40.00 − 20.00 + 20.00 − 20.00 = 30.00 for Alice, 15.00 for Carol;
  // Bob: 200.00 + 50.00 − 3.50 (slots) + 15.00 (ticket), his bounced payout back.
  const ggr = (currency: 'EUR' | 'USD') => ({
    casino: SCRIPT.casino[currency].stakes - SCRIPT.casino[currency].wins,
    sports: SCRIPT.sports[currency].stakes - SCRIPT.sports[currency].wins,
  });
  const aliceReal =
    SCRIPT.alice.card - ggr('EUR').casino - ggr('EUR').sports - SCRIPT.alice.paidOut - SCRIPT.alice.waiting;
  const bobReal = SCRIPT.bob.transfer + SCRIPT.bob.credit - ggr('USD').casino - ggr('USD').sports;
  // 10 % of Alice's real-money loss: 35.00 staked (slots net of the void, and the ticket) against 25.00 won.
  expect(day.cashback).toBe(((3_500n - 2_500n) * SCRIPT.cashbackPercent) / 100n);
  expect(byHand).toEqual([
    {
      currency: 'EUR',
      real: aliceReal + SCRIPT.carol.maxConversion,
      bonus: day.cashback,
      locked: SCRIPT.alice.waiting,
    },
    { currency: 'USD', real: bobReal, bonus: 0n, locked: 0n },
  ]);
});

it('every entry balances: Σ of all legs is zero per currency; every wallet balance is its deltas summed', async () => {
  expect(await legSumsByHand(db(), today)).toEqual([
    { currency: 'EUR', sum: 0n },
    { currency: 'USD', sum: 0n },
  ]);
  expect(await walletOffByHand(db())).toEqual({ accounts: [], internal: [] });
  const { counterparties } = await entriesByHand(db(), today);
  for (const cp of counterparties)
    expect(cp).toMatch(
      /^(casino|sports):[^:/]+\/[^:/]+$|^psp:[^:/]+\/[^:/]+$|^bonus:(ops|freespins|cashback)$|^adjustment$|^internal$/,
    );
});

it('the close of today: trial balance 0, nothing off, the liability the wallet holds; the reports read the same', async () => {
  const trialBefore = await report('trial-balance');
  const closes = (await closeBooks(db(), today)).filter((c) => c.day === today);
  const { entries } = await entriesByHand(db(), today);
  const byHand = await liabilityByHand(db());
  expect(closes.map((c) => [c.currency, c.trialBalance, c.accountsOff, c.entries])).toEqual(
    Object.entries(entries).map(([currency, n]) => [currency, 0n, 0, n]),
  );
  expect(
    closes.map((c) => ({
      currency: c.currency,
      real: c.liabilityReal,
      bonus: c.liabilityBonus,
      locked: c.liabilityLocked,
    })),
  ).toEqual(byHand);
  expect(liabilityRows(await report('liability'))).toEqual(asLiability(byHand));
  // The close's own closings per account (the ledger's first day: closing = balance) are the trial balance by hand.
  const closings = await rowsOf<{ currency: string; account: string; accounts: string; balance: string }>(
    db(),
    sql`select currency, account, count(*)::text as accounts, sum(closing)::text as balance from ledger_day_balances
         where day = ${today}::date and closing <> 0 group by 1, 2 order by 1, 2`,
  );
  const byHandTrial = await trialBalanceByHand(db(), today);
  expect(closings.map((c) => ({ ...c, accounts: Number(c.accounts), balance: BigInt(c.balance) }))).toEqual(
    byHandTrial,
  );
  expect((await report('trial-balance')).rows).toEqual(trialBefore.rows);
});

it('the ggr as CSV: a header, one line per row, major units beside the currency', async () => {
  const ggr = await report('ggr', 'product');
  const lines = renderReport(ggr, 'csv').split('\n');
  expect(lines[0]).toBe('currency,product,bets,stakes,stakes (EUR),wins,wins (EUR),GGR,GGR (EUR)');
  expect(lines).toHaveLength(ggr.rows.length + 1);
  const major = (minor: bigint) =>
    `${minor < 0n ? '-' : ''}${(minor < 0n ? -minor : minor) / 100n}.${String((minor < 0n ? -minor : minor) % 100n).padStart(2, '0')}`;
  const eur = SCRIPT.casino.EUR;
  expect(lines).toContain(
    [
      'EUR',
      'casino',
      eur.bets,
      major(eur.stakes),
      major(eur.stakes),
      major(eur.wins),
      major(eur.wins),
      major(eur.stakes - eur.wins),
      major(eur.stakes - eur.wins),
    ].join(','),
  );
  for (const [i, row] of ggr.rows.entries()) {
    const cells = lines[i + 1]!.split(',');
    expect([cells[0], cells[1], cells[2], cells[3], cells[5], cells[7]]).toEqual([
      ...[row.currency, row.product, String(row.bets)],
      ...[major(row.stakes as bigint), major(row.wins as bigint), major(row.ggr as bigint)],
    ]);
    for (const base of [cells[4], cells[6], cells[8]]) expect(base).toMatch(/^-?\d+\.\d{2}$/);
  }
});
