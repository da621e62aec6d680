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
  maxStake: 50_000,
  maxEventStake: 100_000,
  restricted: { sports: [], events: [] },
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

function fakeApi(
  session: ClientSession,
  extra: Handler = () => undefined,
  prices: { live?: [number, number, number]; pre?: [number, number, number] } = {},
) {
  const calls: { url: string; init: RequestInit }[] = [];
  let live = event('e1', true, prices.live ?? [1900, 3400, 4200]);
  const pre = event('e2', false, prices.pre ?? [2100, 3200, 3500]);
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
        const which = path === '/events/e2' ? pre : live;
        const detail: EventDetail = { ...which, markets: [which.main!] };
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

const byText = <E extends HTMLElement = HTMLElement>(selector: string, text: string | RegExp) =>
  [...document.querySelectorAll<E>(selector)].find((el) =>
    typeof text === 'string' ? el.textContent?.includes(text) : text.test(el.textContent ?? ''),
  );

const oddsButton = (eventId: string, outcome: string) =>
  document.querySelector<HTMLButtonElement>(`[data-focus-key="odd:${eventId}|result|${outcome}"]`)!;

async function start(
  session = SESSION,
  extra?: Handler,
  path = '/',
  prices?: { live?: [number, number, number]; pre?: [number, number, number] },
) {
  history.replaceState(
    null,
    '',
    `/sandbox/sportsbook/client?session=tok&path=${encodeURIComponent(path)}&locale=${session.locale}`,
  );
  document.body.innerHTML = '<div id="app"></div>';
  const fake = fakeApi(session, extra, prices);
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

describe('the casino’s maximums and restrictions on the slip', () => {
  // The player: quick stakes up to €50, a maximum of €20 per ticket.
  const CAPPED: ClientSession = { ...SESSION, stakePresets: [100, 500, 1000, 2000, 5000], maxStake: 2000 };
  const posts = (calls: { url: string; init: RequestInit }[]) =>
    calls.filter((c) => c.url.endsWith('/tickets') && c.init.method === 'POST');
  const stakeInput = () => document.querySelector<HTMLInputElement>('.slip .stake-input')!;
  const typeStake = (text: string) => {
    stakeInput().value = text;
    stakeInput().dispatchEvent(new Event('input'));
  };

  it('says the maximum beside the stake before any bet, and offers no quick stake above it', async () => {
    await start(CAPPED);
    oddsButton('e2', 'home').click();
    await flush();
    const slip = document.querySelector('.slip')!;
    const max = slip.querySelector<HTMLElement>('.stake-max')!;
    expect(max.textContent).toBe('Max €20.00');
    expect(max.hidden).toBe(false);
    // Read with the field by a screen reader.
    expect(stakeInput().getAttribute('aria-describedby')).toContain(max.id);
    const chips = [...slip.querySelectorAll('.chip')].map((c) => c.textContent);
    expect(chips).toEqual(['€1.00', '€5.00', '€10.00', '€20.00']);
    expect(chips).not.toContain('€50.00');
  });

  it('refuses a stake above the maximum before sending it, and offers to lower it to the maximum', async () => {
    const { calls } = await start(CAPPED, (url, init) =>
      url.endsWith('/tickets') && init.method === 'POST' ? { status: 201, body: TICKET } : undefined,
    );
    oddsButton('e2', 'home').click();
    await flush();
    typeStake('50');
    byText('.slip-actions button', 'Place bet')!.click();
    await flush();
    expect(document.querySelector('.slip-error')!.textContent).toBe('The most you can stake on one ticket is €20.00.');
    expect(posts(calls)).toHaveLength(0);
    const lower = byText('.slip-actions button', 'Lower stake to €20.00')!;
    lower.click();
    await flush();
    expect(stakeInput().value).toBe('20');
    expect(document.querySelector('.slip-error')).toBeNull();
    // The keyboard lands on the bet, ready to place it.
    expect(document.activeElement?.textContent).toContain('Place bet');
    byText('.slip-actions button', 'Place bet')!.click();
    await flush();
    expect(JSON.parse(String(posts(calls)[0]!.init.body))).toMatchObject({ stake: 2000 });
    expect(document.querySelector('.slip')!.textContent).toContain('Bet placed');
  });

  it('after the casino’s refusal says what is still allowed on the event, and lowers the stake to it', async () => {
    const { calls } = await start(CAPPED, (url, init) => {
      if (!url.endsWith('/tickets') || init.method !== 'POST') return undefined;
      const { stake } = JSON.parse(String(init.body)) as { stake: number };
      if (stake > 750)
        return {
          status: 403,
          body: {
            error: {
              code: 'wallet',
              walletCode: 14311,
              message: 'The stake would take your open bets on an event above its maximum: at most 7.50 EUR more',
              maxBet: 750,
              currency: 'EUR',
              limit: 'event',
            },
          },
        };
      return { status: 201, body: { ...TICKET, stake } };
    });
    oddsButton('e2', 'home').click();
    await flush();
    typeStake('15');
    byText('.slip-actions button', 'Place bet')!.click();
    await flush();
    expect(document.querySelector('.slip-error')!.textContent).toBe(
      'Your open bets on this event leave room for at most €7.50 more.',
    );
    byText('.slip-actions button', 'Lower stake to €7.50')!.click();
    await flush();
    expect(stakeInput().value).toBe('7.50');
    byText('.slip-actions button', 'Place bet')!.click();
    await flush();
    expect(posts(calls).map((c) => JSON.parse(String(c.init.body)).stake)).toEqual([1500, 750]);
    expect(document.querySelector('.slip')!.textContent).toContain('Bet placed');
  });

  it('takes a lower maximum per ticket from the refusal; none left says bets are not taken', async () => {
    await start(CAPPED, (url, init) =>
      url.endsWith('/tickets') && init.method === 'POST'
        ? {
            status: 403,
            body: {
              error: { code: 'wallet', walletCode: 14311, message: '…', maxBet: 1000, currency: 'EUR', limit: 'bet' },
            },
          }
        : undefined,
    );
    oddsButton('e2', 'home').click();
    await flush();
    typeStake('20');
    byText('.slip-actions button', 'Place bet')!.click();
    await flush();
    expect(document.querySelector('.slip-error')!.textContent).toBe('The maximum stake per ticket is €10.00.');
    expect(document.querySelector('.stake-max')!.textContent).toBe('Max €10.00');
    expect([...document.querySelectorAll('.chip')].map((c) => c.textContent)).toEqual(['€1.00', '€5.00', '€10.00']);
    expect(byText('.slip-actions button', 'Lower stake to €10.00')).toBeTruthy();

    await start({ ...CAPPED, maxStake: 0 });
    oddsButton('e2', 'home').click();
    await flush();
    expect(document.querySelector('.stake-max')!.textContent).toBe('Sports bets in EUR are not available right now.');
    expect(document.querySelectorAll('.chip')).toHaveLength(0);
    expect(byText<HTMLButtonElement>('.slip-actions button', 'Place bet')!.disabled).toBe(true);
  });

  it('shows restricted sports and events as not available, their odds not to be picked', async () => {
    const { calls } = await start({ ...SESSION, restricted: { sports: [], events: ['e2'] } });
    const upcoming = byText('section', 'Upcoming')!;
    expect(upcoming.querySelector('.ev.is-na')!.textContent).toContain('Not available');
    expect(upcoming.querySelector('[data-focus-key^="odd:e2|"]')).toBeNull();
    expect(oddsButton('e1', 'home').disabled).toBe(false);
    // The event's page says why, and offers no odds either.
    const link = document.querySelector<HTMLAnchorElement>('a.ev-teams[data-path="/events/e2"]')!;
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await flush();
    expect(document.querySelector('.na-notice')!.textContent).toBe(
      'Bets on this event are not available in your country.',
    );
    expect(document.querySelector('[data-focus-key^="odd:"]')).toBeNull();
    expect(posts(calls)).toHaveLength(0);

    // A whole sport: its page says so, the navigation marks it, every row is locked.
    await start({ ...SESSION, restricted: { sports: ['football'], events: [] } }, undefined, '/sports/football');
    expect(document.querySelector('.na-notice')!.textContent).toBe(
      'Bets on Football are not available in your country.',
    );
    expect(document.querySelector('[data-focus-key^="odd:"]')).toBeNull();
    expect(document.querySelector('a[data-path="/sports/football"]')!.textContent).toContain('Not available');
  });

  it('marks what a refusal names as restricted: the pick shows not available and cannot be placed', async () => {
    const { calls } = await start(SESSION, (url, init) =>
      url.endsWith('/tickets') && init.method === 'POST'
        ? {
            status: 403,
            body: {
              error: {
                code: 'wallet',
                walletCode: 14306,
                message: 'Bets on this event are not taken in your country',
                reason: 'event',
                ref: 'e2',
              },
            },
          }
        : undefined,
    );
    oddsButton('e2', 'home').click();
    await flush();
    byText('.slip-actions button', 'Place bet')!.click();
    await flush();
    const slip = document.querySelector('.slip')!;
    expect(slip.querySelector('.pick')!.textContent).toContain('Not available');
    expect(slip.querySelector('.slip-error')!.textContent).toBe(
      'Not available in your country: remove it to place the bet.',
    );
    expect(byText<HTMLButtonElement>('.slip-actions button', 'Place bet')!.disabled).toBe(true);
    expect(byText('section', 'Upcoming')!.querySelector('.ev.is-na')).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
  });
});

describe('the slip in the player’s language', () => {
  it('rounds the total odds as it promises (2.05 × 9.179 = 18.81695 → 18.817, not cut to 18.816)', async () => {
    await start(SESSION, undefined, '/', { live: [2050, 3400, 4200], pre: [9179, 3200, 3500] });
    oddsButton('e1', 'home').click();
    oddsButton('e2', 'home').click();
    await flush();
    const summary = document.querySelector('.slip .slip-summary')!;
    expect(summary.textContent).toContain('18.817');
    // Stake €1.00 → €18.81 (a payout is rounded down, as the casino pays it).
    expect(summary.querySelector('.win')!.textContent).toContain('€18.81');
  });

  it('speaks German: sports, markets and odds in German numbers beside the money', async () => {
    await start({ ...SESSION, locale: 'de', maxStake: 2000 });
    expect(document.querySelector('a[data-path="/sports/football"]')!.textContent).toContain('Fußball');
    expect(document.querySelector('.sports-nav')!.textContent).not.toMatch(/Football|Ice hockey/);
    expect(oddsButton('e1', 'home').textContent).toContain('1,90');
    expect(oddsButton('e1', 'draw').getAttribute('aria-label')).toBe(
      'e1 Home – e1 Away, Spielergebnis: Unentschieden 3,40',
    );
    oddsButton('e1', 'home').click();
    await flush();
    const slip = document.querySelector('.slip')!;
    expect(slip.textContent).toContain('Wettschein');
    expect(slip.querySelector('.stake-max')!.textContent).toMatch(/^Max\. 20,00\s€$/);
    expect(slip.querySelector('.slip-summary')!.textContent).toMatch(/1,90/);
    expect(byText('.slip-actions button', 'Wette platzieren')).toBeTruthy();
  });

  it('speaks Brazilian Portuguese (pt-br): no English left on the home page and the slip', async () => {
    await start({ ...SESSION, locale: 'pt-br', maxStake: 2000 });
    const nav = document.querySelector('.sports-nav')!.textContent!;
    for (const word of ['Futebol', 'Tênis', 'Basquete', 'Hóquei no gelo', 'Minhas apostas'])
      expect(nav).toContain(word);
    expect(byText('section', 'Ao vivo agora')).toBeTruthy();
    expect(oddsButton('e1', 'home').textContent).toContain('1,90');
    oddsButton('e1', 'draw').click();
    await flush();
    const slip = document.querySelector('.slip')!;
    expect(slip.querySelector('.pick')!.textContent).toContain('Empate');
    expect(slip.querySelector('.pick')!.textContent).toContain('Resultado final');
    expect(slip.textContent).toContain('Boletim de apostas');
    expect(slip.querySelector('.stake-max')!.textContent).toMatch(/^Máx\. R?\$?\s?€?\s?20,00/);
    for (const word of ['Bet slip', 'Stake', 'Place bet', 'Total odds', 'Potential win', 'Match result', 'Draw'])
      expect(document.body.textContent, word).not.toContain(word);
  });
});
