import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bonusDefinitionSchema, dataEnvelope, depositBonusStatusSchema, type BonusDefinition } from '@casino/contracts';
import { renderInModal } from '@/features/test-support.tsx';
import { get, reply, server } from '@/test-api.ts';
import { accountsQueryKey } from '@/features/wallet';
import { testAccount, testCurrency } from '@/features/wallet/test-fixtures.ts';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import PackageBonusModal from './modals/package-bonus-modal.tsx';

const step = (id: string, priority: number, type: 2 | 3, assign: BonusDefinition['assignConditions']) =>
  ({
    id,
    name: `Welcome ${id}`,
    status: 1,
    type,
    wagerCasino: 10,
    wagerSportsbook: 0,
    baseCurrencyMaxWinAmount: null,
    maxWinAmountItems: [],
    assignConditions: assign,
    triggerConditions: {
      baseCurrencyInvoiceAmountFrom: 20,
      baseCurrencyInvoiceAmountTo: null,
      invoiceAmountItems: [{ currency: 'EUR', amountFrom: 20, amountTo: null }],
    },
    package: { id: 'pk', name: 'Welcome package' },
    packagePriority: priority,
  }) satisfies BonusDefinition;

const steps = [
  step('one', 1, 2, { depositPercentage: 100, maxAmountItems: [{ amount: 500, currency: 'EUR' }] }),
  step('two', 2, 2, { depositPercentage: 50, maxAmountItems: [{ amount: 1500, currency: 'EUR' }] }),
  step('spins', 3, 3, {
    presets: [{ id: 'x', currency: 'EUR', name: 'x', originalCurrency: 'EUR', price: 0.2, quantity: 300 }],
  }),
];

beforeEach(() => {
  queryClient.clear();
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 10, 1)]);
  queryClient.setQueryData(currenciesQueryKey, [testCurrency('EUR', 'fiat', 100)]);
  server.use(
    get('/api/game/bonuses', () => reply(dataEnvelope(z.array(bonusDefinitionSchema)), { data: steps.toReversed() })),
    get('/api/game/bonuses/status', () =>
      reply(dataEnvelope(z.array(depositBonusStatusSchema)), {
        data: [
          { id: 'one', status: 1, issueStatus: 2 },
          { id: 'two', status: 1, issueStatus: 0 },
          { id: 'spins', status: 1, issueStatus: 0 },
        ],
      }),
    ),
  );
});
afterEach(async () => {
  window.sessionStorage.clear();
  await act(() => setLocale('en'));
});

describe('the package-bonus modal', () => {
  it(
    'lists the steps in order with what the player has had, the progress and the way to the next',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      renderInModal(<PackageBonusModal name="package-bonus" value="" close={() => {}} />, '/bonuses?package-bonus');
      expect(await screen.findByText('1 of 3 received')).toBeInTheDocument();
      expect(screen.getByText('Up to €2,000.00 + 300 free spins')).toBeInTheDocument();
      const items = screen.getAllByRole('listitem');
      expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
        'Welcome one',
        'Welcome two',
        'Welcome spins',
      ]);
      expect(items[0]).toHaveTextContent('Active');
      expect(items[1]).toHaveTextContent('Next');
      expect(items[2]).toHaveTextContent('Later');
      expect(within(items[2]!).queryByRole('button')).toBeNull();
      await user.click(within(items[1]!).getByRole('button', { name: 'Deposit €20.00 and get it' }));
      expect(JSON.parse(window.sessionStorage.getItem('depositPrefill')!)).toEqual({ bonusId: 'two', amount: 20 });
      expect(screen.getByTestId('location')).toHaveTextContent('/bonuses?wallet=deposit');
    },
  );
});
