import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { collectionSchema, dataEnvelope, playerInitSchema } from '@casino/contracts';
import { initWith } from '@/app/test-support.tsx';
import { get, reply, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
import SearchModal from './search-modal.tsx';
import { pageOf, stubMedia, testCollection, testGame } from './test-fixtures.ts';

const books = Array.from({ length: 7 }, (_, i) => testGame(`b${i}`, `Book ${i}`));
let gameCalls: URLSearchParams[];

beforeEach(() => {
  gameCalls = [];
  vi.stubGlobal('matchMedia', stubMedia(false));
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith({ country: 'DE' }) })),
    get('/api/game/collections', () =>
      reply(dataEnvelope(z.array(collectionSchema)), {
        data: [testCollection('c0', 'new', 'New'), testCollection('c1', 'popular', 'Popular')],
      }),
    ),
    get('/api/game/games', ({ request }) => {
      const query = new URL(request.url).searchParams;
      gameCalls.push(query);
      if (query.get('collectionId[]')) return pageOf([testGame('s1', 'Starburst Lumen')], 1, 4);
      const name = query.get('name') ?? '';
      const found = books.filter((g) => g.name.toLowerCase().includes(name.toLowerCase()));
      const page = Number(query.get('page'));
      return pageOf(found.slice((page - 1) * 5, page * 5), page, 5, found.length);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const searches = () => gameCalls.filter((q) => q.has('name'));

describe('search modal', () => {
  it('suggests popular games before anything is typed, from the popular collection', async () => {
    renderInModal(<SearchModal name="search" value="" close={() => {}} />, '/?search');
    expect(await screen.findByRole('link', { name: /Starburst Lumen/ })).toHaveAttribute(
      'href',
      '/games/starburst-lumen',
    );
    expect(gameCalls[0]?.getAll('collectionId[]')).toEqual(['c1']);
    expect(gameCalls[0]?.get('perPage')).toBe('4');
  });

  it('focuses the labelled input and asks for two characters before searching', async () => {
    const user = userEvent.setup();
    renderInModal(<SearchModal name="search" value="" close={() => {}} />, '/?search');
    const input = screen.getByLabelText('Game name');
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'b');
    expect(screen.getByText('Type at least 2 characters.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 650));
    expect(searches()).toEqual([]);
  });

  it('searches 500 ms after typing stops, five at a time, with load more', async () => {
    const user = userEvent.setup();
    renderInModal(<SearchModal name="search" value="" close={() => {}} />, '/?search');
    await user.type(screen.getByLabelText('Game name'), 'book');
    // Nothing goes out while the 500 ms have not passed.
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 350));
    expect(searches()).toEqual([]);
    expect(await screen.findByText('7 games found', {}, { timeout: 2000 })).toBeInTheDocument();
    // One request for the whole word, not one per key.
    expect(searches().map((q) => q.get('name'))).toEqual(['book']);
    expect(searches()[0]?.get('perPage')).toBe('5');
    expect(screen.getAllByRole('link', { name: /Book \d/ })).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Book \d/ })).toHaveLength(7));
    expect(searches().map((q) => q.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderInModal(<SearchModal name="search" value="" close={() => {}} />, '/?search');
    await user.type(screen.getByLabelText('Game name'), 'zzz');
    expect(await screen.findByText(/No games match “zzz”/, {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('walks the results with the arrow keys; a result is a link to the game that leaves the modal', async () => {
    const user = userEvent.setup();
    renderInModal(<SearchModal name="search" value="" close={() => {}} />, '/bonuses?search');
    const input = screen.getByLabelText('Game name');
    await user.type(input, 'book');
    await screen.findByText('7 games found', {}, { timeout: 2000 });
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Book 0/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(input).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('link', { name: /Book 0/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/games\/book-0$/);
  });
});
