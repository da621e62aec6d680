import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account, Currency } from '@casino/contracts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { jsonResponse, renderInModal, routeFetch } from '../test-support.tsx';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { accountsQueryKey, replaceAccount } from './index.ts';
import { HeaderBalance } from './header-balance.tsx';
import { testAccount, testCurrency } from './test-fixtures.ts';
import WalletModal from './wallet-modal.tsx';
import { isDepositOpen } from './payments/abandon.ts';

const currency = (code: string, type: Currency['type'], subunitToUnit: number) =>
  testCurrency(code, type, subunitToUnit, { name: code === 'EUR' ? 'Euro' : code === 'BTC' ? 'Bitcoin' : 'US Dollar' });
const account = testAccount;
const EUR = account('a1', 'EUR', 10.5, 1);
const BTC = account('a2', 'BTC', 0.0015);

let requests: string[];
beforeEach(() => {
  queryClient.clear();
  requests = [];
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(accountsQueryKey, [EUR, BTC]);
  queryClient.setQueryData(currenciesQueryKey, [
    currency('EUR', 'fiat', 100),
    currency('BTC', 'crypto', 100_000_000),
    currency('USD', 'fiat', 100),
  ]);
  const list = (accounts: Account[]) => () => jsonResponse(200, { data: accounts });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push(`${init.method} ${url}`);
      return routeFetch({
        'GET /api/wallet/accounts': list([EUR, BTC]),
        'GET /api/wallet/accounts/hidden': list([]),
        'PUT /api/wallet/accounts/a2/switch': list([
          { ...EUR, status: 2 },
          { ...BTC, status: 1 },
        ]),
        'PUT /api/wallet/accounts/a2/hide': list([EUR]),
        'POST /api/wallet/accounts': list([EUR, BTC, account('a3', 'USD', 0)]),
      })(url, init);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
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
    const card = {
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        requests.push(`${init.method} ${url}`);
        return routeFetch({
          'GET /api/payment/methods/deposit': () => jsonResponse(200, { data: [card] }),
          'POST /api/payment/invoices/deposit': () =>
            jsonResponse(200, {
              data: { invoiceId: 'i1', method: 'card', type: 'iframe', action: '/sandbox/pay/checkout/p1', fields: {} },
            }),
          'GET /api/payment/invoices/i1': () =>
            jsonResponse(200, {
              data: { id: 'i1', status: 1, amount: 50, currency: 'EUR', createdAt: new Date().toISOString() },
            }),
        })(url, init);
      }),
    );
    renderInModal(<WalletModal name="wallet" value="deposit" close={() => {}} />);
    const amount = await screen.findByLabelText('Amount (EUR)');
    expect(amount).toHaveValue('50');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: /^Deposit €/ }));
    expect(screen.getByText('Enter an amount from €10.00 to €5,000.00')).toBeInTheDocument();
    expect(requests.some((r) => r.startsWith('POST'))).toBe(false);
    await user.click(screen.getByRole('button', { name: '€20.00' }));
    await user.click(screen.getByRole('button', { name: 'Deposit €20.00' }));
    const frame = await screen.findByTitle('Card payment');
    expect(frame).toHaveAttribute('src', '/sandbox/pay/checkout/p1');
    expect(frame).toHaveAttribute('sandbox', 'allow-forms allow-scripts');
    // The step on screen is one the cancel-deposit modal may leave.
    expect(isDepositOpen('i1')).toBe(true);
  });

  it('shows the deposit limit instead of a form when the methods call answers 13100', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) =>
        routeFetch({
          'GET /api/payment/methods/deposit': () =>
            jsonResponse(403, { error: { code: 13100, message: 'Your daily deposit limit is reached' } }),
        })(url, init),
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
    expect(requests).toContain('PUT /api/wallet/accounts/a2/hide');
  });

  it('asks before hiding an account that holds money, and keeping it sends nothing', async () => {
    const user = userEvent.setup();
    renderInModal(<WalletModal name="wallet" value="" close={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Hide BTC' }));
    expect(screen.getByText(/This account holds/)).toHaveTextContent('1.50 mBTC');
    expect(screen.getByRole('button', { name: 'Keep it visible' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep it visible' }));
    expect(requests).not.toContain('PUT /api/wallet/accounts/a2/hide');
    await user.click(screen.getByRole('button', { name: 'Hide BTC' }));
    await user.click(screen.getByRole('button', { name: 'Hide BTC anyway' }));
    await waitFor(() => expect(screen.queryByText('BTC', { selector: 'h3' })).toBeNull());
    expect(requests).toContain('PUT /api/wallet/accounts/a2/hide');
  });

  it('lists hidden accounts with their money and shows one again', async () => {
    const USD = account('a3', 'USD', 4);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        requests.push(`${init.method} ${url}`);
        return routeFetch({
          'GET /api/wallet/accounts/hidden': () =>
            jsonResponse(200, { data: requests.includes('POST /api/wallet/accounts') ? [] : [USD] }),
          'POST /api/wallet/accounts': () => jsonResponse(200, { data: [EUR, BTC, USD] }),
        })(url, init);
      }),
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
