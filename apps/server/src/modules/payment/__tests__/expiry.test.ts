import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { InvoiceType } from '@casino/contracts';
import { loadConfig } from '../../../config.ts';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import { createTestDatabase } from '../../../test/server.ts';
import { outbox } from '../../../outbox/tables.ts';
import { openAccount } from '../../wallet/index.ts';
import { createPlayer } from '../../wallet/__tests__/factories.ts';
import { expireDeposits } from '../deposits.ts';
import { invoiceOf, listInvoices } from '../invoice-views.ts';
import { paymentInvoices } from '../tables.ts';

/**
 * No read writes (issue 36): an unpaid deposit past its time stays as it is while the player reads
 * it, and the `deposit-expiry` job expires it and tells the player. No server here, so no job runs
 * on its own: the test is the job.
 */
describe('deposit expiry', () => {
  let database: Database;
  let ctx: AppContext;
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DEPOSIT_EXPIRY_MINUTES: '1' });
    ctx = { db: database.db, config, notifyOutbox: () => {} } as unknown as AppContext;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reading an overdue deposit writes nothing; the job expires it once and announces it', async () => {
    const player = await createPlayer(ctx.db);
    const account = await openAccount(ctx.db, player.id, 'EUR');
    const insert = (minutesAgo: number, method: string) =>
      ctx.db
        .insert(paymentInvoices)
        .values({
          playerId: player.id,
          accountId: account.id,
          type: InvoiceType.deposit,
          state: 'awaiting_payment',
          method,
          currency: 'EUR',
          amountMinor: 5000n,
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning({ id: paymentInvoices.id });
    const [overdue] = await insert(5, 'card');
    const [fresh] = await insert(0, 'card');
    const [transfer] = await insert(5, 'bank_transfer');
    const events = async () =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(eq(outbox.event, 'payment.deposit.updated'))
      )[0]!.n;
    const before = await events();

    expect((await invoiceOf(ctx, player.id, overdue!.id)).status).toBe(1);
    expect((await listInvoices(ctx, player.id, { page: 1, perPage: 10 })).data.map((i) => i.status)).toEqual([1, 1, 1]);
    expect(await events()).toBe(before);
    const [row] = await ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.id, overdue!.id));
    expect(row).toMatchObject({ state: 'awaiting_payment', updatedAt: null });

    expect(await expireDeposits(ctx)).toBe(1);
    expect(await invoiceOf(ctx, player.id, overdue!.id)).toMatchObject({ status: 4, statusResult: 'Not paid in time' });
    expect((await invoiceOf(ctx, player.id, fresh!.id)).status).toBe(1);
    expect((await invoiceOf(ctx, player.id, transfer!.id)).status).toBe(1); // a bank transfer waits days
    expect(await events()).toBe(before + 1);
    expect(await expireDeposits(ctx)).toBe(0);
  });
});
