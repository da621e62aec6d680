import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { dataEnvelope, gameSchema, type Game } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { del, post, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
import { favoritesQueryKey } from './api/get-favorites.ts';
import { GameCard } from './index.ts';
import { stubMedia, testGame } from './test-fixtures.ts';

const game = testGame('g1', 'Book of Lumen', {
  labels: [
    { id: 'new', name: 'New', createdAt: '2025-01-01T00:00:00Z', updatedAt: null },
    { id: 'bonus_buy', name: 'Bonus Buy', createdAt: '2025-01-01T00:00:00Z', updatedAt: null },
    { id: 'summer', name: 'Summer', createdAt: '2025-01-01T00:00:00Z', updatedAt: null },
  ],
});

let requests: string[];
beforeEach(() => {
  queryClient.clear();
  requests = [];
  vi.stubGlobal('matchMedia', stubMedia(false));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'guest', profile: null });
});

const asPlayer = () => {
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  useSession.setState({ status: 'player', profile: null });
};

describe('game card', () => {
  it('shows the artwork with 1x/2x sources, the name as alt text, the studio and translated labels', () => {
    renderInModal(<GameCard game={game} />);
    const img = screen.getByRole('img', { name: 'Book of Lumen' });
    expect(img).toHaveAttribute('src', '/img/games/g1-200x300.jpg');
    expect(img).toHaveAttribute('srcset', '/img/games/g1-200x300.jpg 1x, /img/games/g1-200x300@2x.jpg 2x');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '200');
    expect(img).toHaveAttribute('height', '300');
    const labels = screen.getByRole('list', { name: 'Labels' });
    expect(
      within(labels)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['New', 'Bonus buy', 'Summer']);
    expect(screen.getByText('Lumen Studio')).toBeInTheDocument();
  });

  it('prefers the operator’s own artwork', () => {
    renderInModal(<GameCard game={{ ...game, customImages: { '200x300': { '1x': '/custom/a.jpg' } } }} />);
    expect(screen.getByRole('img', { name: 'Book of Lumen' })).toHaveAttribute('srcset', '/custom/a.jpg 1x');
  });

  it('links to the game page in demo mode on desktop', async () => {
    renderInModal(<GameCard game={game} />);
    const link = screen.getByRole('link', { name: /Book of Lumen/ });
    expect(link).toHaveAttribute('href', '/games/book-of-lumen');
    await userEvent.setup().click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/games/book-of-lumen');
  });

  it('opens the mobile-game sheet on a phone instead of the game', async () => {
    vi.stubGlobal('matchMedia', stubMedia(true));
    renderInModal(<GameCard game={game} />, '/categories/slots');
    await userEvent.setup().click(screen.getByRole('link', { name: /Book of Lumen/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/categories/slots?mobile-game=book-of-lumen');
  });
});

describe('favourite heart', () => {
  it('asks a guest to sign up and calls nothing', async () => {
    const sent = recordRequests();
    renderInModal(<GameCard game={game} />);
    const heart = screen.getByRole('button', { name: 'Favourite: Book of Lumen' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(heart);
    expect(screen.getByTestId('location')).toHaveTextContent('/?sign-up');
    expect(sent).toEqual([]);
  });

  it('adds and removes a favourite for a player, keeping every cached copy of the game in step', async () => {
    asPlayer();
    const favorites = dataEnvelope(z.array(gameSchema));
    server.use(
      post('/api/game/games/:id/favorite', ({ request }) => {
        requests.push(`POST ${new URL(request.url).pathname}`);
        return reply(favorites, { data: [{ ...game, isFavorite: true }] });
      }),
      del('/api/game/games/:id/favorite', ({ request }) => {
        requests.push(`DELETE ${new URL(request.url).pathname}`);
        return reply(favorites, { data: [] });
      }),
    );
    // The same game also sits in a cached list (another row of the page).
    const rowKey = ['game', 'games', 'page', { collectionId: ['c1'] }];
    queryClient.setQueryData(rowKey, { data: [game], meta: { page: 1, perPage: 18, totalPages: 1, totalRows: 1 } });

    function Row() {
      const row = useQuery<{ data: Game[] }>({
        queryKey: rowKey,
        queryFn: () => Promise.reject(new Error('cached only')),
        enabled: false,
      });
      return <GameCard game={row.data?.data[0] ?? game} />;
    }
    renderInModal(<Row />);
    const user = userEvent.setup();
    const heart = screen.getByRole('button', { name: 'Favourite: Book of Lumen' });

    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(queryClient.getQueryData<Game[]>(favoritesQueryKey)).toHaveLength(1));

    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    await waitFor(() => expect(queryClient.getQueryData<Game[]>(favoritesQueryKey)).toEqual([]));
    expect(requests).toEqual(['POST /api/game/games/g1/favorite', 'DELETE /api/game/games/g1/favorite']);
  });

  it('puts the heart back when the server refuses', async () => {
    asPlayer();
    server.use(post('/api/game/games/:id/favorite', () => refuse(500, { code: 500, message: 'Down' })));
    const rowKey = ['game', 'games', 'page', { collectionId: ['c1'] }];
    queryClient.setQueryData(rowKey, { data: [game], meta: { page: 1, perPage: 18, totalPages: 1, totalRows: 1 } });
    function Row() {
      const row = useQuery<{ data: Game[] }>({
        queryKey: rowKey,
        queryFn: () => Promise.reject(new Error('cached only')),
        enabled: false,
      });
      return <GameCard game={row.data?.data[0] ?? game} />;
    }
    renderInModal(<Row />);
    const heart = screen.getByRole('button', { name: 'Favourite: Book of Lumen' });
    await userEvent.setup().click(heart);
    await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });
});
