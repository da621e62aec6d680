import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataEnvelope, invoiceSchema, pageEnvelope, type Invoice } from '@casino/contracts';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { get, put, reply, server } from '@/test-api.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { renderInModal } from '../../test-support.tsx';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { testCurrency } from '../test-fixtures.ts';
import { TransactionsPanel } from './transactions.tsx';

const invoice = (over: Partial<Invoice>): Invoice => ({
  id: 'w1',
  number: 12,
  playerId: 'p1',
  amount: 30,
  currency: 'EUR',
  transactionAmount: 30,
  transactionCurrency: 'EUR',
  status: 1,
  statusResult: '',
  invoiceType: 2,
  paymentMethod: 'bank_transfer',
  cancellable: true,
  createdAt: '2026-11-25T10:00:00Z',
  updatedAt: null,
  publicData: null,
  ...over,
});
const cancelled = invoice({ status: 3, statusResult: 'Cancelled by you', cancellable: false });

let rows: Invoice[];
let declines: number;
beforeEach(() => {
  declines = 0;
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(currenciesQueryKey, [testCurrency('EUR', 'fiat', 100)]);
  server.use(
    get('/api/payment/invoices', () =>
      reply(pageEnvelope(invoiceSchema), {
        data: rows,
        meta: { page: 1, perPage: 10, totalRows: rows.length, totalPages: 1 },
      }),
    ),
    put('/api/payment/invoices/w1/decline', () => {
      declines++;
      rows = [cancelled];
      return reply(dataEnvelope(invoiceSchema), { data: cancelled });
    }),
  );
});
afterEach(async () => {
  await act(() => setLocale('en'));
});

const panel = () => renderInModal(<TransactionsPanel filters={{ page: 1 }} onFilters={() => {}} />);

describe('cancelling a pending withdrawal', () => {
  it('asks first (focus on the safe choice), and "Keep it" changes nothing', async () => {
    rows = [invoice({})];
    const user = userEvent.setup();
    panel();
    await user.click(await screen.findByRole('button', { name: 'Cancel withdrawal #12' }));
    expect(declines).toBe(0);
    const ask = screen.getByRole('group', { name: 'Cancel withdrawal #12?' });
    expect(ask).toHaveTextContent('€30.00 goes back to your balance');
    expect(within(ask).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: 'Cancel withdrawal #12?' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel withdrawal #12' })).toHaveFocus();
    expect(declines).toBe(0);
  });

  it('once confirmed, the withdrawal shows "Cancelled", not a red "Failed"', async () => {
    rows = [invoice({})];
    const user = userEvent.setup();
    panel();
    await user.click(await screen.findByRole('button', { name: 'Cancel withdrawal #12' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(declines).toBe(1);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(await within(list).findByText('Cancelled')).toBeInTheDocument();
    expect(within(list).queryByText('Failed')).toBeNull();
  });

  it('says "Storniert" in German, and names methods properly', async () => {
    await act(() => setLocale('de'));
    rows = [cancelled, invoice({ id: 'd1', number: 13, invoiceType: 1, paymentMethod: 'qr_pay', status: 2 })];
    panel();
    const list = await screen.findByRole('list', { name: 'Transaktionen' });
    expect(within(list).getByText('Storniert')).toBeInTheDocument();
    expect(within(list).getByText(/Per QR zahlen/)).toBeInTheDocument();
    expect(within(list).getByText(/Banküberweisung/)).toBeInTheDocument();
    expect(within(list).queryByText(/qr pay|bank transfer/)).toBeNull();
  });
});
