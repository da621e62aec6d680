import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@casino/contracts';
import { toast } from '@/shared/ui/toast.ts';
import { subscribePaymentInvoices } from './invoices-channel.ts';
import { testInvoice } from '../test-fixtures.ts';

vi.mock('@/shared/ui/toast.ts', () => ({ toast: vi.fn() }));
const socket = vi.hoisted(() => ({ channels: new Map<string, { onPublication: (data: unknown) => void }>() }));
vi.mock('@/shared/lib/socket.ts', () => ({
  subscribeChannel: async (channel: string, handlers: { onPublication: (data: unknown) => void }) => {
    socket.channels.set(channel, handlers);
    return () => socket.channels.delete(channel);
  },
}));

const invoice = (over: Partial<Invoice>): Invoice =>
  testInvoice({
    number: 7,
    amount: 100,
    transactionAmount: 100,
    createdAt: '2026-11-28T10:00:00.000Z',
    updatedAt: '2026-11-28T10:30:00.000Z',
    publicData: {},
    ...over,
  });
const publish = (over: Partial<Invoice>) =>
  socket.channels
    .get('payment:invoices#p1')!
    .onPublication({ event: 'invoice.deposit.updated', invoice: invoice(over) });

beforeEach(async () => {
  vi.mocked(toast).mockClear();
  await subscribePaymentInvoices('p1');
});

describe('payment:invoices#<playerId>', () => {
  it('says nothing when an abandoned deposit expires: it is not an error, nothing was charged', () => {
    publish({ status: 4, statusResult: 'Not paid in time' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('still tells a failed deposit and a paid one', () => {
    publish({ status: 3, statusResult: 'Declined' });
    publish({ id: 'i2', status: 2 });
    expect(vi.mocked(toast).mock.calls.map(([t]) => [t.type, t.title])).toEqual([
      [
        'error',
        'Sorry, but something went wrong with your €100.00 deposit from Nov 28, 2026, 10:00 AM. Please try again.',
      ],
      ['success', 'Your €100.00 deposit is in your balance'],
    ]);
  });
});
