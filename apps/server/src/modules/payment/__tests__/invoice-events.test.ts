import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Channel, EVENT_VERSIONS, InvoiceType } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { parkedRows, PUSH_LANE, withTransaction } from '../../../outbox/index.ts';
import { outbox } from '../../../outbox/tables.ts';
import { messengerMessages } from '../../notification/tables.ts';
import { openAccount } from '../../wallet/index.ts';
import { createPlayer } from '../../wallet/__tests__/factories.ts';
import { invoiceOf } from '../invoice-views.ts';
import { saveInvoice, wireInvoice } from '../invoices.ts';
import { paymentInvoices } from '../tables.ts';

/**
 * Invoice events carry the invoice's own facts (its state, minor units), not its wire shape: consumers
 * act on those, and the payment module builds the player's push from them. A row written in the first
 * shape (the wire invoice, version 1) still reaches every consumer and the push in the current one; a
 * row in a shape this node does not know is parked by the push lane, whose other pushes go on.
 */
describe('invoice events', () => {
  let server: TestServer;
  const written: number[] = [];
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    // The rows written here in other shapes on purpose, once the lanes are past them.
    if (written.length) await server.ctx.db.delete(outbox).where(inArray(outbox.id, written));
    await server?.close();
  });

  async function deposit(state: 'awaiting_payment' | 'succeeded' = 'awaiting_payment') {
    const player = await createPlayer(server.ctx.db);
    const account = await openAccount(server.ctx.db, player.id, 'EUR');
    const [row] = await server.ctx.db
      .insert(paymentInvoices)
      .values({
        playerId: player.id,
        accountId: account.id,
        type: InvoiceType.deposit,
        state,
        method: 'card',
        currency: 'EUR',
        amountMinor: 5_000n,
      })
      .returning();
    const pushes: unknown[] = [];
    await server.ctx.broker.subscribe(Channel.paymentInvoices(player.id), (pub) => pushes.push(pub.data));
    return { player, row: row!, pushes };
  }

  const notices = (playerId: string) =>
    server.ctx.db
      .select({ title: messengerMessages.title, body: messengerMessages.body })
      .from(messengerMessages)
      .where(eq(messengerMessages.playerId, playerId));

  it("a paid deposit's event is its facts; the push is the invoice as the player reads it", async () => {
    const { player, row, pushes } = await deposit();
    await withTransaction(server.ctx, (tx) => saveInvoice(tx, row, { state: 'succeeded', statusResult: 'Paid' }));
    await waitFor(() => pushes.length === 1);
    expect(pushes[0]).toEqual({
      event: 'invoice.deposit.updated',
      invoice: await invoiceOf(server.ctx, player.id, row.id),
    });
    const mine = (await server.ctx.db.select().from(outbox).where(eq(outbox.event, 'payment.deposit.updated'))).find(
      (e) => (e.payload as { invoiceId: string }).invoiceId === row.id,
    );
    expect(mine!.v).toBe(EVENT_VERSIONS['payment.deposit.updated']);
    expect(mine!.payload).toMatchObject({
      playerId: player.id,
      invoiceId: row.id,
      state: 'succeeded',
      currency: 'EUR',
      amountMinor: '5000',
      bonusId: null,
    });
    expect(mine!.payload).not.toHaveProperty('invoice');
    // The notifications lane told the player, with the amount from the facts.
    await waitFor(async () => (await notices(player.id)).length === 1);
    expect((await notices(player.id))[0]!.body).toContain('50.00');
  });

  it('a row written in the first shape reaches the consumers and the push in the current one', async () => {
    const { player, row, pushes } = await deposit('succeeded');
    const [old] = await server.ctx.db
      .insert(outbox)
      .values({
        event: 'payment.deposit.updated',
        v: 1,
        payload: { playerId: player.id, invoice: wireInvoice(row), amountMinor: '5000', bonusId: null },
      })
      .returning({ id: outbox.id });
    written.push(old!.id);
    server.ctx.notifyOutbox();
    await waitFor(() => pushes.length === 1);
    expect(pushes[0]).toEqual({ event: 'invoice.deposit.updated', invoice: wireInvoice(row) });
    await waitFor(async () => (await notices(player.id)).length === 1);
    expect((await notices(player.id))[0]!.body).toContain('50.00');
  });

  it('a row in a shape this node cannot read is parked by the push lane, and later pushes go out', async () => {
    const { player, row, pushes } = await deposit();
    const [newer] = await server.ctx.db
      .insert(outbox)
      .values({ event: 'payment.deposit.updated', v: 9, payload: { playerId: player.id, invoiceId: row.id } })
      .returning({ id: outbox.id });
    written.push(newer!.id);
    await withTransaction(server.ctx, (tx) => saveInvoice(tx, row, { state: 'failed', statusResult: 'Declined' }));
    await waitFor(() => pushes.length === 1);
    expect(pushes[0]).toMatchObject({ event: 'invoice.deposit.updated', invoice: { id: row.id, status: 3 } });
    const parked = (await parkedRows(server.ctx.db)).find((p) => p.outboxId === newer!.id);
    expect(parked).toMatchObject({ consumer: PUSH_LANE, event: 'payment.deposit.updated' });
    expect(parked!.lastError).toContain('written at version 9');
  });
});
