import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from '@/shared/router';
import { z } from 'zod';
import {
  accountSchema,
  currencySchema,
  dataEnvelope,
  playResultSchema,
  sportsbookWidgetEventSchema,
  type Account,
  type PlayBody,
  type PlayerInit,
  type SportsbookWidgetEvent,
} from '@casino/contracts';
import { useSession } from '@/features/auth';
import { emitGameBetPush } from '../game-play/game-bets-events.ts';
import { testAccount, testCurrency } from '@/features/wallet/test-fixtures.ts';
import { get, post as postRequest, recordRequests, refuse, reply, server } from '@/test-api.ts';
import BettingPage from '@/pages/betting-page.tsx';
import { i18n } from '@/shared/i18n/i18n.ts';
import { FALLBACK_INIT, playerInitQuery } from '@/shared/lib/player-init.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { clearSession, saveSession } from '@/shared/lib/token.ts';
import { renderInModal, renderRouter } from '../test-support.tsx';
import MaxBetsModal from '../game-play/modals/max-bets-modal.tsx';
import { SportsbookEvents } from './index.ts';

const HOST = 'http://sportsbook.test/sandbox/sportsbook';
const ORIGIN = 'http://sportsbook.test';
const init: PlayerInit = {
  ...FALLBACK_INIT,
  country: 'DE',
  features: { ...FALLBACK_INIT.features, sportsbook: true },
  sportsbook: { host: HOST, clientId: 'casino-1' },
};

const account = (id: string, over: Partial<Account> = {}): Account => ({ ...testAccount(id, 'EUR', 10, 1), ...over });

let launches: PlayBody[];
let accounts: Account[];
let widgets: Record<string, SportsbookWidgetEvent[] | 'fail'>;
let sent: ReturnType<typeof recordRequests>;
/** As the app asked: our API by path, the sportsbook's by its whole address. */
const requests = () => sent.map((r) => (r.href.startsWith(location.origin) ? r.url : r.href));

beforeEach(() => {
  queryClient.clear();
  queryClient.setQueryData(playerInitQuery.queryKey, init);
  launches = [];
  sent = recordRequests();
  accounts = [account('a1')];
  widgets = { top: [], live: [] };
  server.use(
    get(`${HOST}/api/widgets/events`, ({ request }) => {
      const answer = widgets[new URL(request.url).searchParams.get('kind')!];
      return answer === 'fail'
        ? Response.json({}, { status: 500 })
        : reply(dataEnvelope(z.array(sportsbookWidgetEventSchema)), { data: answer! });
    }),
    postRequest('/api/game/games/sportsbook/play', async ({ request }) => {
      launches.push((await request.json()) as PlayBody);
      return reply(dataEnvelope(playResultSchema), {
        data: { gameUrl: `${HOST}/client?launch=${launches.length}`, token: 't' },
      });
    }),
    get('/api/wallet/accounts', () => reply(dataEnvelope(z.array(accountSchema)), { data: accounts })),
    get('/api/settings/currencies', () =>
      reply(dataEnvelope(z.array(currencySchema)), { data: [testCurrency('EUR', 'fiat', 100)] }),
    ),
  );
});

afterEach(() => {
  clearSession();
  useSession.setState({ status: 'guest', profile: null });
});

function renderBetting(url: string, status: 'guest' | 'player' = 'guest') {
  if (status === 'player')
    saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  useSession.setState({ status, profile: null });
  const router = createMemoryRouter([{ path: '/betting', Component: BettingPage }], { initialEntries: [url] });
  renderRouter(router);
  return {
    router,
    url: () => router.state.location.pathname + router.state.location.search,
    frame: async () => (await screen.findByTitle('Sportsbook')) as HTMLIFrameElement,
  };
}

const post = (data: unknown, source: MessageEventSource | null, origin = ORIGIN) =>
  act(() => window.dispatchEvent(new MessageEvent('message', { data, source, origin })));

describe('the betting page', () => {
  it('launches a guest in demo mode at the path of the URL and frames the client', async () => {
    const page = renderBetting('/betting?setIframePath=%2Fevents%2Ffb-1');
    const frame = await page.frame();
    expect(frame.getAttribute('src')).toBe(`${HOST}/client?launch=1`);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
    expect(launches).toHaveLength(1);
    expect(launches[0]).toMatchObject({ demoMode: true, path: '/events/fb-1', locale: 'en', lobbyUrl: '/' });
    expect(launches[0]).not.toHaveProperty('accountId');
    expect(screen.getByRole('heading', { level: 1, name: 'Sports' })).toBeInTheDocument();
  });

  it('leaves out a path that is not inside the client', async () => {
    renderBetting('/betting?setIframePath=%2F%2Fevil.example%2Fx');
    await waitFor(() => expect(launches).toHaveLength(1));
    expect(launches[0]).not.toHaveProperty('path');
  });

  it('launches a player for real money with the active account, and again after a switch', async () => {
    accounts = [account('a1', { status: 2 }), account('a2', { currency: 'USD' })];
    renderBetting('/betting', 'player');
    await waitFor(() => expect(launches).toHaveLength(1));
    expect(launches[0]).toMatchObject({ demoMode: false, accountId: 'a2' });
    act(() => queryClient.setQueryData(['wallet', 'accounts'], [account('a1'), account('a2', { status: 2 })]));
    await waitFor(() => expect(launches).toHaveLength(2));
    expect(launches[1]).toMatchObject({ demoMode: false, accountId: 'a1' });
  });

  it('starts again when the guest signs in', async () => {
    const page = renderBetting('/betting?setIframePath=%2Fevents%2Ffb-1');
    await page.frame();
    saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
    act(() => useSession.setState({ status: 'player', profile: null }));
    await waitFor(() => expect(launches).toHaveLength(2));
    expect(launches[1]).toMatchObject({ demoMode: false, accountId: 'a1', path: '/events/fb-1' });
    await waitFor(async () => expect((await page.frame()).getAttribute('src')).toBe(`${HOST}/client?launch=2`));
  });

  it('shows a retry when the sportsbook cannot be started', async () => {
    let fail = true;
    server.use(
      postRequest('/api/game/games/sportsbook/play', () =>
        fail ? refuse(502, { code: 502, message: 'Bad gateway' }) : undefined,
      ),
    );
    renderBetting('/betting');
    expect(await screen.findByRole('alert')).toHaveTextContent('The sportsbook is not available right now');
    fail = false;
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByTitle('Sportsbook')).toBeInTheDocument();
  });

  it('follows a route message of its frame without starting again', async () => {
    const page = renderBetting('/betting');
    const frame = await page.frame();
    await post({ source: 'sportsbook', type: 'route', path: '/events/fb-2' }, frame.contentWindow);
    await waitFor(() => expect(page.url()).toBe('/betting?setIframePath=%2Fevents%2Ffb-2'));
    expect(launches).toHaveLength(1);
    expect(frame.getAttribute('src')).toBe(`${HOST}/client?launch=1`);
  });

  it('ignores messages from another origin, another window or of another shape', async () => {
    const page = renderBetting('/betting');
    const frame = await page.frame();
    const route = { source: 'sportsbook', type: 'route', path: '/events/fb-2' };
    await post(route, frame.contentWindow, 'http://evil.example');
    await post(route, window);
    await post({ ...route, path: 'https://evil.example/' }, frame.contentWindow);
    await post({ source: 'other', type: 'route', path: '/x' }, frame.contentWindow);
    await post({ source: 'sportsbook', type: 'login', extra: 1 }, null);
    expect(page.url()).toBe('/betting');
  });

  it('opens sign-in and the deposit wallet when the frame asks', async () => {
    const page = renderBetting('/betting');
    const frame = await page.frame();
    await post({ source: 'sportsbook', type: 'login' }, frame.contentWindow);
    await waitFor(() => expect(page.url()).toBe('/betting?sign-in'));
    await post({ source: 'sportsbook', type: 'deposit' }, frame.contentWindow);
    await waitFor(() => expect(page.url()).toBe('/betting?sign-in&wallet=deposit'));
  });

  it('sends a path the URL gets by Back or a link to the frame, at the provider origin only', async () => {
    const page = renderBetting('/betting');
    const frame = await page.frame();
    const send = vi.spyOn(frame.contentWindow!, 'postMessage');
    await post({ source: 'sportsbook', type: 'route', path: '/events/fb-2' }, frame.contentWindow);
    await waitFor(() => expect(page.url()).toBe('/betting?setIframePath=%2Fevents%2Ffb-2'));
    expect(send).not.toHaveBeenCalled();
    await act(() => page.router.navigate('/betting?setIframePath=%2Flive'));
    expect(send).toHaveBeenCalledWith({ source: 'casino', type: 'navigate', path: '/live' }, ORIGIN);
    await act(() => page.router.navigate(-1));
    expect(send).toHaveBeenLastCalledWith({ source: 'casino', type: 'navigate', path: '/events/fb-2' }, ORIGIN);
    expect(launches).toHaveLength(1);
  });

  it('opens the restricted-bets and max-bets modals on pushes about the sportsbook', async () => {
    const page = renderBetting('/betting', 'player');
    await page.frame();
    act(() => emitGameBetPush({ kind: 'restricted', gameIdentity: 'sugar-rush' }));
    expect(page.url()).toBe('/betting');
    act(() => emitGameBetPush({ kind: 'restricted', gameIdentity: 'sportsbook' }));
    await waitFor(() => expect(page.url()).toBe('/betting?restricted-bets=sportsbook'));
    act(() =>
      emitGameBetPush({
        kind: 'max-exceed',
        gameIdentity: 'sportsbook',
        currency: 'EUR',
        maxBetAmount: 50,
        limit: 'event',
      }),
    );
    await waitFor(() => expect(page.url()).toContain('max-bets=EUR%3A50%3Aevent'));
    act(() => emitGameBetPush({ kind: 'max-exceed', gameIdentity: 'sportsbook', currency: 'EUR', maxBetAmount: 5 }));
    await waitFor(() => expect(page.url()).toContain('max-bets=EUR%3A5%3Asportsbook'));
  });
});

describe('the max-bets modal', () => {
  it.each([
    ['EUR:50:bet', 'Maximum stake', 'The maximum stake per bet is €50.00.'],
    // What the casino sends with an event's refusal is what is left on it, not the maximum.
    ['EUR:50:event', 'Maximum stake', 'Your open bets on this event leave room for at most €50.00 more.'],
    ['EUR:5:sportsbook', 'Maximum bet with a bonus', 'While a bonus is active, a single bet may be at most €5.00.'],
  ])('%s says what the maximum is', async (value, title, text) => {
    renderInModal(<MaxBetsModal name="max-bets" value={value} close={() => {}} />);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(text, { exact: false })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Got it' })).toBeInTheDocument();
  });
});

const event = (id: string, over: Partial<SportsbookWidgetEvent> = {}): SportsbookWidgetEvent => ({
  id,
  sport: 'football',
  discipline: 'Football',
  tournament: 'Premier League',
  home: 'Arsenal',
  away: 'Chelsea',
  startsAt: '2030-05-01T18:00:00Z',
  stage: 1,
  score: null,
  clock: null,
  market: 'Match result',
  outcomes: [
    { name: '1', odds: 1850 },
    { name: 'X', odds: 3400 },
    { name: '2', odds: 4125 },
  ],
  path: `/events/${id}`,
  ...over,
});

describe('the home page events', () => {
  let observers: { callback: IntersectionObserverCallback; elements: Element[] }[];
  beforeEach(() => {
    observers = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        elements: Element[] = [];
        constructor(callback: IntersectionObserverCallback) {
          observers.push({ callback, elements: this.elements });
        }
        observe(el: Element) {
          this.elements.push(el);
        }
        disconnect() {}
      },
    );
  });
  const intersect = () =>
    act(() => {
      for (const o of observers)
        o.callback(
          o.elements.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
    });
  const renderHome = () =>
    renderRouter(createMemoryRouter([{ path: '/', element: <SportsbookEvents /> }], { initialEntries: ['/'] }));

  it('requests nothing before it comes into view, then shows the events with links into the sportsbook', async () => {
    widgets = {
      top: [event('fb-1')],
      live: [event('fb-2', { stage: 2, home: 'Milan', away: 'Inter', score: { home: 2, away: 1 }, clock: "63'" })],
    };
    renderHome();
    await new Promise((r) => setTimeout(r, 50));
    expect(requests().filter((r) => r.includes('/api/widgets/'))).toEqual([]);
    await intersect();
    expect(await screen.findByRole('heading', { level: 2, name: 'Top events' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Live events' })).toBeInTheDocument();
    expect(requests()).toContain(`${HOST}/api/widgets/events?kind=top&clientId=casino-1&locale=en`);
    expect(requests()).toContain(`${HOST}/api/widgets/events?kind=live&clientId=casino-1&locale=en`);
    const top = screen.getByRole('link', { name: /Arsenal.*Chelsea/ });
    expect(top).toHaveAttribute('href', '/betting?setIframePath=%2Fevents%2Ffb-1');
    expect(top).toHaveTextContent('1.85');
    expect(top).toHaveTextContent('4.125');
    const live = screen.getByRole('link', { name: /Milan.*Inter/ });
    expect(live).toHaveTextContent("Live· 63'");
    expect(live).toHaveTextContent('Milan2');
  });

  it('names the sport and the main market in the page’s language (the provider’s names are English)', async () => {
    await act(() => i18n.changeLanguage('de'));
    onTestFinished(() => act(() => i18n.changeLanguage('en')));
    widgets = {
      top: [
        event('fb-1'),
        event('tn-2', {
          sport: 'tennis',
          discipline: 'Tennis',
          home: 'A. Petrova',
          away: 'M. Silva',
          outcomes: [
            { name: '1', odds: 1809 },
            { name: '2', odds: 2050 },
          ],
        }),
      ],
      live: [],
    };
    renderHome();
    await intersect();
    const football = await screen.findByRole('link', { name: /Arsenal.*Chelsea/ });
    expect(football).toHaveTextContent('Fußball · Premier League');
    expect(football).not.toHaveTextContent('Football');
    expect(within(football).getByLabelText('Spielergebnis')).toBeInTheDocument();
    const tennis = screen.getByRole('link', { name: /Petrova.*Silva/ });
    expect(tennis).toHaveTextContent('Tennis · Premier League');
    expect(within(tennis).getByLabelText('Sieger')).toBeInTheDocument();
  });

  it('hides a section that is empty or fails, and everything without a sportsbook', async () => {
    widgets = { top: 'fail', live: [] };
    renderHome();
    await intersect();
    await waitFor(() => expect(requests().filter((r) => r.includes('/api/widgets/'))).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('is not there without a sportsbook', () => {
    queryClient.setQueryData(playerInitQuery.queryKey, { ...init, sportsbook: null });
    renderHome();
    expect(screen.queryByTestId('sportsbook-events')).toBeNull();
    expect(observers).toHaveLength(0);
  });
});
