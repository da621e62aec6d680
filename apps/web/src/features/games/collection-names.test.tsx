import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectionSchema, dataEnvelope } from '@casino/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { useDisplayNames } from '@/shared/lib/display-names.ts';
import { get, offline, reply, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
import { useCollections } from './index.ts';
import { testCollection } from './test-fixtures.ts';

function Names() {
  const collections = useCollections();
  const names = useDisplayNames();
  return (
    <>
      <ul aria-label="collections">
        {collections.data?.map((c) => (
          <li key={c.id}>{c.name}</li>
        ))}
      </ul>
      <p data-testid="currencies">
        {names.currency({ code: 'USD', name: 'US Dollar', type: 'fiat' })} ·{' '}
        {names.currency({ code: 'BTC', name: 'Bitcoin', type: 'crypto' })}
      </p>
      <p data-testid="countries">
        {names
          .sortCountries([
            { code: 'DE', name: 'Germany' },
            { code: 'AT', name: 'Austria' },
            { code: 'EG', name: 'Egypt' },
          ])
          .map((c) => names.country(c))
          .join(', ')}
      </p>
    </>
  );
}

beforeEach(() => {
  server.use(
    get('/api/game/collections', () =>
      reply(dataEnvelope(z.array(collectionSchema)), {
        data: [testCollection('c1', 'table', 'Table games'), testCollection('c2', 'operator-own', 'Weekend picks')],
      }),
    ),
    get('/api/player/init', offline),
  );
});
afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('names in the page language', () => {
  it('translates the collections the site knows and keeps the catalogue name of the others; currencies and countries by the browser', async () => {
    await act(() => setLocale('de'));
    renderInModal(<Names />);
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Tischspiele', 'Weekend picks']),
    );
    expect(screen.getByTestId('currencies')).toHaveTextContent('US-Dollar · Bitcoin');
    expect(screen.getByTestId('countries')).toHaveTextContent('Ägypten, Deutschland, Österreich');

    await act(() => setLocale('pt-br'));
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Jogos de mesa'));
    expect(screen.getByTestId('currencies')).toHaveTextContent('Dólar americano · Bitcoin');
  });
});
