import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  betSchema,
  currencySchema,
  dataEnvelope,
  okSchema,
  pageEnvelope,
  playerSessionSchema,
  spinSchema,
  type Bet,
  type PlayerSession,
  type Spin,
} from '@casino/contracts';
import { testCurrency } from '@/features/wallet/test-fixtures.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { createMemoryRouter } from '@/shared/router';
import ProfileHistoryPage from '@/pages/profile/profile-history-page.tsx';
import { FALLBACK_INIT, playerInitQuery } from '@/shared/lib/player-init.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { all, get, put, refuse, reply, server } from '@/test-api.ts';
import { renderRouter } from '../test-support.tsx';

const spin = (id: string, amount: number, payout: number, currency = 'EUR'): Spin => ({
  id,
  game: 'Sugar Rush',
  gameIdentity: 'sugar-rush',
  amount,
  payout,
  currency,
  createdAt: '2025-03-01T10:15:00Z',
});
const item = (event: string, stage: number, over: Partial<Bet['items'][number]> = {}): Bet['items'][number] => ({
  event,
  stage,
  discipline: 'Football',
  tournament: 'Premier League',
  eventDate: '2025-03-02T20:00:00Z',
  market: 'Match result',
  outcome: 'Home',
  coefficient: 1.5,
  ...over,
});
const bet = (id: string, status: number, items = [item('Arsenal – Chelsea', 1, { coefficient: 3 })]): Bet => ({
  id,
  game: 'Sportsbook',
  gameId: 'g9',
  roundId: `r-${id}`,
  amount: 2.5,
  payout: status === 2 ? 7.5 : 0,
  currency: 'EUR',
  coefficient: 3,
  status,
  ticketType: items.length > 1 ? 2 : 1,
  createdAt: '2025-03-02T18:00:00Z',
  items,
});
/** Settled tickets the stub answers; a test may change them. */
let settledBets: Bet[];
const meta = (page: number, totalPages: number, totalRows: number) => ({ page, perPage: 20, totalPages, totalRows });

const firstLoad = { timeout: 10_000 };

/** The history page as the profile shows it, at `url` (with the sportsbook unless told otherwise). */
function renderHistory(url: string, { sportsbook = true } = {}) {
  queryClient.clear();
  queryClient.setQueryData(playerInitQuery.queryKey, {
    ...FALLBACK_INIT,
    features: { ...FALLBACK_INIT.features, sportsbook },
  });
  const router = createMemoryRouter([{ path: '/profile/history', Component: ProfileHistoryPage }], {
    initialEntries: [url],
  });
  renderRouter(router);
  return { url: () => router.state.location.pathname + router.state.location.search };
}

const session = (id: string, over: Partial<PlayerSession> = {}): PlayerSession => ({
  id,
  deviceType: 'desktop',
  client: 'Chrome on Windows',
  ip: '203.0.113.7',
  country: 'DE',
  createdAt: '2025-03-01T08:00:00Z',
  lastActiveAt: '2025-03-02T08:00:00Z',
  closedAt: null,
  current: false,
  ...over,
});
let sessions: PlayerSession[];
/** The API's requests but the currencies', as sent (`/api/game/spins?page=1&perPage=20`). */
let requests: string[];
const seen = (request: Request) => {
  const url = new URL(request.url);
  requests.push(url.pathname + url.search);
  return url.searchParams;
};
beforeEach(() => {
  requests = [];
  settledBets = [
    bet('b1', 2),
    bet('b2', 3, [item('Milan – Inter', 2, { outcome: 'Draw', coefficient: 1.8 }), item('Lakers – Celtics', 1)]),
    bet('b3', 4),
    bet('b4', 5),
  ];
  sessions = [
    session('here', { deviceType: 'mobile', client: 'Safari on iOS', current: true }),
    session('laptop'),
    session('old', { client: null, deviceType: 'tablet', closedAt: '2025-02-01T08:00:00Z' }),
  ];
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  server.use(
    get('/api/settings/currencies', () =>
      reply(dataEnvelope(z.array(currencySchema)), {
        data: [testCurrency('EUR', 'fiat', 100), testCurrency('BTC', 'crypto', 100_000_000)],
      }),
    ),
    get('/api/game/spins', ({ request }) => {
      const page = Number(seen(request).get('page'));
      return reply(
        pageEnvelope(spinSchema),
        page === 1
          ? { data: [spin('s1', 1.5, 0), spin('s2', 2, 12.4)], meta: meta(1, 2, 22) }
          : { data: [spin('s3', 0.001, 0.002, 'BTC')], meta: meta(2, 2, 22) },
      );
    }),
    get('/api/player/sessions', ({ request }) => {
      seen(request);
      return reply(pageEnvelope(playerSessionSchema), { data: sessions, meta: meta(1, 1, sessions.length) });
    }),
    put('/api/player/sessions/:id/close', ({ request, params }) => {
      seen(request);
      requests.push(`PUT ${new URL(request.url).pathname}`);
      sessions = sessions.map((s) => (s.id === params.id ? { ...s, closedAt: '2025-03-03T09:00:00Z' } : s));
      return reply(dataEnvelope(okSchema), { data: { ok: true } });
    }),
    get('/api/game/bets', ({ request }) => {
      const settled = seen(request).get('isSettled') === 'true';
      return reply(
        pageEnvelope(betSchema),
        settled ? { data: settledBets, meta: meta(1, 1, settledBets.length) } : { data: [], meta: meta(1, 0, 0) },
      );
    }),
    all('*', ({ request }) => {
      seen(request);
      return refuse(404, { code: 404, message: 'Not found' });
    }),
  );
});

describe('profile history', () => {
  it('lists game rounds with their money and pages through them', async () => {
    const user = userEvent.setup();
    const app = renderHistory('/profile/history');
    const table = await screen.findByRole('table', { name: 'Game rounds, newest first' }, firstLoad);
    expect(requests).toEqual(['/api/game/spins?page=1&perPage=20']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Sugar Rush€1.50€0.00EUR');
    expect(second).toHaveTextContent('€2.00€12.40');
    expect(within(first!).getByRole('link', { name: 'Sugar Rush' })).toHaveAttribute('href', '/games/sugar-rush');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeInTheDocument());
    expect(requests).toContain('/api/game/spins?page=2&perPage=20');
    expect(app.url()).toBe('/profile/history?page=2');
    // BTC is shown in mBTC.
    expect(screen.getByRole('table')).toHaveTextContent('1.00 mBTC');
  });

  it('shows settled tickets with their selections, then the empty unsettled list', async () => {
    const user = userEvent.setup();
    const app = renderHistory('/profile/history?tab=bets');
    const list = await screen.findByRole('list', { name: 'Bets, newest first' }, firstLoad);
    expect(requests).toEqual(['/api/game/bets?isSettled=true&page=1&perPage=20']);
    const [won, lost, voided, cashedOut] = within(list).getAllByRole('article');
    expect(within(won!).getByRole('heading', { level: 3, name: 'Single' })).toBeInTheDocument();
    expect(won).toHaveTextContent('Won');
    expect(won).toHaveTextContent('Arsenal – Chelsea');
    expect(won).toHaveTextContent('Football · Premier League');
    expect(won).toHaveTextContent('Match result: Home @ 3.00');
    expect(won).toHaveTextContent('Pre-match');
    expect(won).toHaveTextContent('Stake€2.50Odds3.00Payout€7.50');
    expect(within(lost!).getByRole('heading', { level: 3, name: 'Accumulator · 2 selections' })).toBeInTheDocument();
    expect(lost).toHaveTextContent('Lost');
    expect(lost).toHaveTextContent('Milan – Inter');
    expect(lost).toHaveTextContent('Live');
    expect(lost).toHaveTextContent('Match result: Draw @ 1.80');
    expect(lost).toHaveTextContent('Lakers – Celtics');
    expect(voided).toHaveTextContent('Void');
    expect(cashedOut).toHaveTextContent('Cashed out');
    expect(screen.getByRole('link', { name: 'Bets' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Unsettled' }));
    expect(await screen.findByText('No open bets right now.')).toBeInTheDocument();
    expect(requests).toContain('/api/game/bets?isSettled=false&page=1&perPage=20');
    expect(app.url()).toBe('/profile/history?tab=bets&settled=false');
    expect(screen.getByRole('button', { name: 'Unsettled' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('reads the tickets again when a balance push lands, so a settlement shows without a reload', async () => {
    renderHistory('/profile/history?tab=bets');
    await screen.findByRole('list', { name: 'Bets, newest first' }, firstLoad);
    expect(screen.queryByText('Cashed out')).toBeInTheDocument();
    settledBets = [bet('b9', 2, [item('Real – Barça', 2)])];
    act(() => queryClient.setQueryData(['wallet', 'accounts'], []));
    expect(await screen.findByText('Real – Barça')).toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('/api/game/bets'))).toHaveLength(2);
  });

  it('reads the tickets again when a settlement is pushed (a lost ticket moves no money)', async () => {
    renderHistory('/profile/history?tab=bets');
    await screen.findByRole('list', { name: 'Bets, newest first' }, firstLoad);
    settledBets = [bet('b8', 3, [item('Ajax – PSV', 1)])];
    const { emitGameBetPush } = await import('@/features/game-play/game-bets-events.ts');
    // The panel subscribes once its push module has loaded.
    await waitFor(() => {
      act(() => emitGameBetPush({ kind: 'settled' }));
      expect(screen.getByText('Ajax – PSV')).toBeInTheDocument();
    });
  });

  it('has no bets tab without the sportsbook, and shows the rounds for a link to it', async () => {
    renderHistory('/profile/history?tab=bets', { sportsbook: false });
    expect(await screen.findByRole('table', { name: 'Game rounds, newest first' }, firstLoad)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bets' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Game rounds' })).toHaveAttribute('aria-current', 'page');
    expect(requests.some((r) => r.startsWith('/api/game/bets'))).toBe(false);
  });

  it('lists the sessions with device, address and state, and signs out another device', async () => {
    const user = userEvent.setup();
    renderHistory('/profile/history?tab=sessions');
    const list = await screen.findByRole('list', { name: 'Where you are signed in' }, firstLoad);
    const [here, laptop, old] = within(list).getAllByRole('listitem');
    expect(here).toHaveTextContent('Safari on iOS');
    expect(here).toHaveTextContent('This device');
    expect(within(here!).queryByRole('button')).toBeNull();
    expect(laptop).toHaveTextContent('203.0.113.7 · Germany');
    expect(old).toHaveTextContent('Tablet');
    expect(old).toHaveTextContent('Ended');
    expect(within(old!).queryByRole('button')).toBeNull();
    await user.click(within(laptop!).getByRole('button', { name: 'Sign out Chrome on Windows' }));
    expect(requests).toContain('PUT /api/player/sessions/laptop/close');
    await waitFor(() => expect(within(laptop!).queryByRole('button')).toBeNull());
    expect(laptop).toHaveTextContent('Ended');
  });

  it('says this device is active now; another device shows when it was last active', async () => {
    renderHistory('/profile/history?tab=sessions');
    const list = await screen.findByRole('list', { name: 'Where you are signed in' }, firstLoad);
    const [here, laptop] = within(list).getAllByRole('listitem');
    expect(within(here!).getAllByRole('definition').at(-1)).toHaveTextContent(/^Active now$/);
    expect(within(laptop!).getAllByRole('definition').at(-1)).toHaveTextContent(/^Mar 2, 2025, \d{1,2}:00\s?[AP]M$/);
  });
});
