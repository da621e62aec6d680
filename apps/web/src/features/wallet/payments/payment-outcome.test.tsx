import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  dataEnvelope,
  depositResultSchema,
  invoiceSchema,
  paymentMethodSchema,
  type Invoice,
  type PaymentMethod,
} from '@casino/contracts';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { get, offline, post, reply, server } from '@/test-api.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { renderInModal } from '../../test-support.tsx';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { accountsQueryKey } from '../index.ts';
import { testAccount, testCurrency } from '../test-fixtures.ts';
import WalletModal from '../wallet-modal.tsx';

/** The deposit step's outcome and notes: why a card failed and what to do, a note fitting the method. */
const method = (name: string, processingType: PaymentMethod['processingType'], en: string): PaymentMethod => ({
  method: name,
  type: 'form',
  processingType,
  amountMin: 10,
  amountMax: 5000,
  names: { en },
  logo: '',
  icon: '',
  presets: [{ amount: 50, default: true }],
  fields: [],
});
const card = method('card', 'iframe', 'Card');
const failed = (reason?: string): Invoice => ({
  id: 'inv1',
  number: 7,
  playerId: 'p1',
  amount: 50,
  currency: 'EUR',
  transactionAmount: 50,
  transactionCurrency: 'EUR',
  status: 3,
  statusResult: 'Card declined',
  invoiceType: 1,
  paymentMethod: 'card',
  cancellable: false,
  createdAt: '2026-11-25T10:00:00Z',
  updatedAt: '2026-11-25T10:01:00Z',
  publicData: { url: '/sandbox/pay/checkout/pay_1', ...(reason ? { reason } : {}) },
});

let methods: PaymentMethod[];
let invoice: Invoice;
beforeEach(() => {
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 10.5, 1)]);
  queryClient.setQueryData(currenciesQueryKey, [testCurrency('EUR', 'fiat', 100)]);
  methods = [card];
  server.use(
    get('/api/payment/methods/deposit', () => reply(dataEnvelope(z.array(paymentMethodSchema)), { data: methods })),
    post('/api/payment/invoices/deposit', () =>
      reply(dataEnvelope(depositResultSchema), {
        data: {
          invoiceId: 'inv1',
          method: 'card',
          type: 'iframe',
          action: '/sandbox/pay/checkout/pay_1',
          fields: {},
        },
      }),
    ),
    get('/api/payment/invoices/inv1', () => reply(dataEnvelope(invoiceSchema), { data: invoice })),
    // Asked beside the form; these tests are about the payment's outcome.
    get('/api/player/init', offline),
    get('/api/game/bonuses', offline),
    get('/api/settings/constants', offline),
  );
});
afterEach(async () => {
  await act(() => setLocale('en'));
});

async function failedDeposit(reason?: string) {
  invoice = failed(reason);
  const user = userEvent.setup();
  renderInModal(<WalletModal name="wallet" value="deposit" close={() => {}} />);
  // The form's own submit button (its name is "Deposit €50.00" in the page language).
  const submit = await waitFor(() => {
    const button = screen.getAllByRole('button').find((b) => b.getAttribute('type') === 'submit');
    expect(button).toBeDefined();
    return button!;
  });
  await user.click(submit);
}

describe('a failed card deposit says why and what to do', () => {
  it('a declined card: try another card or ask the bank', async () => {
    await failedDeposit('card_declined');
    expect(await screen.findByRole('heading', { name: 'Your card was declined' })).toBeInTheDocument();
    expect(screen.getByText(/Try another card or payment method, or ask your bank why/)).toBeInTheDocument();
    expect(screen.queryByText(/something went wrong/)).toBeNull();
  });

  it('a failed 3-D Secure check, in German', async () => {
    await act(() => setLocale('de'));
    await failedDeposit('authentication_failed');
    expect(await screen.findByRole('heading', { name: '3-D-Secure-Prüfung fehlgeschlagen' })).toBeInTheDocument();
    expect(screen.getByText(/Banking-App/)).toBeInTheDocument();
  });

  it('an expired card, in Brazilian Portuguese', async () => {
    await act(() => setLocale('pt-br'));
    await failedDeposit('expired_card');
    expect(await screen.findByRole('heading', { name: 'Cartão vencido' })).toBeInTheDocument();
  });

  it('without a known reason, the general failure', async () => {
    await failedDeposit();
    expect(await screen.findByRole('heading', { name: 'Deposit failed' })).toBeInTheDocument();
    expect(screen.getByText(/something went wrong/)).toBeInTheDocument();
  });
});

describe('the note under the deposit form fits the method', () => {
  it('a card says card details never reach the site; PIX does not', async () => {
    methods = [card, method('pix', 'asyncRedirect', 'PIX')];
    const user = userEvent.setup();
    renderInModal(<WalletModal name="wallet" value="deposit" close={() => {}} />);
    expect(await screen.findByText(/Card details never reach this site/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'PIX' }));
    expect(screen.queryByText(/Card details/)).toBeNull();
    expect(screen.getByText(/bank app/)).toBeInTheDocument();
  });
});
