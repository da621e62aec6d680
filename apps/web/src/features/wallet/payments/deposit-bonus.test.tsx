import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  bonusDefinitionSchema,
  constantsSchema,
  dataEnvelope,
  paymentMethodSchema,
  type BonusDefinition,
  type PaymentMethod,
} from '@casino/contracts';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { get, offline, post, refuse, reply, server } from '@/test-api.ts';
import { renderInModal } from '../../test-support.tsx';
import { accountsQueryKey } from '../index.ts';
import { testAccount, testConstants, testCurrency } from '../test-fixtures.ts';
import WalletModal from '../wallet-modal.tsx';
import { previewOf, refusalOf } from './deposit-bonus.ts';
import { prefillDeposit } from './deposit-prefill.ts';

const card: PaymentMethod = {
  method: 'card',
  type: 'form',
  processingType: 'iframe',
  amountMin: 10,
  amountMax: 5000,
  names: { en: 'Card' },
  logo: '',
  icon: '',
  presets: [{ amount: 50, default: true }],
  fields: [],
};

const bonus = (id: string, type: 1 | 2 | 3, extra: Partial<BonusDefinition['assignConditions']>, from = 20) =>
  ({
    id,
    name: `Bonus ${id}`,
    status: 1,
    type,
    wagerCasino: 10,
    wagerSportsbook: 0,
    baseCurrencyMaxWinAmount: null,
    maxWinAmountItems: [],
    assignConditions: extra,
    triggerConditions: {
      baseCurrencyInvoiceAmountFrom: null,
      baseCurrencyInvoiceAmountTo: null,
      invoiceAmountItems: [{ currency: 'EUR', amountFrom: from, amountTo: 1000 }],
    },
    package: null,
    packagePriority: 0,
  }) satisfies BonusDefinition;

const welcome = bonus('w', 2, { depositPercentage: 100, maxAmountItems: [{ amount: 500, currency: 'EUR' }] });
const spins = bonus(
  's',
  3,
  {
    gameId: 'g',
    presets: [{ id: 's:EUR', currency: 'EUR', name: 'x', originalCurrency: 'EUR', price: 0.2, quantity: 300 }],
  },
  30,
);

describe('the preview', () => {
  it('counts a percentage in minor units, rounded down and capped; fixed cash and spins as they are', () => {
    expect(previewOf(welcome, 'EUR', 33.33, 100)).toEqual({ cash: 33.33, spins: null });
    expect(previewOf({ ...welcome, assignConditions: { depositPercentage: 50 } }, 'EUR', 0.03, 100).cash).toBe(0.01);
    expect(previewOf(welcome, 'EUR', 900, 100).cash).toBe(500);
    expect(previewOf(spins, 'EUR', 50, 100)).toEqual({ cash: null, spins: 300 });
    expect(previewOf(bonus('f', 1, { amountItems: [{ amount: 20, currency: 'EUR' }] }), 'EUR', 50, 100).cash).toBe(20);
    expect(refusalOf(welcome, 'EUR', 19.99)).toBe('from');
    expect(refusalOf(welcome, 'EUR', 1000.01)).toBe('to');
    expect(refusalOf(welcome, 'EUR', Number.NaN)).toBe('from');
    expect(refusalOf(welcome, 'USD', 50)).toBe('from');
  });
});

describe('the deposit form offers the bonuses', () => {
  let sent: Record<string, unknown>[];
  let decline: boolean;
  beforeEach(() => {
    sent = [];
    decline = false;
    saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
    queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 10.5, 1)]);
    queryClient.setQueryData(currenciesQueryKey, [testCurrency('EUR', 'fiat', 100)]);
    server.use(
      get('/api/payment/methods/deposit', () => reply(dataEnvelope(z.array(paymentMethodSchema)), { data: [card] })),
      get('/api/game/bonuses', () => reply(dataEnvelope(z.array(bonusDefinitionSchema)), { data: [welcome, spins] })),
      get('/api/settings/constants', () => reply(dataEnvelope(constantsSchema), { data: testConstants(decline) })),
      post('/api/payment/invoices/deposit', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return refuse(422, { code: 422, message: 'stop here' });
      }),
      // Not part of the bonus offer.
      get('/api/player/init', offline),
    );
  });
  afterEach(async () => {
    window.sessionStorage.clear();
    await act(() => setLocale('en'));
  });

  it(
    'with a preview for the amount; one the amount does not trigger is disabled saying why; the choice is sent',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      renderInModal(<WalletModal name="wallet" value="deposit" close={() => {}} />);
      const first = await screen.findByRole('radio', { name: /Bonus w/ });
      expect(first).toBeChecked();
      expect(first).toHaveAccessibleName(/100% of your deposit: \+€50\.00/);
      await user.clear(screen.getByLabelText('Amount (EUR)'));
      await user.type(screen.getByLabelText('Amount (EUR)'), '25');
      expect(screen.getByRole('radio', { name: /Bonus s/ })).toBeDisabled();
      expect(screen.getByRole('radio', { name: /Bonus s/ })).toHaveAccessibleName(/300 free spins.*From €30\.00/);
      await user.click(screen.getByRole('button', { name: /^Deposit €25/ }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({ amount: 25, bonusId: 'w' });
      expect(sent[0]).not.toHaveProperty('isBonusDecline');
      await user.click(screen.getByRole('radio', { name: /^No bonus/ }));
      await user.click(screen.getByRole('button', { name: /^Deposit €25/ }));
      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]).toMatchObject({ isBonusDecline: true });
      expect(sent[1]).not.toHaveProperty('bonusId');
    },
  );

  it(
    '"No bonus" comes preselected when the operator says so; a prefill from the package sets bonus and amount',
    { timeout: 20_000 },
    async () => {
      decline = true;
      const { unmount } = renderInModal(<WalletModal name="wallet" value="deposit" close={() => {}} />);
      await waitFor(() => expect(screen.getByRole('radio', { name: /^No bonus/ })).toBeChecked());
      unmount();
      prefillDeposit({ bonusId: 's', amount: 30 });
      renderInModal(<WalletModal name="wallet" value="deposit" close={() => {}} />);
      await waitFor(() => expect(screen.getByRole('radio', { name: /Bonus s/ })).toBeChecked());
      expect(screen.getByLabelText('Amount (EUR)')).toHaveValue('30');
      expect(window.sessionStorage.getItem('depositPrefill')).toBeNull();
    },
  );
});
