import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  accountSchema,
  currencySchema,
  dataEnvelope,
  gameSchema,
  pageEnvelope,
  playerFreespinSchema,
  playerInitSchema,
  playResultSchema,
  type Account,
  type Game,
  type PlayBody,
  type PlayerFreespin,
} from '@casino/contracts';
import { initWith, renderApp } from '@/app/test-support.tsx';
import { accountsQueryKey } from '@/features/wallet';
import { testFreespin } from '@/features/bonuses/test-fixtures.ts';
import { testAccount } from '@/features/wallet/test-fixtures.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { hasSession, saveSession } from '@/shared/lib/token.ts';
import { all, get, post, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { emitGameBetPush } from './game-bets-events.ts';
import { DEMO_NUDGE_AFTER_MS } from './use-demo-nudge.ts';
import { useReturnToGame } from './return-to-game-store.ts';

const image = { '1x': '/img.png' };
const game = (over: Partial<Game> = {}): Game => ({
  id: 'g1',
  identity: 'sugar-rush',
  name: 'Sugar Rush',
  type: 'slots',
  volatility: 'high',
  paylines: 20,
  isDemoMode: true,
  platforms: [1, 2],
  screenWidthRatio: null,
  screenHeightRatio: null,
  images: { '200x200': image, '200x300': image },
  customImages: {},
  provider: {
    id: 'p1',
    identity: 'sandbox',
    name: 'Sandbox Studio',
    gameEnabledCount: 10,
    images: {},
    customImages: {},
  },
  collections: [],
  labels: [],
  isBonusWagering: true,
  minimumBonusWagerMultiplier: 1,
  isFavorite: false,
  ...over,
});

type Play = { identity: string; body: PlayBody };
let plays: Play[];
let playAnswer: (play: Play) => Response;
let catalogue: Record<string, Game>;
let accounts: Account[];
let sent: ReturnType<typeof recordRequests>;
const requests = () => sent.map((r) => `${r.method} ${r.url}`);
/** The player's active free spins (GET /api/game/player-freespins): what these tests vary of them. */
let freespins: Pick<PlayerFreespin, 'gameId' | 'count' | 'usedCount'>[];
const activeSpins = (over: Pick<PlayerFreespin, 'gameId' | 'count' | 'usedCount'>): PlayerFreespin =>
  testFreespin({
    id: `f-${over.gameId}`,
    name: 'Free spins',
    status: 2,
    expiredAt: '2026-12-20T10:00:00Z',
    activationExpiredAt: null,
    ...over,
  });
const played = (gameUrl: string) => reply(dataEnvelope(playResultSchema), { data: { gameUrl, token: 't' } });

beforeEach(() => {
  useReturnToGame.setState({ game: null, lobbyPath: '/' });
  // This test's own list: a request of the last test still in flight answers into that test's list.
  const mine: Play[] = (plays = []);
  sent = recordRequests();
  catalogue = {
    'sugar-rush': game(),
    'live-only': game({ id: 'g2', identity: 'live-only', name: 'Live Only', isDemoMode: false }),
  };
  accounts = [testAccount('a1', 'EUR', 100, 1), testAccount('a2', 'BTC', 0.5)];
  freespins = [];
  playAnswer = (play) =>
    played(`/sandbox/games/play/${play.body.demoMode ? 'demo' : play.body.accountId}-${mine.length}`);
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith({ country: 'DE' }) })),
    get('/api/wallet/accounts', () => reply(dataEnvelope(z.array(accountSchema)), { data: accounts })),
    get('/api/settings/currencies', () => reply(dataEnvelope(z.array(currencySchema)), { data: [] })),
    get('/api/game/player-freespins', () =>
      reply(pageEnvelope(playerFreespinSchema), {
        data: freespins.map(activeSpins),
        meta: { page: 1, perPage: 50, totalPages: 1, totalRows: freespins.length },
      }),
    ),
    post('/api/game/games/:identity/play', async ({ request, params }) => {
      const entry = { identity: String(params.identity), body: (await request.json()) as PlayBody };
      mine.push(entry);
      return playAnswer(entry);
    }),
    get('/api/game/games/:identity', ({ params }) => {
      const found = catalogue[String(params.identity)];
      return found
        ? reply(dataEnvelope(gameSchema), { data: found })
        : refuse(404, { code: 404, message: 'Game not found' });
    }),
    all('*', () => refuse(404, { code: 404, message: 'Not found' })),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

// The real route table: pages and modals are lazy chunks, whose first load is slow on a busy machine.
const firstLoad = { timeout: 10_000 };
const asPlayer = () => saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
const frame = () => screen.findByTitle('Sugar Rush — game', {}, firstLoad);
const search = (app: ReturnType<typeof renderApp>) => new URLSearchParams(app.location().search);

describe('game page', () => {
  it('starts in demo by default in a sandboxed frame that cannot reach our origin', async () => {
    renderApp('/games/sugar-rush');
    const iframe = await frame();
    expect(iframe).toHaveAttribute('src', '/sandbox/games/play/demo-1');
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-popups');
    expect(iframe.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(iframe).toHaveAttribute('allow', 'fullscreen');
    expect(plays).toEqual([
      { identity: 'sugar-rush', body: { demoMode: true, platform: 2, locale: 'en', lobbyUrl: '/', countryCode: 'DE' } },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Sugar Rush' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Demo' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers a guest real play when the demo starts and once more a minute after, never on a round', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderApp('/games/sugar-rush');
    const iframe = (await frame()) as HTMLIFrameElement;
    // At the start, before any round.
    await waitFor(() => expect(search(app).get('demo-game')).toBe('sugar-rush'));
    expect(await screen.findByRole('dialog', { name: 'Enjoying Sugar Rush?' })).toBeInTheDocument();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Keep playing demo' }));
    await waitFor(() => expect(search(app).has('demo-game')).toBe(false));
    // Rounds over (what the sandbox game posts) do not bring it back between spins.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'sandbox-game:round-over' }, source: iframe.contentWindow }),
      );
    });
    await act(() => vi.advanceTimersByTimeAsync(DEMO_NUDGE_AFTER_MS - 1_000));
    expect(search(app).has('demo-game')).toBe(false);
    // A minute after the first offer closed, once more; then never again.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(search(app).get('demo-game')).toBe('sugar-rush'));
    await user.click(await screen.findByRole('button', { name: 'Keep playing demo' }));
    await waitFor(() => expect(search(app).has('demo-game')).toBe(false));
    await act(() => vi.advanceTimersByTimeAsync(DEMO_NUDGE_AFTER_MS * 3));
    expect(search(app).has('demo-game')).toBe(false);
  });

  it('does not offer real play to a player in demo', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    asPlayer();
    const app = renderApp('/games/sugar-rush?real=false', { status: 'player' });
    await frame();
    act(() => vi.advanceTimersByTime(DEMO_NUDGE_AFTER_MS * 2));
    expect(search(app).has('demo-game')).toBe(false);
  });

  it('opens no nudge for a game that does not exist', async () => {
    const app = renderApp('/games/nope?demo-game=nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game not found' }, firstLoad)).toBeInTheDocument();
    await waitFor(() => expect(search(app).has('demo-game')).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes a guest from the nudge to sign-up with real money waiting behind it', async () => {
    const user = userEvent.setup();
    const app = renderApp('/games/sugar-rush?demo-game=sugar-rush');
    await user.click(await screen.findByRole('button', { name: 'Sign up and play for real' }, firstLoad));
    await waitFor(() => expect(search(app).has('sign-up')).toBe(true));
    expect(search(app).get('real')).toBe('true');
    expect(search(app).has('demo-game')).toBe(false);
    expect(await screen.findByRole('heading', { name: 'Sign up to play for real', hidden: true })).toBeInTheDocument();
  });

  it('asks a guest who wants real money to sign up, without starting anything', async () => {
    const app = renderApp('/games/sugar-rush?real=true');
    await waitFor(() => expect(search(app).has('sign-up')).toBe(true), firstLoad);
    // The sign-up dialog hides the page from the accessibility tree; the plug waits behind it.
    expect(await screen.findByRole('heading', { name: 'Sign up to play for real', hidden: true })).toBeInTheDocument();
    expect(plays).toEqual([]);
  });

  it('takes a guest from the demo to sign-up with the mode switch', async () => {
    const user = userEvent.setup();
    const app = renderApp('/games/sugar-rush');
    await frame();
    // The offer at the start comes first.
    await user.click(await screen.findByRole('button', { name: 'Keep playing demo' }, firstLoad));
    await user.click(await screen.findByRole('button', { name: 'Real money' }));
    await waitFor(() => expect(search(app).has('sign-up')).toBe(true));
    expect(search(app).get('real')).toBe('true');
    expect(plays).toHaveLength(1);
  });

  it('shows a guest the sign-up plug for a game without demo', async () => {
    const app = renderApp('/games/live-only');
    expect(
      await screen.findByText(
        'Live Only has no demo mode. Create an account or sign in to play it for real money.',
        {},
        firstLoad,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Demo' })).toBeNull();
    expect(search(app).has('sign-up')).toBe(false);
    expect(plays).toEqual([]);
  });

  it('says plainly when the game does not exist', async () => {
    renderApp('/games/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game not found' }, firstLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the lobby' })).toHaveAttribute('href', '/');
  });
});

describe('real money for a player', () => {
  beforeEach(asPlayer);

  it('starts with the active account and shows its balance in the toolbar', async () => {
    renderApp('/de/games/sugar-rush?real=true', { status: 'player' });
    const iframe = await screen.findByTitle('Sugar Rush – Spiel', {}, firstLoad);
    expect(iframe).toHaveAttribute('src', '/sandbox/games/play/a1-1');
    expect(plays[0]!.body).toEqual({
      demoMode: false,
      accountId: 'a1',
      platform: 2,
      locale: 'de',
      lobbyUrl: '/de',
      countryCode: 'DE',
    });
    expect(screen.getByTestId('stage-balance')).toHaveTextContent('100,00');
  });

  it('starts a player whose active account holds money in real money, one balance on screen', async () => {
    renderApp('/games/sugar-rush', { status: 'player' });
    expect(await frame()).toHaveAttribute('src', '/sandbox/games/play/a1-1');
    expect(plays.map((p) => p.body.demoMode)).toEqual([false]);
    expect(screen.getByRole('button', { name: 'Real money' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('stage-balance')).toHaveTextContent('€100.00');
  });

  it('starts a player with an empty active account in demo, and keeps demo when the player chose it', async () => {
    accounts = [testAccount('a1', 'EUR', 0, 1)];
    const app = renderApp('/games/sugar-rush', { status: 'player' });
    expect(await frame()).toHaveAttribute('src', '/sandbox/games/play/demo-1');
    await act(() => app.router.navigate('/games/sugar-rush?real=false'));
    act(() => queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 50, 1)]));
    expect(screen.getByRole('button', { name: 'Demo' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTitle('Sugar Rush — game')).toHaveAttribute('src', '/sandbox/games/play/demo-1');
    expect(plays.map((p) => p.body.demoMode)).toEqual([true]);
  });

  it('opens the deposit wallet instead of a game when the balance is zero, and starts once money arrives', async () => {
    accounts = [testAccount('a1', 'EUR', 0, 1)];
    const app = renderApp('/games/sugar-rush?real=true', { status: 'player' });
    await waitFor(() => expect(search(app).get('wallet')).toBe('deposit'), firstLoad);
    expect(await screen.findByRole('heading', { name: 'Your balance is empty', hidden: true })).toBeInTheDocument();
    expect(plays).toEqual([]);
    // The deposit arrives by push: the game starts without a reload.
    act(() => queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 20, 1)]));
    await waitFor(() => expect(plays.map((p) => p.body.accountId)).toEqual(['a1']));
  });

  it('starts real money on an empty balance when free spins wait on the game, and keeps it real once they are played', async () => {
    accounts = [testAccount('a1', 'EUR', 0, 1)];
    freespins = [{ gameId: 'g1', count: 3, usedCount: 1 }];
    const app = renderApp('/games/sugar-rush', { status: 'player' });
    expect(await frame()).toHaveAttribute('src', '/sandbox/games/play/a1-1');
    expect(plays.map((p) => p.body.demoMode)).toEqual([false]);
    expect(search(app).has('wallet')).toBe(false);
    expect(requests().map(decodeURIComponent)).toContain(
      'GET /api/game/player-freespins?status[]=2&currency[]=EUR&page=1&perPage=50',
    );
    // Played: no spins wait any more, the balance is still empty; the game stays as it is, for real.
    await waitFor(() => expect(search(app).get('real')).toBe('true'));
    freespins = [];
    await act(() => queryClient.invalidateQueries({ queryKey: ['bonus', 'player-bonuses'] }));
    await waitFor(() =>
      expect(requests().filter((r) => r.startsWith('GET /api/game/player-freespins'))).toHaveLength(2),
    );
    expect(screen.getByTitle('Sugar Rush — game')).toHaveAttribute('src', '/sandbox/games/play/a1-1');
    expect(plays).toHaveLength(1);
  });

  it('does not count free spins on another game or used up as a reason to start for real', async () => {
    accounts = [testAccount('a1', 'EUR', 0, 1)];
    freespins = [
      { gameId: 'other', count: 3, usedCount: 0 },
      { gameId: 'g1', count: 3, usedCount: 3 },
    ];
    renderApp('/games/sugar-rush', { status: 'player' });
    expect(await frame()).toHaveAttribute('src', '/sandbox/games/play/demo-1');
  });

  it('starts again with the new account when the player switches currency', async () => {
    renderApp('/games/sugar-rush?real=true', { status: 'player' });
    await frame();
    act(() =>
      queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 100), testAccount('a2', 'BTC', 0.5, 1)]),
    );
    await waitFor(() =>
      expect(screen.getByTitle('Sugar Rush — game')).toHaveAttribute('src', '/sandbox/games/play/a2-2'),
    );
    expect(plays.map((p) => p.body.accountId)).toEqual(['a1', 'a2']);
  });

  it('keeps the game on screen when the balance reaches zero during play', async () => {
    renderApp('/games/sugar-rush?real=true', { status: 'player' });
    await frame();
    act(() =>
      queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 0, 1), testAccount('a2', 'BTC', 0.5)]),
    );
    await waitFor(() => expect(screen.getByTestId('stage-balance')).toHaveTextContent('€0.00'));
    expect(screen.getByTitle('Sugar Rush — game')).toBeInTheDocument();
    expect(plays).toHaveLength(1);
  });

  it('keeps a game started for real from the balance real when the balance touches zero mid-play', async () => {
    // One bonus replaced by another: the first's bonus money goes, then the second's comes.
    const app = renderApp('/games/sugar-rush', { status: 'player' });
    expect(await frame()).toHaveAttribute('src', '/sandbox/games/play/a1-1');
    await waitFor(() => expect(search(app).get('real')).toBe('true'));
    act(() => queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 0, 1)]));
    act(() => queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 5, 1)]));
    await waitFor(() => expect(screen.getByTestId('stage-balance')).toHaveTextContent('€5.00'));
    expect(screen.getByTitle('Sugar Rush — game')).toHaveAttribute('src', '/sandbox/games/play/a1-1');
    expect(plays.map((p) => p.body.demoMode)).toEqual([false]);
  });

  it.each([
    [14308, 'geo-restricted-game', 'sugar-rush', 'Game not available in your country'],
    [14100, 'game-limit-reached', '14100', 'Limit reached'],
    [14101, 'game-limit-reached', '14101', 'Limit reached'],
    [14105, 'game-limit-reached', '14105', 'Limit reached'],
    [14306, 'restricted-bets', 'sugar-rush', 'Bets restricted'],
  ])('answers refusal %i with the %s modal and keeps the session', async (code, modal, value, title) => {
    playAnswer = () => refuse(403, { code, message: 'refused' });
    const app = renderApp('/games/sugar-rush?real=true', { status: 'player' });
    await waitFor(() => expect(search(app).get(modal)).toBe(value), firstLoad);
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    expect(screen.queryByTitle('Sugar Rush — game')).toBeNull();
    expect(hasSession()).toBe(true);
    expect(app.location().pathname).toBe('/games/sugar-rush');
  });

  it('sends the player from the limits modal to the limits page', async () => {
    const user = userEvent.setup();
    playAnswer = () => refuse(403, { code: 14101, message: 'loss limit' });
    const app = renderApp('/games/sugar-rush?real=true', { status: 'player' });
    const dialog = await screen.findByRole('dialog', { name: 'Limit reached' }, firstLoad);
    expect(dialog).toHaveTextContent('You have reached your loss limit.');
    await user.click(within(dialog).getByRole('button', { name: 'Review my limits' }));
    await waitFor(() => expect(app.location().pathname).toBe('/profile/limits'));
  });

  it('sends a limited player home with an alert', async () => {
    playAnswer = () => refuse(403, { code: 14103, message: 'limited' });
    const app = renderApp('/games/sugar-rush?real=true', { status: 'player' });
    await waitFor(() => expect(app.location().pathname).toBe('/'), firstLoad);
    expect(await screen.findByText('Real-money play is not available')).toBeInTheDocument();
    expect(hasSession()).toBe(true);
  });

  it('shows other failures in place with a retry', async () => {
    const user = userEvent.setup();
    playAnswer = () => refuse(502, { code: 14310, message: 'provider down' });
    renderApp('/games/sugar-rush?real=true', { status: 'player' });
    expect(await screen.findByRole('alert', {}, firstLoad)).toHaveTextContent('The game could not be started');
    playAnswer = (play) => played(`/sandbox/games/play/${play.body.accountId}-ok`);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await frame()).toHaveAttribute('src', '/sandbox/games/play/a1-ok');
  });
});

describe('starting the game', () => {
  beforeEach(asPlayer);
  afterEach(() => configure({ reactStrictMode: false }));

  it('starts once per visit and mode, in StrictMode too, and not again when the window or the network comes back', async () => {
    configure({ reactStrictMode: true });
    const user = userEvent.setup();
    // Demo is known at the first render, so the start is asked for by the mount's effects, which StrictMode runs twice.
    renderApp('/games/sugar-rush?real=false', { status: 'player' });
    expect(await frame()).toHaveAttribute('src', '/sandbox/games/play/demo-1');
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(plays.map((p) => p.body.demoMode)).toEqual([true]);

    await user.click(screen.getByRole('button', { name: 'Real money' }));
    await waitFor(() =>
      expect(screen.getByTitle('Sugar Rush — game')).toHaveAttribute('src', '/sandbox/games/play/a1-2'),
    );
    expect(plays.map((p) => p.body.demoMode)).toEqual([true, false]);
  });
});

describe('pushes about bets', () => {
  beforeEach(asPlayer);

  it('opens restricted bets only for the game on screen in real mode', async () => {
    const app = renderApp('/games/sugar-rush?real=true', { status: 'player' });
    await frame();
    act(() => emitGameBetPush({ kind: 'restricted', gameIdentity: 'other-game' }));
    expect(search(app).has('restricted-bets')).toBe(false);
    act(() => emitGameBetPush({ kind: 'restricted', gameIdentity: 'sugar-rush' }));
    await waitFor(() => expect(search(app).get('restricted-bets')).toBe('sugar-rush'));
  });

  it('ignores restricted bets during demo play', async () => {
    const app = renderApp('/games/sugar-rush?real=false', { status: 'player' });
    await frame();
    act(() => emitGameBetPush({ kind: 'restricted', gameIdentity: 'sugar-rush' }));
    expect(search(app).has('restricted-bets')).toBe(false);
  });

  it('shows the bonus maximum bet for a game that does not say it, and goes back to the game as it was', async () => {
    const user = userEvent.setup();
    const app = renderApp('/games/sugar-rush?real=true', { status: 'player' });
    await frame();
    act(() => emitGameBetPush({ kind: 'max-exceed', gameIdentity: 'sugar-rush', currency: 'EUR', maxBetAmount: 5 }));
    const dialog = await screen.findByRole('dialog', { name: 'Maximum bet with a bonus' });
    expect(dialog).toHaveTextContent('at most €5.00');
    expect(within(dialog).queryByRole('button', { name: 'Restart the game' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the game' }));
    await waitFor(() => expect(search(app).has('max-bets')).toBe(false));
    // The same game session: no new start, so the stake the game offers to lower to is still there.
    expect(plays).toHaveLength(1);
    expect(screen.getByTitle('Sugar Rush — game')).toHaveAttribute('src', '/sandbox/games/play/a1-1');
  });

  it('leaves the maximum bet to a game that says it answers it itself, and only to that game', async () => {
    const app = renderApp('/games/sugar-rush?real=true', { status: 'player' });
    const iframe = (await frame()) as HTMLIFrameElement;
    const ready = { type: 'sandbox-game:ready', tells: ['max-bet'] };
    // Another window claiming it (a page the game opened, say) changes nothing.
    act(() => window.dispatchEvent(new MessageEvent('message', { data: ready, source: window })));
    act(() => emitGameBetPush({ kind: 'max-exceed', gameIdentity: 'sugar-rush', currency: 'EUR', maxBetAmount: 5 }));
    await waitFor(() => expect(search(app).get('max-bets')).toBe('EUR:5'));
    await act(() => app.router.navigate('/games/sugar-rush?real=true'));
    await waitFor(() => expect(search(app).has('max-bets')).toBe(false));
    // The game's own window: its refusal is shown in the game, with the stake to lower to; no modal over it.
    act(() => window.dispatchEvent(new MessageEvent('message', { data: ready, source: iframe.contentWindow })));
    act(() => emitGameBetPush({ kind: 'max-exceed', gameIdentity: 'sugar-rush', currency: 'EUR', maxBetAmount: 5 }));
    act(() => emitGameBetPush({ kind: 'restricted', gameIdentity: 'sugar-rush' }));
    await waitFor(() => expect(search(app).get('restricted-bets')).toBe('sugar-rush'));
    expect(search(app).has('max-bets')).toBe(false);
  });
});

describe('return to game', () => {
  beforeEach(asPlayer);

  it('offers the real game a player left, links back to it and goes away on return', async () => {
    const user = userEvent.setup();
    const app = renderApp('/games/sugar-rush?real=true', { status: 'player' });
    await frame();
    await act(() => app.router.navigate('/bonuses'));
    const pill = await screen.findByRole('link', { name: 'Return to Sugar Rush' });
    expect(pill).toHaveAttribute('href', '/games/sugar-rush?real=true');
    await user.click(pill);
    await frame();
    expect(screen.queryByRole('link', { name: 'Return to Sugar Rush' })).toBeNull();
    await act(() => app.router.navigate('/bonuses'));
    await user.click(await screen.findByRole('button', { name: 'Dismiss the return to Sugar Rush' }));
    expect(screen.queryByRole('link', { name: 'Return to Sugar Rush' })).toBeNull();
  });

  it('does not offer a demo game back', async () => {
    const app = renderApp('/games/sugar-rush?real=false', { status: 'player' });
    await frame();
    await act(() => app.router.navigate('/bonuses'));
    await screen.findByRole('heading', { level: 1, name: 'Bonuses' }, firstLoad);
    expect(screen.queryByRole('link', { name: 'Return to Sugar Rush' })).toBeNull();
  });

  it('closes to the lobby page the player came from', async () => {
    const user = userEvent.setup();
    const app = renderApp('/bonuses?tab=2', { status: 'player' });
    await screen.findByRole('heading', { level: 1, name: 'Bonuses' }, firstLoad);
    await act(() => app.router.navigate('/games/sugar-rush?real=true'));
    await frame();
    expect(plays[0]!.body.lobbyUrl).toBe('/bonuses?tab=2');
    await user.click(screen.getByRole('button', { name: 'Close the game' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?tab=2'));
    // Closed on purpose: nothing to return to.
    expect(screen.queryByRole('link', { name: 'Return to Sugar Rush' })).toBeNull();
  });
});
