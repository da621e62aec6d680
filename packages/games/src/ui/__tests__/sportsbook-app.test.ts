// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientSession, EventDetail, EventSummary, Ticket } from '../../sportsbook/api.ts';
import { SportsbookApi } from '../sportsbook/api.ts';
import { startSportsbook } from '../sportsbook/app.ts';
import type { FrameMessage, ParentLink } from '../sportsbook/messages.ts';

const SESSION: ClientSession = {
  mode: 'real',
  currency: 'EUR',
  subunit: 100,
  locale: 'en',
  balance: 10_000,
  stakePresets: [100, 500, 1000],
  minStake: 10,
};

const market = (odds: [number, number, number]) => ({
  id: 'result',
  name: 'Match result',
  outcomes: [
    { id: 'home', name: 'Home', odds: odds[0], suspended: false },
    { id: 'draw', name: 'Draw', odds: odds[1], suspended: false },
    { id: 'away', name: 'Away', odds: odds[2], suspended: false },
  ],
});

const event = (id: string, live: boolean, odds: [number, number, number]): EventSummary => ({
  id,
  sport: 'football',
  sportName: 'Football',
  league: 'Premier Test',
  leagueId: 'pt',
  home: `${id} Home`,
  away: `${id} Away`,
  startsAt: new Date(Date.now() + (live ? -3_600_000 : 3_600_000)).toISOString(),
  status: live ? 'live' : 'scheduled',
  score: live ? { home: 1, away: 0 } : null,
  clock: live ? "63'" : null,
  main: market(odds),
});

const TICKET: Ticket = {
  id: 'tk-0001-aaaa',
  type: 'accumulator',
  stake: 1000,
  odds: 3990,
  potentialWin: 3990,
  status: 'open',
  payout: null,
  createdAt: new Date().toISOString(),
  settledAt: null,
  cashOut: 850,
  selections: [],
};

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown } | undefined;

function fakeApi(session: ClientSession, extra: Handler = () => undefined) {
  const calls: { url: string; init: RequestInit }[] = [];
  let live = event('e1', true, [1900, 3400, 4200]);
  const pre = event('e2', false, [2100, 3200, 3500]);
  const api = new SportsbookApi('tok', async (url, init = {}) => {
    calls.push({ url, init });
    const answer = extra(url, init) ?? route(url);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  const route = (url: string): { status: number; body: unknown } => {
    const path = url.replace('/sandbox/sportsbook/api', '');
    if (path === '/session') return { status: 200, body: session };
    if (path === '/sports')
      return {
        status: 200,
        body: [
          {
            id: 'football',
            name: 'Football',
            leagues: [{ id: 'pt', name: 'Premier Test', country: 'England', events: 2, live: 1 }],
          },
        ],
      };
    if (path.startsWith('/events?') && path.includes('live=1')) return { status: 200, body: [live] };
    if (path.startsWith('/events')) {
      if (path.startsWith('/events/')) {
        const detail: EventDetail = { ...live, markets: [live.main!] };
        return { status: 200, body: detail };
      }
      return { status: 200, body: [live, pre] };
    }
    if (path.startsWith('/tickets?status=open')) return { status: 200, body: [TICKET] };
    if (path.startsWith('/tickets?status=settled')) return { status: 200, body: [] };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
  };
  return {
    api,
    calls,
    setLiveOdds(odds: [number, number, number]) {
      live = { ...live, main: market(odds) };
    },
  };
}

function fakeParent() {
  const posted: FrameMessage[] = [];
  let navigate: (path: string) => void = () => {};
  const link: ParentLink = {
    origin: 'https://casino.example',
    post: (m) => posted.push(m),
    listen: (fn) => {
      navigate = fn;
      return () => {};
    },
  };
  return { link, posted, navigate: (path: string) => navigate(path) };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

const byText = (selector: string, text: string | RegExp) =>
  [...document.querySelectorAll<HTMLElement>(selector)].find((el) =>
    typeof text === 'string' ? el.textContent?.includes(text) : text.test(el.textContent ?? ''),
  );

const oddsButton = (eventId: string, outcome: string) =>
  document.querySelector<HTMLButtonElement>(`[data-focus-key="odd:${eventId}|result|${outcome}"]`)!;

async function start(session = SESSION, extra?: Handler, path = '/') {
  history.replaceState(null, '', `/sandbox/sportsbook/client?session=tok&path=${encodeURIComponent(path)}&locale=en`);
  document.body.innerHTML = '<div id="app"></div>';
  const fake = fakeApi(session, extra);
  const parent = fakeParent();
  await startSportsbook(document.getElementById('app')!, { api: fake.api, parent: parent.link });
  await flush();
  return { ...fake, parent };
}

beforeEach(() => {
  window.scrollTo = () => {};
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('sportsbook client', () => {
  it('renders home (live + upcoming), says ready, and posts the route of a link it follows', async () => {
    const { parent } = await start();
    expect(parent.posted[0]).toEqual({ source: 'sportsbook', type: 'ready' });
    expect(byText('section', 'Live now')?.textContent).toContain('e1 Home');
    expect(byText('section', 'Live now')?.textContent).toContain("63'");
    expect(byText('section', 'Upcoming')?.textContent).toContain('e2 Home');
    expect(oddsButton('e1', 'home').textContent).toContain('1.90');

    const link = document.querySelector<HTMLAnchorElement>('a.ev-teams[data-path="/events/e1"]')!;
    expect(link.getAttribute('href')).toContain('path=%2Fevents%2Fe1');
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await flush();
    expect(parent.posted.at(-1)).toEqual({ source: 'sportsbook', type: 'route', path: '/events/e1' });
    expect(document.querySelector('.hero-teams')?.textContent).toContain('1 : 0');
    expect(location.search).toContain('path=%2Fevents%2Fe1');

    parent.navigate('/my-bets');
    await flush();
    expect(document.querySelector('h1')?.textContent).toBe('My bets');
    expect(byText('.ticket', 'Cash out')).toBeTruthy();
    expect(parent.posted.at(-1)).toEqual({ source: 'sportsbook', type: 'route', path: '/my-bets' });
  });

  it('builds an accumulator, re-confirms changed odds, and shows the placed ticket', async () => {
    let attempt = 0;
    const bodies: unknown[] = [];
    const { calls } = await start(SESSION, (url, init) => {
      if (!url.endsWith('/tickets') || init.method !== 'POST') return undefined;
      bodies.push(JSON.parse(String(init.body)));
      attempt++;
      if (attempt === 1)
        return {
          status: 409,
          body: {
            error: {
              code: 'odds_changed',
              message: 'Odds changed',
              selections: [
                { eventId: 'e1', marketId: 'result', outcomeId: 'home', odds: 1950, suspended: false },
                { eventId: 'e2', marketId: 'result', outcomeId: 'away', odds: 3500, suspended: false },
              ],
            },
          },
        };
      return { status: 201, body: { ...TICKET, odds: 6825, potentialWin: 6825 } };
    });
    oddsButton('e1', 'home').click();
    oddsButton('e2', 'away').click();
    await flush();
    expect(oddsButton('e1', 'home').getAttribute('aria-pressed')).toBe('true');
    const slip = document.querySelector('.slip')!;
    expect(slip.textContent).toContain('Accumulator');
    // 1.90 × 3.50 = 6.65; stake 1.00 (first preset) → 6.65
    expect(slip.querySelector('.slip-summary')!.textContent).toContain('6.65');
    expect(slip.querySelector('.slip-summary .win')!.textContent).toContain('€6.65');

    const input = slip.querySelector<HTMLInputElement>('.stake-input')!;
    input.value = '10';
    input.dispatchEvent(new Event('input'));
    expect(slip.querySelector('.slip-summary .win')!.textContent).toContain('€66.50');

    byText('.slip-actions button', 'Place bet')!.click();
    await flush();
    expect(bodies[0]).toEqual({
      type: 'accumulator',
      stake: 1000,
      acceptOddsChanges: false,
      selections: [
        { eventId: 'e1', marketId: 'result', outcomeId: 'home', odds: 1900 },
        { eventId: 'e2', marketId: 'result', outcomeId: 'away', odds: 3500 },
      ],
    });
    expect(slip.querySelector('.pick.moved')!.textContent).toMatch(/1\.90.*1\.95/);
    expect(slip.textContent).toContain('The odds changed');
    byText('.slip-actions button', 'Accept new odds')!.click();
    await flush();
    expect(bodies[1]).toMatchObject({
      acceptOddsChanges: false,
      selections: [{ odds: 1950 }, { odds: 3500 }],
    });
    expect(slip.textContent).toContain('Bet placed');
    expect(slip.querySelector('.placed')!.textContent).toContain('€68.25');
    expect(calls.filter((c) => c.url.endsWith('/session')).length).toBeGreaterThanOrEqual(2);
  });

  it('asks a guest to log in and offers a deposit on insufficient funds', async () => {
    const guest = await start({ ...SESSION, mode: 'demo', balance: null });
    oddsButton('e1', 'home').click();
    await flush();
    byText('.slip-actions button', 'Log in to bet')!.click();
    expect(guest.parent.posted.at(-1)).toEqual({ source: 'sportsbook', type: 'login' });
    expect(document.querySelector('.guest-badge')).toBeTruthy();

    const real = await start(SESSION, (url, init) =>
      url.endsWith('/tickets') && init.method === 'POST'
        ? { status: 409, body: { error: { code: 'wallet', walletCode: 15001, message: 'Insufficient funds' } } }
        : undefined,
    );
    oddsButton('e2', 'draw').click();
    byText('.slip-actions button', 'Place bet')!.click();
    await flush();
    expect(document.querySelector('.slip-error')!.textContent).toBe('Not enough balance for this stake.');
    byText('.slip-actions button', 'Deposit')!.click();
    expect(real.parent.posted.at(-1)).toEqual({ source: 'sportsbook', type: 'deposit' });
  });

  it("shows another wallet refusal's own message", async () => {
    await start(SESSION, (url, init) =>
      url.endsWith('/tickets') && init.method === 'POST'
        ? {
            status: 403,
            body: { error: { code: 'wallet', walletCode: 14306, message: 'Bets on this event are restricted.' } },
          }
        : undefined,
    );
    oddsButton('e2', 'draw').click();
    byText('.slip-actions button', 'Place bet')!.click();
    await flush();
    expect(document.querySelector('.slip-error')!.textContent).toBe('Bets on this event are restricted.');
  });

  it('flashes odds that moved since the last poll; a moved pick on the slip must be accepted', async () => {
    const fake = await start();
    oddsButton('e1', 'home').click();
    await flush();
    expect(document.querySelector('.slip')!.textContent).toContain('Place bet');
    fake.setLiveOdds([2000, 3400, 4000]);
    // The next live poll runs ~3 s later.
    await new Promise((r) => setTimeout(r, 3100));
    await flush();
    expect(oddsButton('e1', 'home').classList.contains('up')).toBe(true);
    expect(oddsButton('e1', 'away').classList.contains('down')).toBe(true);
    expect(oddsButton('e1', 'draw').classList.contains('up')).toBe(false);
    const slip = document.querySelector('.slip')!.textContent!;
    expect(slip).toContain('The odds changed');
    expect(slip).toContain('Accept new odds');
    expect(slip).not.toContain('Place bet');
  }, 10_000);

  it('cashes out after confirming, and re-confirms a changed price', async () => {
    const prices: number[] = [];
    await start(
      SESSION,
      (url, init) => {
        if (!url.endsWith('/cash-out')) return undefined;
        const { price } = JSON.parse(String(init.body)) as { price: number };
        prices.push(price);
        if (price === 850)
          return { status: 409, body: { error: { code: 'price_changed', message: 'Price changed', cashOut: 820 } } };
        return { status: 200, body: { ...TICKET, status: 'cashed_out', payout: 820, cashOut: null } };
      },
      '/my-bets',
    );
    byText('.ticket button', 'Cash out €8.50')!.click();
    const dialog = document.querySelector('dialog')!;
    expect(dialog.textContent).toContain('Cash out this ticket for €8.50?');
    byText('dialog button', 'Confirm')!.click();
    await flush();
    expect(dialog.textContent).toContain('€8.50 → €8.20');
    byText('dialog button', 'Confirm')!.click();
    await flush();
    expect(prices).toEqual([850, 820]);
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('refuses to start without a session and shows not-found for unknown paths', async () => {
    history.replaceState(null, '', '/sandbox/sportsbook/client');
    document.body.innerHTML = '<div id="app"></div>';
    await startSportsbook(document.getElementById('app')!, { parent: fakeParent().link });
    expect(document.querySelector('.fatal')?.textContent).toContain('No sportsbook session');

    await start(SESSION, undefined, '/casino/admin');
    expect(document.querySelector('h1')?.textContent).toBe('Page not found');
  });
});
