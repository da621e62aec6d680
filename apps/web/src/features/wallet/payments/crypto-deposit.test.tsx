import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { Invoice, PaymentMethod } from '@casino/contracts';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { jsonResponse, renderInModal, routeFetch } from '../../test-support.tsx';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { testAccount, testCurrency } from '../test-fixtures.ts';
import { applyInvoice } from '../api/payments.ts';
import { CryptoDeposit } from './crypto-deposit.tsx';

const ADDRESS = 'bc1qexampleexampleexampleexampleexample00';
const crypto: PaymentMethod = {
  method: 'crypto',
  type: 'address',
  processingType: 'qr',
  amountMin: 0.0002,
  amountMax: 0.9,
  names: { en: 'Crypto' },
  logo: '',
  icon: '',
  presets: [],
  fields: [
    {
      key: 'crypto_network',
      fieldType: 'select',
      type: 'string',
      regexp: '^[a-z0-9]+$',
      labels: { en: 'Network' },
      hints: {},
      isRequired: true,
      position: 1,
      value: 'bitcoin',
      options: [{ id: 'bitcoin', name: 'Bitcoin', minAmount: 0.0002, maxAmount: 0.9 }],
    },
  ],
};
const transfer = (over: Partial<Invoice>): Invoice => ({
  id: 't1',
  number: 21,
  playerId: 'p1',
  amount: 0.0015,
  currency: 'BTC',
  transactionAmount: 0.0015,
  transactionCurrency: 'BTC',
  status: 1,
  statusResult: 'Waiting for confirmations',
  invoiceType: 1,
  paymentMethod: 'crypto',
  cancellable: false,
  createdAt: new Date().toISOString(),
  updatedAt: null,
  publicData: { address: ADDRESS, confirmations: 0, confirmationsRequired: 3 },
  ...over,
});

let rows: Invoice[];
beforeEach(() => {
  queryClient.clear();
  rows = [];
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(currenciesQueryKey, [testCurrency('BTC', 'crypto', 100_000_000, { symbol: '₿' })]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) =>
      routeFetch({
        'POST /api/payment/invoices/deposit': () =>
          jsonResponse(200, {
            data: { invoiceId: 'pay_1', method: 'crypto', type: 'qr', action: '', fields: {}, address: ADDRESS },
          }),
        'GET /api/payment/invoices': () =>
          jsonResponse(200, { data: rows, meta: { page: 1, perPage: 10, total: rows.length, totalPages: 1 } }),
      })(url, init),
    ),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLocale('en'));
});

describe('the crypto deposit screen', () => {
  it('shows the minimum for the network, then an incoming transfer with its confirmations, then credited', async () => {
    renderInModal(<CryptoDeposit account={testAccount('b1', 'BTC', 0)} method={crypto} />);
    expect(await screen.findByText(/Minimum deposit: 0.20 mBTC/)).toBeInTheDocument();
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();

    rows = [transfer({})];
    act(() => applyInvoice(rows[0]!));
    expect(await screen.findByText(/Incoming: 1.50 mBTC, 0\/3 confirmations/)).toBeInTheDocument();

    rows = [
      transfer({
        updatedAt: new Date().toISOString(),
        publicData: { address: ADDRESS, confirmations: 2, confirmationsRequired: 3 },
      }),
    ];
    act(() => applyInvoice(rows[0]!));
    expect(await screen.findByText(/Incoming: 1.50 mBTC, 2\/3 confirmations/)).toBeInTheDocument();

    rows = [transfer({ status: 2, publicData: { address: ADDRESS, confirmations: 3, confirmationsRequired: 3 } })];
    act(() => applyInvoice(rows[0]!));
    expect(await screen.findByText(/1.50 mBTC is in your balance/)).toBeInTheDocument();
  });

  it('in German', async () => {
    await act(() => setLocale('de'));
    rows = [transfer({ publicData: { address: ADDRESS, confirmations: 1, confirmationsRequired: 3 } })];
    renderInModal(<CryptoDeposit account={testAccount('b1', 'BTC', 0)} method={crypto} />);
    expect(await screen.findByText(/Mindesteinzahlung/)).toBeInTheDocument();
    expect(await screen.findByText(/Eingehend: .*1\/3 Bestätigungen/)).toBeInTheDocument();
  });
});
