import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  bonusDefinitionSchema,
  constantsSchema,
  dataEnvelope,
  depositResultSchema,
  invoiceSchema,
  pageEnvelope,
  type BonusDefinition,
  type Invoice,
  type PaymentMethod,
} from '@casino/contracts';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { get, post, reply, server } from '@/test-api.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { renderInModal } from '../../test-support.tsx';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { testAccount, testConstants, testCurrency } from '../test-fixtures.ts';
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

/** The welcome bonus in BTC: 100 % up to 1 BTC, from 0.00034483 BTC (€20). */
const welcome: BonusDefinition = {
  id: 'w',
  name: 'Welcome 1st deposit 100%',
  status: 1,
  type: 2,
  wagerCasino: 10,
  wagerSportsbook: 0,
  baseCurrencyMaxWinAmount: null,
  maxWinAmountItems: [],
  assignConditions: { depositPercentage: 100, maxAmountItems: [{ amount: 1, currency: 'BTC' }] },
  triggerConditions: {
    baseCurrencyInvoiceAmountFrom: 20,
    baseCurrencyInvoiceAmountTo: null,
    invoiceAmountItems: [{ currency: 'BTC', amountFrom: 0.00034483, amountTo: null }],
  },
  package: { id: 'p', name: 'Welcome package' },
  packagePriority: 1,
};

let rows: Invoice[];
let offers: BonusDefinition[];
let sent: Record<string, unknown>[];
beforeEach(() => {
  rows = [];
  offers = [];
  sent = [];
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(currenciesQueryKey, [testCurrency('BTC', 'crypto', 100_000_000, { symbol: '₿' })]);
  server.use(
    post('/api/payment/invoices/deposit', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      // The address carries the bonus: another one for each choice.
      const address = body.bonusId ? `${ADDRESS.slice(0, -2)}${String(body.bonusId).padStart(2, '0')}` : ADDRESS;
      return reply(dataEnvelope(depositResultSchema), {
        data: { invoiceId: 'pay_1', method: 'crypto', type: 'qr', action: '', fields: {}, address },
      });
    }),
    get('/api/game/bonuses', () => reply(dataEnvelope(z.array(bonusDefinitionSchema)), { data: offers })),
    get('/api/settings/constants', () => reply(dataEnvelope(constantsSchema), { data: testConstants(false) })),
    get('/api/payment/invoices', () =>
      reply(pageEnvelope(invoiceSchema), {
        data: rows,
        meta: { page: 1, perPage: 10, totalRows: rows.length, totalPages: 1 },
      }),
    ),
  );
});
afterEach(async () => {
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

  it('offers the deposit bonuses ("deposit at least"), sends the choice, and asks again 1 s after it changes', async () => {
    offers = [welcome];
    const user = userEvent.setup();
    renderInModal(<CryptoDeposit account={testAccount('b1', 'BTC', 0)} method={crypto} />);
    const chosen = await screen.findByRole('radio', { name: /Welcome 1st deposit 100%/ });
    expect(chosen).toBeChecked();
    expect(screen.getByText(/Deposit at least 0.34483 mBTC/)).toBeInTheDocument();
    expect(screen.getByText(/100% of your deposit: up to 1,000.00 mBTC/)).toBeInTheDocument();
    await screen.findByText(`${ADDRESS.slice(0, -2)}0w`);
    // One request at first, with the default choice (the first offer).
    expect(sent).toEqual([expect.objectContaining({ bonusId: 'w', fields: { crypto_network: 'bitcoin' } })]);

    // A choice changed and changed back within the second: no request; the address stays hidden meanwhile.
    await user.click(screen.getByRole('radio', { name: /No bonus/ }));
    expect(screen.queryByText(`${ADDRESS.slice(0, -2)}0w`)).not.toBeInTheDocument();
    await user.click(chosen);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(sent).toHaveLength(1);
    expect(screen.getByText(`${ADDRESS.slice(0, -2)}0w`)).toBeInTheDocument();

    // "No bonus" kept: asked again after a second, declining, and the plain address shows.
    const clicked = Date.now();
    await user.click(screen.getByRole('radio', { name: /No bonus/ }));
    expect(sent).toHaveLength(1);
    await waitFor(() => expect(sent).toHaveLength(2), { timeout: 2500 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(950);
    expect(sent[1]).toMatchObject({ isBonusDecline: true });
    expect(sent[1]).not.toHaveProperty('bonusId');
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
  });

  it('without offers: no picker, the plain address at once', async () => {
    renderInModal(<CryptoDeposit account={testAccount('b1', 'BTC', 0)} method={crypto} />);
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('bonusId');
    expect(sent[0]).not.toHaveProperty('isBonusDecline');
  });
});
