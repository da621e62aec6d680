import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  accountSchema,
  dataEnvelope,
  depositResultSchema,
  invoiceSchema,
  paymentMethodSchema,
  type Account,
  type Currency,
  type PaymentMethod,
} from '@casino/contracts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { get, offline, post, put, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { accountsQueryKey, replaceAccount } from './index.ts';
import { HeaderBalance } from './header-balance.tsx';
import { testAccount, testCurrency, testInvoice } from './test-fixtures.ts';
import WalletModal from './wallet-modal.tsx';
import { isDepositOpen } from './payments/abandon.ts';

const currency = (code: string, type: Currency['type'], subunitToUnit: number) =>
  testCurrency(code, type, subunitToUnit, { name: code === 'EUR' ? 'Euro' : code === 'BTC' ? 'Bitcoin' : 'US Dollar' });
const account = testAccount;
const EUR = account('a1', 'EUR', 10.5, 1);
const BTC = account('a2', 'BTC', 0.0015);

let sent: ReturnType<typeof recordRequests>;
const requests = () => sent.map((r) => `${r.method} ${r.url}`);
const list = (accounts: Account[]) => () => reply(dataEnvelope(z.array(accountSchema)), { data: accounts });
beforeEach(() => {
  sent = recordRequests();
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(accountsQueryKey, [EUR, BTC]);
  queryClient.setQueryData(currenciesQueryKey, [
    currency('EUR', 'fiat', 100),
    currency('BTC', 'crypto', 100_000_000),
    currency('USD', 'fiat', 100),
  ]);
  server.use(
    get('/api/wallet/accounts', list([EUR, BTC])),
    get('/api/wallet/accounts/hidden', list([])),
    put(
      '/api/wallet/accounts/a2/switch',
      list([
        { ...EUR, status: 2 },
        { ...BTC, status: 1 },
      ]),
    ),
    put('/api/wallet/accounts/a2/hide', list([EUR])),
    post('/api/wallet/accounts', list([EUR, BTC, account('a3', 'USD', 0)])),
    // Asked beside the wallet; these tests are about the accounts and the deposit form.
    get('/api/player/init', offline),
    get('/api/game/bonuses', offline),
    get('/api/settings/constants', offline),
  );
});

describe('header balance', () => {
  it('shows the active account exactly and follows pushed balances', async () => {
    renderInModal(<HeaderBalance />);
    expect(screen.getByTestId('header-balance')).toHaveTextContent('€10.50');
    act(() => replaceAccount({ ...EUR, balance: 7.05 }));
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('€7.05'));
  });

  it('switches the playing currency from its list', async () => {
    const user = userEvent.setup();
    renderInModal(<HeaderBalance />);
    await user.click(screen.getByRole('button', { name: /^Your accounts: €10\.50/ }));
    await user.click(screen.getByRole('button', { name: /^Play in BTC 1\.50 mBTC$/ }));
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('1.50 mBTC'));
  });
});

describe('wallet modal', () => {
  it('deposits into the active account: presets, bounds checked before any request, then the card page', async () => {
    const user = userEvent.setup();
    const card: PaymentMethod = {
      method: 'card',
      type: 'form',
      processingType: 'iframe',
      amountMin: 10,
      amountMax: 5000,
      names: { en: 'Card' },
      logo: '',
      icon: '',
      presets: [
        { amount: 20, default: false },
        { amount: 50, default: true },
      ],
      fields: [],
    };
    server.use(
      get('/api/payment/methods/deposit', () => reply(dataEnvelope(z.array(paymentMethodSchema)), { data: [card] })),
      post('/api/payment/invoices/deposit', () =>
        reply(dataEnvelope(depositResultSchema), {
          data: { invoiceId: 'i1', method: 'card', type: 'iframe', action: '/sandbox/pay/checkout/p1', fields: {} },
        }),
      ),
      get('/api/payment/invoices/i1', () => reply(dataEnvelope(invoiceSchema), { data: testInvoice({ id: 'i1' }) })),
    );
    renderInModal(<WalletModal name="wallet" value="deposit" close={() => {}} />);
    const amount = await screen.findByLabelText('Amount (EUR)');
    expect(amount).toHaveValue('50');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: /^Deposit €/ }));
    expect(screen.getByText('Enter an amount from €10.00 to €5,000.00')).toBeInTheDocument();
    expect(requests().some((r) => r.startsWith('POST'))).toBe(false);
    await user.click(screen.getByRole('button', { name: '€20.00' }));
    await user.click(screen.getByRole('button', { name: 'Deposit €20.00' }));
    const frame = await screen.findByTitle('Card payment');
    expect(frame).toHaveAttribute('src', '/sandbox/pay/checkout/p1');
    expect(frame).toHaveAttribute('sandbox', 'allow-forms allow-scripts');
    // The step on screen is one the cancel-deposit modal may leave.
    expect(isDepositOpen('i1')).toBe(true);
  });

  it('shows the deposit limit instead of a form when the methods call answers 13100', async () => {
    server.use(
      get('/api/payment/methods/deposit', () =>
        refuse(403, { code: 13100, message: 'Your daily deposit limit is reached' }),
      ),
    );
    renderInModal(<WalletModal name="wallet" value="deposit" close={() => {}} />);
    expect(await screen.findByText('Your deposit limit is reached')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Deposit €/ })).toBeNull();
  });

  it('lists every balance and offers switch and hide only on the inactive account', () => {
    renderInModal(<WalletModal name="wallet" value="" close={() => {}} />);
    const [active, other] = screen.getAllByRole('listitem').filter((li) => li.querySelector('dl'));
    expect(within(active!).getByText('Active')).toBeInTheDocument();
    expect(within(active!).queryByRole('button')).toBeNull();
    expect(within(active!).getByText('Withdrawable').nextSibling).toHaveTextContent('€10.50');
    expect(within(other!).getByRole('button', { name: 'Make active BTC' })).toBeInTheDocument();
    expect(within(other!).getByRole('button', { name: 'Hide BTC' })).toBeInTheDocument();
  });

  it('hides an empty account at once', async () => {
    queryClient.setQueryData(accountsQueryKey, [EUR, { ...BTC, balance: 0, realBalance: 0, withdrawalBalance: 0 }]);
    const user = userEvent.setup();
    renderInModal(<WalletModal name="wallet" value="" close={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Hide BTC' }));
    await waitFor(() => expect(screen.queryByText('BTC', { selector: 'h3' })).toBeNull());
    expect(requests()).toContain('PUT /api/wallet/accounts/a2/hide');
  });

  it('asks before hiding an account that holds money, and keeping it sends nothing', async () => {
    const user = userEvent.setup();
    renderInModal(<WalletModal name="wallet" value="" close={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Hide BTC' }));
    expect(screen.getByText(/This account holds/)).toHaveTextContent('1.50 mBTC');
    expect(screen.getByRole('button', { name: 'Keep it visible' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep it visible' }));
    expect(requests()).not.toContain('PUT /api/wallet/accounts/a2/hide');
    await user.click(screen.getByRole('button', { name: 'Hide BTC' }));
    await user.click(screen.getByRole('button', { name: 'Hide BTC anyway' }));
    await waitFor(() => expect(screen.queryByText('BTC', { selector: 'h3' })).toBeNull());
    expect(requests()).toContain('PUT /api/wallet/accounts/a2/hide');
  });

  it('lists hidden accounts with their money and shows one again', async () => {
    const USD = account('a3', 'USD', 4);
    server.use(
      get('/api/wallet/accounts/hidden', () => list(requests().includes('POST /api/wallet/accounts') ? [] : [USD])()),
      post('/api/wallet/accounts', list([EUR, BTC, USD])),
    );
    const user = userEvent.setup();
    renderInModal(<WalletModal name="wallet" value="" close={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Hidden accounts (1)' }));
    expect(document.getElementById('wallet-hidden-accounts')).toHaveTextContent('$4.00');
    await user.click(screen.getByRole('button', { name: 'Show USD' }));
    expect(await screen.findByRole('button', { name: 'Make active USD' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Hidden accounts/ })).toBeNull());
  });

  it('adds an account only in currencies the player has none in', async () => {
    const user = userEvent.setup();
    renderInModal(<WalletModal name="wallet" value="" close={() => {}} />);
    const picker = screen.getByLabelText('Currency');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'USD']);
    await user.selectOptions(picker, 'USD');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(queryClient.getQueryData<Account[]>(accountsQueryKey)).toHaveLength(3));
    expect(screen.getByText('You already have an account in every currency we offer.')).toBeInTheDocument();
  });
});
