import { expect, it } from 'vitest';
import { z } from 'zod';
import { screen, within } from '@testing-library/react';
import { countrySchema, dataEnvelope, type Country } from '@casino/contracts';
import { get, refuse, reply, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
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

it('offers only countries where the site is open: restricted ones (Spain, Australia) are not payment regions', async () => {
  server.use(
    get('/api/settings/countries', () =>
      reply(dataEnvelope(z.array(countrySchema)), {
        data: [
          country('DE', 'Germany'),
          country('ES', 'Spain', 1),
          country('AU', 'Australia', 2),
          country('BR', 'Brazil'),
        ],
      }),
    ),
    get('/api/player/init', () => refuse(500, { code: 500, message: 'not needed' })),
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
