import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  collectionSchema,
  dataEnvelope,
  playerInitSchema,
  providerSchema,
  winnerSchema,
  type Game,
} from '@casino/contracts';
import { initWith, renderApp } from '@/app/test-support.tsx';
import { saveSession } from '@/shared/lib/token.ts';
import { all, get, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { pageOf, stubIntersection, stubMedia, testCollection, testGame, testProvider } from './test-fixtures.ts';

const collections = Array.from({ length: 8 }, (_, i) => testCollection(`c${i}`, `col-${i}`, `Collection ${i}`));
const providers = [
  testProvider('p1', 'Lumen Studio', 40),
  testProvider('p2', 'Nordic Play', 120),
  testProvider('p3', 'Áurea Games', 3),
];
let sent: ReturnType<typeof recordRequests>;
let favorites: Game[];
let played: Game[];

// The pages are lazy route chunks. Loaded before any test's clock starts, so a slow first transform on
// a busy machine is not mistaken for a page that never renders its rows.
beforeAll(async () => {
  await Promise.all([
    import('@/pages/home-page.tsx'),
    import('@/pages/providers-page.tsx'),
    import('@/pages/favorites-page.tsx'),
    import('@/pages/recently-played-page.tsx'),
  ]);
}, 60_000);

beforeEach(() => {
  sent = recordRequests();
  favorites = [];
  played = [];
  vi.stubGlobal('matchMedia', stubMedia(false));
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith({ country: 'DE' }) })),
    get('/api/game/collections', () => reply(dataEnvelope(z.array(collectionSchema)), { data: collections })),
    get('/api/game/providers', () => reply(dataEnvelope(z.array(providerSchema)), { data: providers })),
    get('/api/game/games/favorites', () => pageOf(favorites, 1, 100)),
    get('/api/game/games/played', () => pageOf(played, 1, 18)),
    get('/api/game/games', ({ request }) => {
      const collection = new URL(request.url).searchParams.get('collectionId[]');
      return pageOf(
        [testGame(`${collection}-a`, `Game ${collection} A`), testGame(`${collection}-b`, `Game ${collection} B`)],
        1,
        18,
        40,
      );
    }),
    get('/api/game/spins/winners', () => reply(dataEnvelope(z.array(winnerSchema)), { data: [] })),
    all('*', () => refuse(404, { code: 404, message: 'Not found' })),
  );
});
const calls = () => sent.map((r) => r.url);
afterEach(() => vi.unstubAllGlobals());

const asPlayer = () => saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
const gameCalls = () => calls().filter((u) => u.startsWith('/api/game/games?'));

describe('home page', () => {
  it('shows the first six collections as rows of 18, each loading when it comes near the screen', async () => {
    const viewport = stubIntersection();
    renderApp('/');
    const rows = await screen.findAllByRole('region', { name: /^Collection \d$/ }, { timeout: 5000 });
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(
      collections.slice(0, 6).map((c) => c.name),
    );
    expect(gameCalls()).toEqual([]);
    // The rows are on the page before their effects watch them; a show() before that reaches nobody.
    await waitFor(() => expect(rows.every((row) => viewport.watches(row))).toBe(true));
    act(() => viewport.show());
    await waitFor(() => expect(gameCalls()).toHaveLength(6));
    expect(gameCalls()[0]).toBe('/api/game/games?collectionId[]=c0&sortBy=default&page=1&perPage=18&platform=2');
    const first = rows[0]!;
    expect(await within(first).findByRole('link', { name: /Game c0 A/ })).toHaveAttribute('href', '/games/game-c0-a');
    expect(within(first).getByRole('link', { name: /See all/ })).toHaveAttribute('href', '/categories/col-0');
    expect(within(first).getByRole('button', { name: 'Scroll Collection 0 forward' })).toBeInTheDocument();
  });

  it('shows the studios, each leading to its games', async () => {
    renderApp('/');
    const strip = await screen.findByRole('region', { name: 'Providers' }, { timeout: 5000 });
    expect(await within(strip).findByRole('link', { name: /Nordic Play/ })).toHaveAttribute(
      'href',
      '/providers?provider=nordic-play',
    );
  });
});

describe('providers page', () => {
  it('lists the studios A–Z, filters them ignoring accents and sorts by game count', async () => {
    const user = userEvent.setup();
    renderApp('/providers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Providers' })).toBeInTheDocument();
    const list = async () => (await screen.findAllByRole('link', { name: /games?$/ })).map((a) => a.textContent);
    expect(await list()).toEqual(['Áurea Games3 games', 'Lumen Studio40 games', 'Nordic Play120 games']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'games');
    expect(await list()).toEqual(['Nordic Play120 games', 'Lumen Studio40 games', 'Áurea Games3 games']);
    await user.type(screen.getByLabelText('Search providers'), 'AUREA');
    expect(await list()).toEqual(['Áurea Games3 games']);
    expect(screen.getByRole('link', { name: /Áurea Games/ })).toHaveAttribute(
      'href',
      '/providers?provider=aurea-games',
    );
    await user.clear(screen.getByLabelText('Search providers'));
    await user.type(screen.getByLabelText('Search providers'), 'xyz');
    expect(screen.getByText('No provider matches “xyz”.')).toBeInTheDocument();
  });
});

describe('a provider’s games', () => {
  it('lists every game of the studio, whatever the collection, and keeps the sort in the URL', async () => {
    const user = userEvent.setup();
    const app = renderApp('/providers?provider=nordic-play');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Play' })).toBeInTheDocument();
    await screen.findByRole('link', { name: /Game null A/ });
    const query = () => new URLSearchParams(gameCalls().at(-1)!.split('?')[1]);
    expect(query().getAll('providerId[]')).toEqual(['p2']);
    expect(query().has('collectionId[]')).toBe(false);
    expect(Object.fromEntries(query())).toMatchObject({ sortBy: 'popularity', sortOrder: 'asc', perPage: '72' });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'new');
    await waitFor(() => expect(app.url()).toBe('/providers?provider=nordic-play&sort=new'));
    await waitFor(() => expect(Object.fromEntries(query())).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc' }));
    expect(screen.getByRole('link', { name: 'All providers' })).toHaveAttribute('href', '/providers');
  });

  it('says so for an unknown studio', async () => {
    renderApp('/providers?provider=nobody');
    expect(await screen.findByText('This provider does not exist.')).toBeInTheDocument();
  });
});

describe('favourites and recently played', () => {
  it('ask a guest to sign in, without calling the API', async () => {
    const user = userEvent.setup();
    const app = renderApp('/favorites');
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourites' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' }));
    expect(app.url()).toBe('/favorites?sign-in');
    app.unmount();
    renderApp('/recently-played');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recently played' })).toBeInTheDocument();
    expect(screen.getByText(/Sign in to jump straight back/)).toBeInTheDocument();
    expect(calls().filter((u) => u.includes('favorites') || u.includes('played'))).toEqual([]);
  });

  it('show a player’s favourites, or the way to the catalogue when there are none', async () => {
    asPlayer();
    const app = renderApp('/favorites', { status: 'player' });
    expect(await screen.findByText(/You have no favourites yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse games' })).toHaveAttribute('href', '/categories');
    app.unmount();
    favorites = [testGame('f1', 'Fave One', { isFavorite: true })];
    renderApp('/favorites', { status: 'player' });
    const heart = await screen.findByRole('button', { name: 'Favourite: Fave One' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('show the games a player launched last', async () => {
    asPlayer();
    played = [testGame('r1', 'Recent One'), testGame('r2', 'Recent Two')];
    renderApp('/recently-played', { status: 'player' });
    expect(await screen.findByRole('link', { name: /Recent One/ })).toBeInTheDocument();
    expect(calls()).toContain('/api/game/games/played?perPage=18&page=1&platform=2&countryCode=DE');
  });
});
