import { afterEach, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Country } from '@casino/contracts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { jsonResponse, renderInModal, routeFetch } from '../test-support.tsx';
import WalletRegionModal from './region-modal.tsx';

const country = (code: string, name: string, restrictType?: 1 | 2): Country => ({
  code,
  name,
  nativeName: name,
  phonePrefix: '+1',
  currency: 'EUR',
  locale: 'en',
  additionalCurrency: [],
  restrict: restrictType !== undefined,
  ...(restrictType ? { restrictType } : {}),
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

it('offers only countries where the site is open: restricted ones (Spain, Australia) are not payment regions', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      routeFetch({
        'GET /api/settings/countries': () =>
          jsonResponse(200, {
            data: [
              country('DE', 'Germany'),
              country('ES', 'Spain', 1),
              country('AU', 'Australia', 2),
              country('BR', 'Brazil'),
            ],
          }),
        'GET /api/player/init': () => jsonResponse(500, { error: { code: 500, message: 'not needed' } }),
      }),
    ),
  );
  renderInModal(<WalletRegionModal name="wallet-region" value="" close={() => {}} />);
  const select = await screen.findByLabelText('Country');
  await within(select).findByRole('option', { name: 'Germany' });
  const names = within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(names).toEqual(expect.arrayContaining(['Germany', 'Brazil']));
  expect(names).not.toContain('Spain');
  expect(names).not.toContain('Australia');
});
