import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import {
  accountSchema,
  collectionSchema,
  currencySchema,
  dataEnvelope,
  pageEnvelope,
  playerInitSchema,
  tournamentSchema,
  type Profile,
  type Tournament,
} from '@casino/contracts';
import { initWith, renderApp } from '@/app/test-support.tsx';
import { useSession } from '@/features/auth';
import { all, get, recordRequests, refuse, reply, server } from '@/test-api.ts';
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
const page = (data: Tournament[]) =>
  reply(pageEnvelope(tournamentSchema), { data, meta: { page: 1, perPage: 6, totalPages: 1, totalRows: data.length } });

let detail: Tournament;
let sent: ReturnType<typeof recordRequests>;
const requests = () => sent.map((r) => decodeURIComponent(r.url));
let live: Tournament[];
let finished: Tournament[];
beforeEach(() => {
  sent = recordRequests();
  live = [tournament()];
  finished = [];
  socket.channels.clear();
  detail = tournament();
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith() })),
    get('/api/wallet/accounts', () =>
      reply(dataEnvelope(z.array(accountSchema)), { data: [testAccount('a1', 'EUR', 100, 1)] }),
    ),
    get('/api/settings/currencies', () =>
      reply(dataEnvelope(z.array(currencySchema)), { data: [testCurrency('EUR', 'fiat', 100)] }),
    ),
    get('/api/game/collections', () => reply(dataEnvelope(z.array(collectionSchema)), { data: [] })),
    get('/api/retention/tournaments', ({ request }) =>
      page(new URL(request.url).searchParams.getAll('state[]')[0] === '4' ? finished : live),
    ),
    get('/api/retention/tournaments/:id', ({ params }) =>
      params.id === detail.identity
        ? reply(dataEnvelope(tournamentSchema), { data: detail })
        : refuse(404, { code: 404, message: 'Tournament not found' }),
    ),
    all('*', () => refuse(404, { code: 404, message: 'Not found' })),
  );
});

const slow = { timeout: 5_000 };

describe('the lobby section', () => {
  it('lists running tournaments with their countdown and first prize, linking to each', async () => {
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Tournaments' }, slow);
    expect(requests()).toContain('/api/retention/tournaments?state[]=2&state[]=3&page=1&perPage=3');
    expect(section).toHaveTextContent('Daily Slots Race');
    expect(section).toHaveTextContent('1st prize: €50 bonus');
    expect(section).toHaveTextContent(/Ends in 02:0\d:\d\d/);
    expect(within(section).getByRole('link', { name: 'View tournament: Daily Slots Race' })).toHaveAttribute(
      'href',
      '/tournaments/daily-slots-2026-11-27',
    );
  });

  it('keeps a tournament that ended, with its winners, beside the next one counting down to its start', async () => {
    const endedAt = new Date(Date.now() - 60_000).toISOString();
    live = [
      tournament({
        id: 'next',
        identity: 'daily-slots-2026-11-28',
        state: 2,
        startAt: new Date(Date.now() + 3_600_000).toISOString(),
        endAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    ];
    finished = [
      tournament({
        state: 4,
        endAt: endedAt,
        prizes: [
          {
            place: 1,
            type: 1,
            title: '€50 bonus',
            entry: { nickname: 'Ac***', points: 12_345, createdAt: endedAt, updatedAt: null },
          },
          {
            place: 2,
            type: 2,
            title: '10 free spins',
            entry: { nickname: 'Bo***', points: 5_000, createdAt: endedAt, updatedAt: null },
          },
          { place: 3, type: 3, title: '500 loyalty points' },
        ],
      }),
    ];
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Tournaments' }, slow);
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(2));
    const [next, results] = within(section).getAllByRole('article');
    expect(next).toHaveTextContent(/Upcoming.*Starts in 0?0:5\d:\d\d/);
    expect(results).toHaveTextContent('Finished');
    expect(
      within(within(results!).getByRole('list', { name: 'Winners' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#1 Ac***€123.45', '#2 Bo***€50.00']);
    expect(within(results!).getByRole('link', { name: 'See the results: Daily Slots Race' })).toHaveAttribute(
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
        { nickname: 'Lu***', place: 1, points: 5000 },
        { nickname: 'Me***', place: 2, points: 1250, isMe: true },
      ],
      prizes: [
        {
          place: 1,
          type: 1,
          title: '€50 bonus',
          entry: {
            nickname: 'Lu***',
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
    expect(firstPrize()).toHaveTextContent('Lu***');
    const board = screen.getByRole('table');
    expect(
      within(board)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['#PlayerPoints', '1Lu***€50.00', '2You€12.50']);
    await waitFor(() => expect(socket.channels.has(`tournaments:${ID}#${ME}`)).toBe(true), slow);
    act(() => {
      socket.channels.get(`tournaments:${ID}`)!.onPublication({
        event: 'tournament.leaderboard.updated',
        // The public push names no one by id: the player's row is the place their own standing names.
        leaderboard: [
          { nickname: 'Me***', place: 1, points: 9000 },
          { nickname: 'Lu***', place: 2, points: 5000 },
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
    ).toEqual(['#PlayerPoints', '1You€90.00', '2Lu***€50.00']);
    // The first prize names the new leader too, not the one the page loaded with.
    expect(firstPrize()).toHaveTextContent('You');
    expect(firstPrize()).not.toHaveTextContent('Lu***');
  });

  it('tells a winner who opted out of bonuses that the prize was held, and where to opt in', async () => {
    saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
    const entry = (nickname: string, points: number, isMe?: true) => ({
      nickname,
      points,
      createdAt: new Date().toISOString(),
      updatedAt: null,
      ...(isMe ? { isMe } : {}),
    });
    detail = tournament({
      state: 4,
      endAt: new Date(Date.now() - 60_000).toISOString(),
      playerEntry: { points: 2000, place: 1 },
      leaderboard: [
        { nickname: 'Me***', place: 1, points: 2000, isMe: true },
        { nickname: 'Lu***', place: 2, points: 1000 },
      ],
      prizes: [
        { place: 1, type: 1, title: '€50 bonus', held: 'no_bonus_consent', entry: entry('Me***', 2000, true) },
        { place: 2, type: 2, title: '10 free spins', entry: entry('Lu***', 1000) },
      ],
    });
    renderApp('/tournaments/daily-slots-2026-11-27', { status: 'player' });
    act(() => useSession.setState({ status: 'player', profile: { id: ME } as Profile }));
    const prizes = await screen.findByRole('region', { name: 'Prizes' }, slow);
    const [mine, other] = within(prizes).getAllByRole('listitem');
    await waitFor(() =>
      expect(mine).toHaveTextContent('Your prize was held and not paid: you had opted out of bonuses.'),
    );
    expect(mine).toHaveTextContent('turn on “Send me bonus offers” in your profile');
    expect(within(mine!).getByRole('link', { name: 'Open my profile' })).toHaveAttribute('href', '/profile/info');
    expect(other).not.toHaveTextContent('held');
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
