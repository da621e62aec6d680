import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataEnvelope, paymentMethodSchema, type PaymentMethod } from '@casino/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { get, offline, post, refuse, reply, server } from '@/test-api.ts';
import { renderInModal } from '../../test-support.tsx';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { accountsQueryKey } from '../index.ts';
import { testAccount, testCurrency } from '../test-fixtures.ts';
import WalletModal from '../wallet-modal.tsx';

const card: PaymentMethod = {
  method: 'card',
  type: 'form',
  processingType: 'iframe',
  amountMin: 10,
  amountMax: 5000,
  names: { en: 'Card', de: 'Karte', 'pt-br': 'Cartão' },
  logo: '',
  icon: '',
  presets: [{ amount: 50, default: true }],
  fields: [],
};
const refused = (left: number) =>
  refuse(403, {
    code: 13100,
    message: `Your weekly deposit limit is reached (${left.toFixed(2)} EUR left this period)`,
    limit: { period: 'weekly', left, currency: 'EUR' },
  });

let methods: () => Response;
beforeEach(() => {
  queryClient.clear();
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 10.5, 1)]);
  queryClient.setQueryData(currenciesQueryKey, [testCurrency('EUR', 'fiat', 100)]);
  server.use(
    get('/api/payment/methods/deposit', () => methods()),
    post('/api/payment/invoices/deposit', () => refused(20)),
    // Asked beside the form; this test is about the refusal.
    get('/api/game/bonuses', offline),
    get('/api/risk/reasons/turn-over-wager', offline),
    get('/api/settings/constants', offline),
    get('/api/player/init', offline),
  );
});
afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('a deposit refused by a deposit limit', () => {
  it('says which limit and what it still lets in, in the page language, not the server’s English', async () => {
    await act(() => setLocale('de'));
    methods = () => reply(dataEnvelope(z.array(paymentMethodSchema)), { data: [card] });
    const user = userEvent.setup();
    renderInModal(<WalletModal name="wallet" value="deposit" close={() => {}} />);
    await user.click(await screen.findByRole('button', { name: /^50,00\s€ einzahlen$/ }));
    expect(
      await screen.findByText(
        /^Ihr wöchentliches Einzahlungslimit ist erreicht: in diesem Zeitraum sind noch 20,00\s€ möglich\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/deposit limit/)).toBeNull();
  });

  it('with nothing left, the wallet says so instead of the form (en, pt-br)', async () => {
    methods = () => refused(0);
    renderInModal(<WalletModal name="wallet" value="deposit" close={() => {}} />);
    expect(
      await screen.findByText('Your weekly deposit limit is reached: no more deposits are possible this period.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/left this period/)).toBeNull();

    await act(() => setLocale('pt-br'));
    expect(
      await screen.findByText(
        'Seu limite semanal de depósito foi atingido: não é possível depositar mais neste período.',
      ),
    ).toBeInTheDocument();
  });
});
