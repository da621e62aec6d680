import { describe, expect, it } from 'vitest';
import { combinedOdds as contractOdds } from '@casino/contracts';
import { SportsbookApi, SportsbookError } from '../sportsbook/api.ts';
import { connectParent, navigatePath, parentOrigin } from '../sportsbook/messages.ts';
import { isClientPath, parseRoute, routePath } from '../sportsbook/router.ts';
import {
  combinedOdds,
  direction,
  formatOdds,
  parseStake,
  payoutOf,
  quote,
  stakeText,
  toggleSelection,
  type SlipSelection,
} from '../sportsbook/slip-math.ts';

describe('router', () => {
  it('parses the four pages and canonicalises them', () => {
    expect(parseRoute('/')).toEqual({ name: 'home' });
    expect(parseRoute('/sports/ice-hockey')).toEqual({ name: 'sport', sport: 'ice-hockey' });
    expect(parseRoute('/events/fb-123?x=1#y')).toEqual({ name: 'event', id: 'fb-123' });
    expect(parseRoute('/events/a%20b')).toEqual({ name: 'event', id: 'a b' });
    expect(parseRoute('/my-bets')).toEqual({ name: 'my-bets' });
    expect(parseRoute('/my-bets/')).toEqual({ name: 'my-bets' });
    expect(routePath({ name: 'event', id: 'a b' })).toBe('/events/a%20b');
    expect(routePath({ name: 'sport', sport: 'tennis' })).toBe('/sports/tennis');
    expect(routePath(parseRoute('/sports/football/'))).toBe('/sports/football');
  });

  it('sends anything else to not-found', () => {
    for (const path of ['/sports/curling', '/sports', '/events', '/events/a/b', '/casino', '/events/%E0%A4%A', ''])
      expect(parseRoute(path)).toEqual({ name: 'not-found' });
  });

  it('accepts only absolute in-client paths (as sportsbookPathSchema)', () => {
    expect(isClientPath('/')).toBe(true);
    expect(isClientPath('/events/fb-1?tab=all')).toBe(true);
    for (const bad of [
      '//evil.example/x',
      '/\\evil',
      'events/1',
      'https://x/y',
      '/a b',
      '/a\tb',
      `/${'a'.repeat(500)}`,
      42,
      null,
    ])
      expect(isClientPath(bad)).toBe(false);
  });
});

describe('frame messages', () => {
  it('takes the parent origin from ancestorOrigins, else the referrer; never a null or odd scheme', () => {
    expect(parentOrigin('https://casino.example/betting?x=1', ['https://top.example'])).toBe('https://top.example');
    expect(parentOrigin('https://casino.example/betting?x=1', [])).toBe('https://casino.example');
    expect(parentOrigin('https://casino.example/betting', ['null'])).toBe('https://casino.example');
    expect(parentOrigin('', undefined)).toBeNull();
    expect(parentOrigin('javascript:alert(1)', null)).toBeNull();
  });

  it('accepts exactly { source: casino, type: navigate, path }', () => {
    expect(navigatePath({ source: 'casino', type: 'navigate', path: '/events/x' })).toBe('/events/x');
    expect(navigatePath({ source: 'casino', type: 'navigate', path: '//evil.example' })).toBeNull();
    expect(navigatePath({ source: 'casino', type: 'navigate', path: 'events' })).toBeNull();
    expect(navigatePath({ source: 'casino', type: 'navigate', path: '/x', extra: 1 })).toBeNull();
    expect(navigatePath({ source: 'sportsbook', type: 'navigate', path: '/x' })).toBeNull();
    expect(navigatePath({ source: 'casino', type: 'route', path: '/x' })).toBeNull();
    expect(navigatePath('{"source":"casino","type":"navigate","path":"/x"}')).toBeNull();
    expect(navigatePath(null)).toBeNull();
    expect(navigatePath([])).toBeNull();
  });

  it('posts to the parent origin only and listens to the parent window from that origin only', () => {
    const posted: [unknown, string][] = [];
    const listeners: ((event: MessageEvent) => void)[] = [];
    const parent = { postMessage: (data: unknown, origin: string) => posted.push([data, origin]) };
    const win = {
      parent,
      document: { referrer: 'https://casino.example/betting' },
      location: {},
      addEventListener: (_: string, fn: (event: MessageEvent) => void) => listeners.push(fn),
      removeEventListener: () => {},
    } as unknown as Window;
    const link = connectParent(win);
    expect(link.origin).toBe('https://casino.example');
    link.post({ source: 'sportsbook', type: 'ready' });
    expect(posted).toEqual([[{ source: 'sportsbook', type: 'ready' }, 'https://casino.example']]);
    const got: string[] = [];
    link.listen((path) => got.push(path));
    const send = (data: unknown, source: unknown, origin: string) =>
      listeners[0]!({ data, source, origin } as unknown as MessageEvent);
    const ok = { source: 'casino', type: 'navigate', path: '/my-bets' };
    send(ok, parent, 'https://evil.example');
    send(ok, {}, 'https://casino.example');
    send({ ...ok, path: '//x' }, parent, 'https://casino.example');
    send(ok, parent, 'https://casino.example');
    expect(got).toEqual(['/my-bets']);
  });

  it('does not post at all when not framed or the parent origin is unknown', () => {
    const win = { document: { referrer: '' }, location: {} } as unknown as Window & { parent: unknown };
    (win as { parent: unknown }).parent = win;
    const link = connectParent(win);
    expect(link.origin).toBeNull();
    expect(() => link.post({ source: 'sportsbook', type: 'ready' })).not.toThrow();
  });
});

const pick = (eventId: string, odds: number, outcomeId = 'home'): SlipSelection => ({
  eventId,
  sport: 'football',
  marketId: 'result',
  outcomeId,
  odds,
  event: `${eventId} A – B`,
  market: 'Match result',
  outcome: outcomeId,
  suspended: false,
  live: false,
});

describe('slip maths', () => {
  it('multiplies odds exactly and rounds the total to the nearest thousandth (not cut)', () => {
    expect(combinedOdds([1850])).toBe(1850);
    expect(combinedOdds([1850, 2100])).toBe(3885);
    // 1.333 × 1.333 × 1.333 = 2.368593037 → 2.369 (it was cut to 2.368)
    expect(combinedOdds([1333, 1333, 1333])).toBe(2369);
    // 2.05 × 9.179 = 18.81695 → 18.817 (it was cut to 18.816); a half goes up: 1.5 × 1.001 = 1.5015 → 1.502.
    expect(combinedOdds([2050, 9179])).toBe(18_817);
    expect(combinedOdds([1500, 1001])).toBe(1502);
    // 1.176 × 1.625 = 1.911 exactly; a float product floors to 1.910.
    expect(combinedOdds([1176, 1625])).toBe(1911);
    expect(Math.floor(1.176 * 1.625 * 1000)).toBe(1910);
    // 1.999^20 = 1,038,139.8975… → 1,038,139.898
    expect(combinedOdds(Array(20).fill(1999))).toBe(1_038_139_898);
    // The slip's figure is the one the casino checks the ticket against.
    for (let i = 0; i < 300; i++) {
      const items = Array.from({ length: 1 + (i % 6) }, (_, n) => 1001 + ((i * 7919 + n * 104_729) % 20_000));
      expect(combinedOdds(items), items.join('×')).toBe(contractOdds(items));
    }
    expect(payoutOf(1000, 1850)).toBe(1850);
    expect(payoutOf(333, 2368)).toBe(788); // 788.544 → 788
    expect(payoutOf(9_007_199_254, 1_000_000)).toBe(9_007_199_254_000);
  });

  it('quotes single vs accumulator and the potential win', () => {
    expect(quote([], 500)).toEqual({ type: 'single', odds: 0, potentialWin: null });
    expect(quote([pick('e1', 1850)], 1000)).toEqual({ type: 'single', odds: 1850, potentialWin: 1850 });
    expect(quote([pick('e1', 1850), pick('e2', 2100)], 1000)).toEqual({
      type: 'accumulator',
      odds: 3885,
      potentialWin: 3885,
    });
    expect(quote([pick('e1', 1850)], null).potentialWin).toBeNull();
    expect(quote([pick('e1', 1850)], 0).potentialWin).toBeNull();
  });

  it('keeps one selection per event: same outcome removes, another replaces, a new event adds', () => {
    let slip = toggleSelection([], pick('e1', 1850));
    slip = toggleSelection(slip, pick('e2', 2000));
    expect(slip.map((s) => s.eventId)).toEqual(['e1', 'e2']);
    slip = toggleSelection(slip, pick('e1', 3400, 'draw'));
    expect(slip.map((s) => `${s.eventId}:${s.outcomeId}`)).toEqual(['e1:draw', 'e2:home']);
    slip = toggleSelection(slip, pick('e1', 3400, 'draw'));
    expect(slip.map((s) => s.eventId)).toEqual(['e2']);
    let full: SlipSelection[] = [];
    for (let i = 0; i < 21; i++) full = toggleSelection(full, pick(`e${i}`, 1100));
    expect(full).toHaveLength(20);
  });

  it('formats odds in the player’s language and parses stakes by the currency subunit, without floats', () => {
    expect(formatOdds(1850)).toBe('1.85');
    expect(formatOdds(1833)).toBe('1.833');
    expect(formatOdds(12000)).toBe('12.00');
    expect(formatOdds(1005)).toBe('1.005');
    // Beside "138,96 €" the odds read "1,809", not "1.809".
    expect(formatOdds(1809, 'de')).toBe('1,809');
    expect(formatOdds(1850, 'pt-BR')).toBe('1,85');
    expect(formatOdds(1_038_139_898, 'de')).toBe('1.038.139,898');
    expect(formatOdds(1_038_139_898, 'en')).toBe('1,038,139.898');
    expect(formatOdds(1850, 'not a locale!')).toBe('1.85');
    expect(parseStake('12', 100)).toBe(1200);
    expect(parseStake('12.5', 100)).toBe(1250);
    expect(parseStake('12,50', 100)).toBe(1250);
    expect(parseStake('1,234.56', 100)).toBe(123456);
    expect(parseStake('1.234,56', 100)).toBe(123456);
    expect(parseStake(' 0.07 ', 100)).toBe(7);
    expect(parseStake('0.1', 100)).toBe(10);
    expect(parseStake('0.005', 100)).toBeNull();
    expect(parseStake('5', 1)).toBe(5);
    expect(parseStake('5.5', 1)).toBeNull();
    expect(parseStake('0.00000001', 100_000_000)).toBe(1);
    for (const bad of ['', 'abc', '-1', '1e3', '1..2']) expect(parseStake(bad, 100)).toBeNull();
    expect(stakeText(1250, 100)).toBe('12.50');
    expect(stakeText(1200, 100)).toBe('12');
    expect(stakeText(7, 1)).toBe('7');
  });

  it('names which way odds moved', () => {
    expect(direction(undefined, 1850)).toBeNull();
    expect(direction(1850, 1850)).toBeNull();
    expect(direction(1850, 1900)).toBe('up');
    expect(direction(1850, 1800)).toBe('down');
  });
});

describe('API client', () => {
  it('sends the bearer token except on the public event calls, and parses refusals', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const answers = [
      new Response(JSON.stringify([]), { status: 200 }),
      new Response(JSON.stringify({ mode: 'real' }), { status: 200 }),
      new Response(
        JSON.stringify({
          error: {
            code: 'odds_changed',
            message: 'Odds changed',
            selections: [{ eventId: 'e1', marketId: 'result', outcomeId: 'home', odds: 1900, suspended: false }],
          },
        }),
        { status: 409 },
      ),
      new Response(JSON.stringify({ error: { code: 'wallet', walletCode: 15001, message: 'Insufficient funds' } }), {
        status: 409,
      }),
      new Response(JSON.stringify({ error: { code: 'price_changed', message: 'Price changed', cashOut: null } }), {
        status: 409,
      }),
    ];
    const api = new SportsbookApi('tok-1', async (url, init) => {
      calls.push({ url, init });
      return answers.shift()!;
    });
    await api.events({ sport: 'football', live: true });
    await api.session();
    const refusal = await api
      .placeTicket({ type: 'single', stake: 100, selections: [], acceptOddsChanges: false })
      .catch((e: unknown) => e);
    const wallet = await api
      .placeTicket({ type: 'single', stake: 100, selections: [], acceptOddsChanges: false })
      .catch((e: unknown) => e);
    const price = await api.cashOut('t/1', 500).catch((e: unknown) => e);

    expect(calls[0]!.url).toBe('/sandbox/sportsbook/api/events?sport=football&live=1');
    expect((calls[0]!.init!.headers as Record<string, string>).authorization).toBeUndefined();
    expect(calls[1]!.url).toBe('/sandbox/sportsbook/api/session');
    expect((calls[1]!.init!.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    expect(calls[4]!.url).toBe('/sandbox/sportsbook/api/tickets/t%2F1/cash-out');
    expect(JSON.parse(String(calls[4]!.init!.body))).toEqual({ price: 500 });
    expect(refusal).toBeInstanceOf(SportsbookError);
    expect((refusal as SportsbookError).code).toBe('odds_changed');
    expect((refusal as SportsbookError).details.selections![0]!.odds).toBe(1900);
    expect((wallet as SportsbookError).details.walletCode).toBe(15001);
    expect((price as SportsbookError).details.cashOut).toBeNull();
  });

  it('reports no answer as status 0', async () => {
    const api = new SportsbookApi('tok', async () => {
      throw new TypeError('offline');
    });
    const error = (await api.sports().catch((e: unknown) => e)) as SportsbookError;
    expect(error.status).toBe(0);
  });
});
