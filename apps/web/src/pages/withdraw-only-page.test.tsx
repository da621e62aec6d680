import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { act, cleanup, screen, within } from '@testing-library/react';
import {
  accountSchema,
  dataEnvelope,
  invoiceSchema,
  messengerListSchema,
  pageEnvelope,
  paymentMethodSchema,
  PlayerStatus,
  type Invoice,
  type Profile,
} from '@casino/contracts';
import { useSession } from '@/features/auth';
import { renderRouter } from '@/features/test-support.tsx';
import { get, offline, reply, server } from '@/test-api.ts';
import { testAccount, testCurrency } from '@/features/wallet/test-fixtures.ts';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { createMemoryRouter } from '@/shared/router';
import WithdrawOnlyPage from './withdraw-only-page.tsx';

const paid: Invoice = {
  id: 'd1',
  number: 7,
  playerId: 'p1',
  amount: 34.04,
  currency: 'EUR',
  transactionAmount: 34.04,
  transactionCurrency: 'EUR',
  status: 2,
  statusResult: 'Paid',
  invoiceType: 1,
  paymentMethod: 'card',
  cancellable: false,
  createdAt: '2026-11-25T10:00:00Z',
  updatedAt: null,
  publicData: null,
};

beforeEach(() => {
  queryClient.clear();
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(currenciesQueryKey, [testCurrency('EUR', 'fiat', 100)]);
  server.use(
    get('/api/wallet/accounts', () =>
      reply(dataEnvelope(z.array(accountSchema)), { data: [testAccount('a1', 'EUR', 34.04, 1)] }),
    ),
    get('/api/payment/invoices', () =>
      reply(pageEnvelope(invoiceSchema), {
        data: [paid],
        meta: { page: 1, perPage: 10, totalRows: 1, totalPages: 1 },
      }),
    ),
    get('/api/notification/messenger/messages', () =>
      reply(messengerListSchema, {
        data: [],
        meta: { page: 1, perPage: 10, totalRows: 0, totalPages: 0, totalUnread: 0 },
      }),
    ),
    get('/api/payment/methods/withdrawal', () => reply(dataEnvelope(z.array(paymentMethodSchema)), { data: [] })),
    // Not part of this screen's story.
    get('/api/player/init', offline),
    get('/api/settings/constants', offline),
    get('/api/risk/reasons/turn-over-wager', offline),
  );
});
afterEach(async () => {
  cleanup();
  localStorage.clear();
  await act(() => setLocale('en'));
});

function show(status: number) {
  useSession.setState({ status: 'player', profile: { id: 'p1', status } as Profile });
  renderRouter(createMemoryRouter([{ path: '*', element: <WithdrawOnlyPage /> }]));
}

describe('the withdraw-only screen', () => {
  it('of a closed account that money reached: says the account is closed, shows the balance and the payments', async () => {
    show(PlayerStatus.closed);
    const title = screen.getByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Your account is closed. Money reached it afterwards: you can withdraw it.');
    expect(screen.getByText(/games, deposits and bonuses stay closed/)).toBeInTheDocument();
    expect(screen.getByText(/Once the balance is withdrawn, signing in is refused again/)).toBeInTheDocument();
    expect(await screen.findByText('Real-money balance: €34.04')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Your payments' });
    expect(await within(history).findByText(/€34.04/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
  });

  it('in German', async () => {
    await act(() => setLocale('de'));
    show(PlayerStatus.closed);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dein Konto ist geschlossen.');
    expect(screen.getByRole('region', { name: 'Deine Zahlungen' })).toBeInTheDocument();
  });

  it('of an excluded player: still says the exclusion', () => {
    show(PlayerStatus.selfExcluded);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('You are excluded for good.');
  });
});
