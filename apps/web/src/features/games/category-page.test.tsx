import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initWith, renderApp } from '@/app/test-support.tsx';
import { z } from 'zod';
import { collectionSchema, dataEnvelope, playerInitSchema, providerSchema } from '@casino/contracts';
import { all, get, refuse, reply, server } from '@/test-api.ts';
import { pageOf, stubIntersection, stubMedia, testCollection, testGame, testProvider } from './test-fixtures.ts';

const collections = [
  testCollection('c1', 'slots', 'Slots'),
  testCollection('c2', 'crash', 'Crash'),
  testCollection('c3', 'brazil', 'Brasil', { countries: ['BR'] }),
  testCollection('c4', 'secret', 'Secret', { isHidden: true }),
];
const providers = [
  testProvider('p1', 'Lumen Studio', 40),
  testProvider('p2', 'Nordic Play', 12),
  testProvider('p3', 'Áurea Games', 3),
];
let gameCalls: URLSearchParams[];
let viewport: ReturnType<typeof stubIntersection>;

beforeEach(() => {
  gameCalls = [];
  viewport = stubIntersection();
  vi.stubGlobal('matchMedia', stubMedia(false));
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith({ country: 'DE' }) })),
    get('/api/game/collections', () => reply(dataEnvelope(z.array(collectionSchema)), { data: collections })),
    get('/api/game/providers', () => reply(dataEnvelope(z.array(providerSchema)), { data: providers })),
    get('/api/game/games', ({ request }) => {
      const query = new URL(request.url).searchParams;
      gameCalls.push(query);
      // Three small pages (6, 6, 4) whatever was asked: enough to page through, quick to render.
      const page = Number(query.get('page'));
      const games = Array.from({ length: page < 3 ? 6 : 4 }, (_, i) => testGame(`g${page}-${i}`, `Game ${page}-${i}`));
      return pageOf(games, page, 6, 16);
    }),
    all('*', () => refuse(404, { code: 404, message: 'Not found' })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const last = () => gameCalls.at(-1)!;

describe('category page', { timeout: 15_000 }, () => {
  it('shows the collection with its total and asks for 72 games of it, most popular first', async () => {
    renderApp('/categories/slots');
    expect(await screen.findByRole('heading', { level: 1, name: 'Slots' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('16 games', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(last().getAll('collectionId[]')).toEqual(['c1']);
    expect(Object.fromEntries(last())).toMatchObject({
      perPage: '72',
      page: '1',
      platform: '2',
      sortBy: 'popularity',
      sortOrder: 'asc',
    });
    // Tabs: the collections on offer in the country, the current one marked.
    const tabs = screen.getByRole('navigation', { name: 'Game categories' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Slots', 'Crash']);
    expect(within(tabs).getByRole('link', { name: 'Slots' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks phones for 24 games a page', async () => {
    vi.stubGlobal('matchMedia', stubMedia(true));
    renderApp('/categories/slots');
    await screen.findByText('16 games');
    expect(Object.fromEntries(last())).toMatchObject({ perPage: '24', platform: '1' });
  });

  it('writes the sort and the provider filter into the URL and the request', async () => {
    const user = userEvent.setup();
    const app = renderApp('/categories/slots');
    await screen.findByText('16 games');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'az');
    await waitFor(() => expect(app.url()).toBe('/categories/slots?sort=az'));
    await waitFor(() => expect(Object.fromEntries(last())).toMatchObject({ sortBy: 'name', sortOrder: 'asc' }));

    await user.click(screen.getByRole('button', { name: 'Providers' }));
    const panel = screen.getByRole('group', { name: 'Providers' });
    // The provider search ignores accents.
    await user.type(within(panel).getByLabelText('Search providers'), 'aurea');
    expect(within(panel).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(panel).getByRole('checkbox', { name: /Áurea Games/ }));
    await waitFor(() => expect(app.url()).toBe('/categories/slots?sort=az&providerId[]=p3'));
    await waitFor(() => expect(last().getAll('providerId[]')).toEqual(['p3']));

    // Switching collection keeps the filters.
    const crash = within(screen.getByRole('navigation', { name: 'Game categories' })).getByRole('link', {
      name: 'Crash',
    });
    expect(crash).toHaveAttribute('href', '/categories/crash?providerId[]=p3&sort=az');

    await user.click(screen.getByRole('button', { name: 'Remove filter Áurea Games' }));
    await waitFor(() => expect(app.url()).toBe('/categories/slots?sort=az'));
  });

  it('reads the filters from a shared link', async () => {
    renderApp('/de/categories/crash?providerId[]=p1&providerId[]=p2&sort=new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crash' })).toBeInTheDocument();
    await waitFor(() => expect(last().getAll('providerId[]')).toEqual(['p1', 'p2']));
    expect(Object.fromEntries(last())).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc' });
    expect(await screen.findByRole('button', { name: 'Filter Lumen Studio entfernen' })).toBeInTheDocument();
  });

  it('loads the next pages with "load more" until all are there', async () => {
    const user = userEvent.setup();
    renderApp('/categories/slots');
    await screen.findByText('Showing 6 of 16');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 12 of 16');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 16 of 16');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(gameCalls.map((q) => q.get('page'))).toEqual(['1', '2', '3']);
    expect(screen.getAllByTestId('game-card')).toHaveLength(16);
  });

  it('loads the next page by itself when the end of the grid comes near', async () => {
    renderApp('/categories/slots');
    const end = (await screen.findByText('Showing 6 of 16')).parentElement!;
    await waitFor(() => expect(viewport.watches(end)).toBe(true));
    act(() => viewport.show());
    await screen.findByText('Showing 12 of 16');
    expect(gameCalls.map((q) => q.get('page'))).toEqual(['1', '2']);
  });

  it('is the 404 page for a collection that does not exist, is hidden or is not offered in the country', async () => {
    for (const identity of ['nope', 'secret', 'brazil']) {
      const app = renderApp(`/categories/${identity}`);
      expect(await screen.findByText(`Page Not Found: /categories/${identity}`)).toBeInTheDocument();
      act(() => app.unmount());
    }
  });
});
