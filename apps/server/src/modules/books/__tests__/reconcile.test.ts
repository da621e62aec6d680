import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxGameRounds } from '../../../sandbox/games/tables.ts';
import { catalogueGame, type Json } from '../../../sandbox/games/__tests__/helpers.ts';
import { sandboxPayPayments } from '../../../sandbox/payments/tables.ts';
import { createTestServer, opsCall, type TestServer } from '../../../test/server.ts';
import { jsonCaller } from '../../payment/__tests__/http.ts';
import { signedInPlayer } from '../../wallet/__tests__/factories.ts';
import { reconcile } from '../reconcile.ts';

/**
 * Reconciliation with each partner's signed daily statement: a day that agrees, then each kind of
 * mismatch made to happen on the partner's side (its own tables: what a partner's books would hold)
 * and found.
 */
let server: TestServer;
let base: string;
const call = jsonCaller(() => base);
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0', GAME_MIN_SPIN_MS: '0' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

const player = (euros?: number) => signedInPlayer(server.ctx, euros);

/** A card deposit of `amount` EUR: paid (the sandbox's page, then its webhook) unless `pay` is false. */
async function cardDeposit(amount: number, pay = true): Promise<string> {
  const { auth } = await player(0.01);
  const card = await call('POST', '/api/payment/invoices/deposit', auth, { method: 'card', currency: 'EUR', amount });
  expect(card.status, JSON.stringify(card.json)).toBe(200);
  const invoice = card.json.data.invoiceId as string;
  if (pay)
    await fetch(`${base}${card.json.data.action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
      redirect: 'manual',
    });
  await expect
    .poll(
      async () =>
        (await server.ctx.db.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.reference, invoice)))[0]
          ?.status,
    )
    .toBe(pay ? 'succeeded' : 'pending');
  if (pay)
    await expect
      .poll(
        async () =>
          (
            await server.ctx.database.query<{ n: number }>(
              'rk',
              `select count(*)::int as n from ledger_entries where idempotency_key = $1`,
              [`deposit:${invoice}`],
            )
          )[0]!.n,
      )
      .toBe(1);
  return invoice;
}

const issuesOf = (rows: Json[]) =>
  rows.filter((r) => !String(r.issue).startsWith('total')).map((r) => ({ issue: r.issue, key: r.key }));

describe('ops reports reconcile psp', () => {
  it('matches a paid day, then finds an undelivered webhook, a changed amount and a payment they do not list', async () => {
    const matched = await cardDeposit(25);
    const first = await reconcile(server.ctx, 'psp', today());
    expect(issuesOf(first.rows)).toEqual([]);
    expect(first.rows.find((r) => r.currency === 'EUR')).toMatchObject({ ours: 2_500n, theirs: 2_500n, fee: 63n });

    // The provider took a payment whose webhook never reached us.
    const lost = await cardDeposit(10, false);
    await server.ctx.db
      .update(sandboxPayPayments)
      .set({ status: 'succeeded', settledAt: new Date() })
      .where(eq(sandboxPayPayments.reference, lost));
    // Its books say 24.00 where we credited 25.00.
    await server.ctx.db
      .update(sandboxPayPayments)
      .set({ amountMinor: 2_400n })
      .where(eq(sandboxPayPayments.reference, matched));
    // And one we credited is on another day of theirs.
    const other = await cardDeposit(15);
    await server.ctx.db
      .update(sandboxPayPayments)
      .set({ settledAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(sandboxPayPayments.reference, other));

    const response = await opsCall(server, 'reports/reconcile', { kind: 'psp', date: today(), format: 'json' });
    const rows = JSON.parse(response.json().data.text).rows as Json[];
    expect(issuesOf(rows)).toEqual(
      expect.arrayContaining([
        { issue: 'missing in our ledger', key: `deposit:${lost}` },
        { issue: 'amount differs', key: `deposit:${matched}` },
        { issue: 'missing in their statement', key: `deposit:${other}` },
      ]),
    );
    expect(issuesOf(rows)).toHaveLength(3);
    expect(rows.find((r) => r.issue === 'amount differs')).toMatchObject({ ours: '25.00', theirs: '24.00' });
  });
});

describe('ops reports reconcile games', () => {
  it('matches the rounds played, then finds a round we never heard of and a changed stake', async () => {
    const game = await catalogueGame(server, 'dice');
    const { auth, accountId } = await player(50);
    const launched = await call('POST', `/api/game/games/${encodeURIComponent(game.identity)}/play`, auth, {
      demoMode: false,
      accountId,
    });
    const sid = (launched.json.data.gameUrl as string).split('/').pop()!;
    const roundIds: string[] = [];
    for (const target of [10, 90]) {
      const response = await fetch(`${base}/sandbox/games/api/sessions/${sid}/rounds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bet: 100, params: { target, over: true } }),
      });
      const body = (await response.json()) as Json;
      expect(response.status, JSON.stringify(body)).toBe(200);
      roundIds.push(body.round.id as string);
    }
    const first = await reconcile(server.ctx, 'games', today());
    expect(issuesOf(first.rows)).toEqual([]);
    expect(first.rows.find((r) => String(r.issue).startsWith('total'))).toMatchObject({
      issue: expect.stringMatching(/^total: (\d+) of \1 lines/),
    });

    // A round the provider says it played and we never heard of; a stake it records as 2.00, not 1.00.
    const [played] = await server.ctx.db.select().from(sandboxGameRounds).where(eq(sandboxGameRounds.id, roundIds[0]!));
    const ghost = randomUUID();
    await server.ctx.db
      .insert(sandboxGameRounds)
      .values({ ...played!, id: randomUUID(), betTxId: ghost, winTxId: null, win: 0 });
    await server.ctx.db.execute(sql`update sandbox_game_rounds set bet = 200 where id = ${roundIds[1]!}::uuid`);
    const rows = (await reconcile(server.ctx, 'games', today())).rows;
    expect(issuesOf(rows)).toEqual(
      expect.arrayContaining([
        { issue: 'missing in our ledger', key: `game:${ghost}` },
        { issue: 'amount differs', key: `game:${(await roundOf(roundIds[1]!)).betTxId}` },
      ]),
    );
    expect(issuesOf(rows)).toHaveLength(2);
  });
});

const roundOf = async (id: string) =>
  (await server.ctx.db.select().from(sandboxGameRounds).where(eq(sandboxGameRounds.id, id)))[0]!;
