import { describe, expectTypeOf, it } from 'vitest';
import type { EventMap, EventName, InvoiceState } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { createOutboxConsumers, enqueue, type OutboxRow } from '../outbox.ts';

/** Type-level checks (`npm run typecheck` fails on them); at run time there is nothing to fail. */
describe('typed events', () => {
  it('enqueue takes only known events, each with its own payload', () => {
    const db = null as unknown as DbOrTx;
    const check = () => {
      void enqueue(db, 'player.email.confirmed', { playerId: 'p', email: 'a@b.test' });
      // @ts-expect-error an event nobody declared
      void enqueue(db, 'player.emailConfirmed', { playerId: 'p', email: 'a@b.test' });
      // @ts-expect-error the payload of another event
      void enqueue(db, 'player.email.confirmed', { playerId: 'p', phone: '+4915112345678' });
      // @ts-expect-error `fields` names them in a list
      void enqueue(db, 'player.profile.updated', { playerId: 'p', fields: 'email' });
    };
    expectTypeOf(check).toBeFunction();
    // Amounts are minor units as decimal strings (they exceed 2^53).
    expectTypeOf<EventMap['wallet.balance.changed']['real']>().toEqualTypeOf<string>();
  });

  it("a handler's and a publisher's row carry their event's payload", () => {
    const consumers = createOutboxConsumers();
    const check = () => {
      consumers.register({
        name: 'typed',
        startFrom: 'now',
        handlers: {
          'payment.deposit.updated': async (row) => {
            expectTypeOf(row.payload.amountMinor).toEqualTypeOf<string>();
            expectTypeOf(row.payload.state).toEqualTypeOf<InvoiceState>();
            expectTypeOf(row.event).toEqualTypeOf<'payment.deposit.updated'>();
          },
          'game.bet.settled': async ({ payload }) => {
            expectTypeOf(payload.stake.bonus).toEqualTypeOf<string>();
            // @ts-expect-error a settled bet has no `amount`
            void payload.amount;
          },
          // @ts-expect-error no such event
          'game.bet.placed': async () => {},
        },
      });
      consumers.registerPublisher('player.phone.confirmed', (row) => {
        expectTypeOf(row).toEqualTypeOf<OutboxRow<'player.phone.confirmed'>>();
        expectTypeOf(row.payload.phone).toEqualTypeOf<string>();
        return [];
      });
    };
    expectTypeOf(check).toBeFunction();
    expectTypeOf<EventName>().toEqualTypeOf<keyof EventMap>();
  });
});
