import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Profile, Tournament } from '@casino/contracts';
import { initWith, renderApp } from '@/app/test-support.tsx';
import { useSession } from '@/features/auth';
import { jsonResponse } from '@/features/test-support.tsx';
import { testAccount, testCurrency } from '@/features/wallet/test-fixtures.ts';
import { saveSession } from '@/shared/lib/token.ts';

// The push connection is replaced by a recorder of the channels the page subscribes.
const socket = vi.hoisted(() => ({ channels: new Map<string, { onPublication: (data: unknown) => void }>() }));
vi.mock('@/shared/lib/socket.ts', async (original) => ({
  ...(await original<object>()),
  subscribeChannel: async (channel: string, handlers: { onPublication: (data: unknown) => void }) => {
    socket.channels.set(channel, handlers);
    return () => socket.channels.delete(channel);
  },
}));

const ID = '3f0c1a52-8a4e-4d55-9c1e-5b0e6f7a8b9c';
const ME = 'a0000000-0000-4000-8000-000000000001';
const tournament = (over: Partial<Tournament> = {}): Tournament => ({
  id: ID,
  identity: 'daily-slots-2026-11-27',
  title: 'Daily Slots Race',
  description: 'Win the most today.',
  type: 1,
  state: 3,
  startAt: new Date(Date.now() - 3_600_000).toISOString(),
  endAt: new Date(Date.now() + 2 * 3_600_000 + 5 * 60_000).toISOString(),
  isAvailable: true,
  confirmationRequired: false,
  scoring: 'win',
  baseCurrency: 'EUR',
  rates: { baseCurrencyRate: 1 },
  conditions: { gameCollections: ['slots'], minAmount: 0.2, minAmountOp: 'gte' },
  places: [
    { place: 1, type: 1, title: '€50 bonus' },
    { place: 2, type: 2, title: '10 free spins' },
    { place: 3, type: 3, title: '500 loyalty points' },
  ],
  ...over,
});
const page = (data: unknown[]) =>
  jsonResponse(200, { data, meta: { page: 1, perPage: 6, totalPages: 1, totalRows: data.length } });

let detail: Tournament;
let requests: string[];
beforeEach(() => {
  requests = [];
  socket.channels.clear();
  detail = tournament();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = decodeURIComponent(String(input));
      requests.push(url);
      if (url.startsWith('/api/player/init')) return jsonResponse(200, { data: initWith() });
      if (url.startsWith('/api/wallet/accounts'))
        return jsonResponse(200, { data: [testAccount('a1', 'EUR', 100, 1)] });
      if (url.startsWith('/api/settings/currencies'))
        return jsonResponse(200, { data: [testCurrency('EUR', 'fiat', 100)] });
      if (url.startsWith('/api/game/collections')) return jsonResponse(200, { data: [] });
      if (url.startsWith('/api/retention/tournaments?')) return page([tournament()]);
      if (url === `/api/retention/tournaments/${detail.identity}`) return jsonResponse(200, { data: detail });
      if (url.startsWith('/api/retention/tournaments/'))
        return jsonResponse(404, { error: { code: 404, message: 'Tournament not found' } });
      return jsonResponse(404, { error: { code: 404 } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const slow = { timeout: 5_000 };

describe('the lobby section', () => {
  it('lists running tournaments with their countdown and first prize, linking to each', async () => {
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Tournaments' }, slow);
    expect(requests).toContain('/api/retention/tournaments?state[]=2&state[]=3&page=1&perPage=3');
    expect(section).toHaveTextContent('Daily Slots Race');
    expect(section).toHaveTextContent('1st prize: €50 bonus');
    expect(section).toHaveTextContent(/Ends in 02:0\d:\d\d/);
    expect(within(section).getByRole('link', { name: 'View tournament: Daily Slots Race' })).toHaveAttribute(
      'href',
      '/tournaments/daily-slots-2026-11-27',
    );
  });
});

describe('the tournament page', () => {
  it('shows a guest the rules, the countdown and the prizes, and asks them to sign in for the board', async () => {
    renderApp('/tournaments/daily-slots-2026-11-27');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Slots Race' }, slow)).toBeInTheDocument();
    const rules = screen.getByRole('region', { name: 'How it works' });
    expect(rules).toHaveTextContent('Everyone takes part');
    expect(rules).toHaveTextContent('Each spin scores what it wins');
    expect(rules).toHaveTextContent('Counts on: Slots.');
    expect(rules).toHaveTextContent('Spins of at least €0.20 count.');
    const prizes = screen.getByRole('region', { name: 'Prizes' });
    expect(
      within(prizes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#1€50 bonusBonus', '#210 free spinsFree spins', '#3500 loyalty pointsLoyalty points']);
    expect(screen.getByText(/^02:0\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play now' })).toHaveAttribute('href', '/categories/slots');
    expect(screen.getByText('Sign in to see the leaderboard and your place.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a player the leaderboard and their place, and follows the pushes', async () => {
    saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
    detail = tournament({
      playerEntry: { points: 1250, place: 2 },
      leaderboard: [
        { playerId: 'b0000000-0000-4000-8000-000000000002', nickname: 'Lucky', place: 1, points: 5000 },
        { playerId: ME, nickname: 'Me', place: 2, points: 1250 },
      ],
      prizes: [
        {
          place: 1,
          type: 1,
          title: '€50 bonus',
          entry: {
            playerId: 'b0000000-0000-4000-8000-000000000002',
            nickname: 'Lucky',
            points: 5000,
            createdAt: new Date().toISOString(),
            updatedAt: null,
          },
        },
      ],
    });
    renderApp('/tournaments/daily-slots-2026-11-27', { status: 'player' });
    act(() => useSession.setState({ status: 'player', profile: { id: ME } as Profile }));
    const own = await screen.findByRole('region', { name: 'Your place' }, slow);
    await waitFor(() => expect(own).toHaveTextContent('#2'));
    expect(own).toHaveTextContent('€12.50');
    const firstPrize = () => within(screen.getByRole('region', { name: 'Prizes' })).getAllByRole('listitem')[0];
    expect(firstPrize()).toHaveTextContent('€50 bonus');
    expect(firstPrize()).toHaveTextContent('Lucky');
    const board = screen.getByRole('table');
    expect(
      within(board)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['#PlayerPoints', '1Lucky€50.00', '2Me(You)€12.50']);
    await waitFor(() => expect(socket.channels.has(`tournaments:${ID}#${ME}`)).toBe(true), slow);
    act(() => {
      socket.channels.get(`tournaments:${ID}`)!.onPublication({
        event: 'tournament.leaderboard.updated',
        leaderboard: [
          { playerId: ME, nickname: 'Me', place: 1, points: 9000 },
          { playerId: 'b0000000-0000-4000-8000-000000000002', nickname: null, place: 2, points: 5000 },
        ],
      });
      socket.channels.get(`tournaments:${ID}#${ME}`)!.onPublication({
        event: 'tournament.player-entry.updated',
        entry: { tournamentId: ID, playerId: ME, points: 9000, place: 1 },
      });
    });
    await waitFor(() => expect(own).toHaveTextContent('#1'));
    expect(own).toHaveTextContent('€90.00');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['#PlayerPoints', '1Me(You)€90.00', '2Player 0002€50.00']);
    // The first prize names the new leader too, not the one the page loaded with.
    expect(firstPrize()).toHaveTextContent('Me');
    expect(firstPrize()).not.toHaveTextContent('Lucky');
  });

  it('answers an unknown tournament with its not-found view', async () => {
    renderApp('/tournaments/no-such-race');
    expect(await screen.findByRole('heading', { name: 'This tournament does not exist.' }, slow)).toBeInTheDocument();
  });

  it('keeps the bare /tournaments leading home', async () => {
    const { location } = renderApp('/tournaments');
    await waitFor(() => expect(location().pathname).toBe('/'));
  });
});
