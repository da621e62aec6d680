// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOT_CONFIG } from '../../engines/slot.ts';
import type { FreeSpinGrant } from '../shell/api.ts';

/**
 * The game pages as a player uses them, against a provider API answered here: the casino's free spins
 * played in the locked mode that ends in a summary, and a stake above a bonus's maximum bet lowered to it.
 */

type Engine = 'slot' | 'roulette' | 'dice' | 'crash';
type Answer = { status: number; body: unknown };
type Sent = { method: string; path: string; body: Record<string, unknown> | null };

let sent: Sent[];
let session: Record<string, unknown>;
/** What the next POST /rounds answers (first in, first out); by default a round of the game. */
let rounds: ((body: Record<string, unknown>) => Answer)[];

const LEVELS = [10, 20, 50, 100, 200];

function outcomeOf(engine: Engine, win: number) {
  if (engine === 'slot')
    return {
      kind: 'slot',
      grid: Array.from({ length: 5 }, () => ['cherry', 'lemon', 'plum']),
      lineWins: [],
      scatterCount: 0,
      freeSpinsAwarded: 0,
      isFreeSpin: false,
      totalWin: win,
    };
  if (engine === 'roulette') return { kind: 'roulette', pocket: 7, color: 'red', winningBets: [], totalWin: win };
  if (engine === 'dice') return { kind: 'dice', roll: 12.34, target: 50.5, over: true, won: win > 0, totalWin: win };
  return { kind: 'crash', crashPoint: 1.5, cashedOutAt: null, totalWin: win };
}

/** A round the provider played: `bet` taken from 1,000.00, `win` paid. */
const played = (engine: Engine, bet: number, win = 0, extra: Record<string, unknown> = {}): Answer => ({
  status: 200,
  body: {
    round: {
      id: `r${sent.length}`,
      nonce: sent.length,
      bet,
      win,
      outcome: outcomeOf(engine, win),
      startedAt: 0,
      settled: true,
    },
    balance: 100_000 - bet + win,
    freeSpinsLeft: 0,
    fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: sent.length },
    ...extra,
  },
});

const grant = (over: Partial<FreeSpinGrant> = {}): FreeSpinGrant => ({
  id: 'grant-1',
  count: 3,
  left: 3,
  stake: 20,
  won: 0,
  wagerMultiplier: 2,
  ...over,
});

function openGame(engine: Engine, state: Record<string, unknown> = {}) {
  document.documentElement.lang = 'en';
  document.body.innerHTML = '<div id="app"></div>';
  document.body.className = '';
  window.history.replaceState(null, '', '/sandbox/games/play/s1');
  session = {
    id: 's1',
    engine,
    gameName: 'Sugar Rush',
    gameIdentity: 'sugar-rush',
    mode: 'real',
    currency: 'EUR',
    subunitToUnit: 100,
    balance: 100_000,
    betLevels: LEVELS,
    defaultBet: 100,
    minSpinMs: 0,
    lobbyUrl: '/',
    locale: 'en',
    fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
    config: engine === 'slot' ? SLOT_CONFIG : {},
    state: { freeSpinsLeft: 0, openRound: null, freeSpinGrant: null, ...state },
  };
  rounds = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = input.replace('/sandbox/games/api/sessions/s1', '');
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      sent.push({ method, path, body });
      let answer: Answer = { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
      if (method === 'GET' && path === '') answer = { status: 200, body: { session } };
      else if (method === 'GET' && path.startsWith('/rounds?')) answer = { status: 200, body: { rounds: [] } };
      else if (method === 'POST' && path === '/rounds')
        answer = (rounds.shift() ?? (() => played(engine, (body?.bet as number) ?? 0)))(body ?? {});
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
}

/** Loads a game page's script afresh (each page is its own document in real life). */
async function mountGame(engine: Engine) {
  vi.resetModules();
  await import(`../${engine}/main.ts`);
  await vi.waitFor(() => expect(document.querySelector('.controls')?.childElementCount).toBeGreaterThan(0));
}

const app = () => document.getElementById('app')!;
/** What a player sees of an element: hidden parts left out, spaces tidied. */
const shown = (el: Element | null | undefined) => {
  if (!el) return '';
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('[hidden]').forEach((part) => part.remove());
  // Parts laid out apart (a button's label and its counter, a term and its value) read apart.
  copy.querySelectorAll('span, dt, dd, output').forEach((part) => part.after(' '));
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
};
const visible = (el: Element) => !el.closest('[hidden]');
/** The buttons a player can see, by what they say. */
const buttons = () => [...app().querySelectorAll('button')].filter(visible).map(shown);
const button = (name: string | RegExp) => {
  const found = [...document.querySelectorAll('button')]
    .filter(visible)
    .find((b) => (typeof name === 'string' ? shown(b) === name : name.test(shown(b))));
  if (!found) throw new Error(`no button ${String(name)} among ${JSON.stringify(buttons())}`);
  return found;
};
const main = () => app().querySelector<HTMLButtonElement>('.controls .primary-action:not([hidden])')!;
const posts = () => sent.filter((s) => s.method === 'POST' && s.path === '/rounds').map((s) => s.body!);
const banner = () => app().querySelector<HTMLElement>('.banner')!;
const balance = () => app().querySelector('.balance-value')!.textContent;
/** The dialog on screen (as long to wait as `idle`: the suite runs beside the journeys on two cores). */
const openDialog = () =>
  vi.waitFor(
    () => {
      const open = document.querySelector('dialog[open]');
      expect(open).not.toBeNull();
      return open!;
    },
    { timeout: 5_000 },
  );
/** Waits until the game is ready for the next round (its main button enabled again). */
const idle = () => vi.waitFor(() => expect(main().disabled).toBe(false), { timeout: 5_000 });

/** Listeners a game put on the document: each page is a document of its own in real life, here they share one. */
let documentListeners: [string, EventListenerOrEventListenerObject][];
beforeEach(() => {
  sent = [];
  documentListeners = [];
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    documentListeners.push([type, listener]);
    add(type, listener, options);
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  // Reduced motion: the games skip their animations, so a round takes no longer than its answer.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
  // jsdom has <dialog> without its modal behaviour.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  for (const [type, listener] of documentListeners) document.removeEventListener(type, listener);
  document.querySelectorAll('dialog').forEach((dialog) => dialog.remove());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the casino’s free spins: a locked mode that ends in a summary', () => {
  it('offers only the free spin while spins are left: no stake control, no paid spin, the grant’s stake shown', async () => {
    openGame('slot', { freeSpinGrant: grant() });
    await mountGame('slot');
    expect(buttons()).not.toContain('Spin');
    expect(shown(main())).toBe('Play free spin 3 left');
    expect(app().querySelector('.bet-selector')!.closest('[hidden]')).not.toBeNull();
    expect(shown(app().querySelector('.grant-stake'))).toBe('Stake per free spin €0.20');
    expect(shown(app().querySelector('.free-badge'))).toBe('Free spins from the casino: 3 of 3 left');
    expect(document.body.classList.contains('free-spin-mode')).toBe(true);
  });

  it('plays every tap and key press as a free spin without a stake, then sums up what was played and won', async () => {
    openGame('slot', { freeSpinGrant: grant() });
    rounds = [
      () =>
        played('slot', 0, 40, {
          freeSpinGrant: grant({ left: 2, won: 40 }),
          grantPlayed: grant({ left: 2, won: 40 }),
          balance: 100_000,
        }),
      () =>
        played('slot', 0, 0, {
          freeSpinGrant: grant({ left: 1, won: 40 }),
          grantPlayed: grant({ left: 1, won: 40 }),
          balance: 100_000,
        }),
      () =>
        played('slot', 0, 100, { freeSpinGrant: null, grantPlayed: grant({ left: 0, won: 140 }), balance: 100_000 }),
    ];
    await mountGame('slot');
    // The keyboard's main action is the free spin too.
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    await vi.waitFor(() => expect(shown(main())).toBe('Play free spin 2 left'));
    await idle();
    expect(shown(app().querySelector('.free-badge'))).toBe('Free spins from the casino: 2 of 3 left · won €0.40');
    main().click();
    await vi.waitFor(() => expect(shown(main())).toBe('Play free spin 1 left'));
    await idle();
    main().click();
    const dialog = await openDialog();
    expect(posts()).toEqual([
      { bet: 0, params: {}, grantId: 'grant-1' },
      { bet: 0, params: {}, grantId: 'grant-1' },
      { bet: 0, params: {}, grantId: 'grant-1' },
    ]);
    expect(balance()).toBe('€1,000.00');
    expect(shown(dialog.querySelector('h2'))).toBe('Free spins over');
    expect(shown(dialog.querySelector('.summary-figures'))).toBe('Spins played 3 Total won €1.40');
    expect(shown(dialog.querySelector('.becomes'))).toBe(
      '€1.40 becomes bonus money in your casino account. Wager it 2 times (€2.80 in bets) to turn it into real money you can withdraw.',
    );
    expect(shown(app().querySelector('.result-text'))).toBe('Free spins played: €1.40 won in total.');
    // Focus is in the dialog; a key press behind it plays nothing.
    expect(document.activeElement).toBe(button('Continue playing'));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(posts()).toHaveLength(3);

    button('Continue playing').click();
    expect(document.querySelector('dialog[open]')).toBeNull();
    // The game is the player's again: the stake control and the paid spin are back.
    expect(shown(main())).toBe('Spin');
    expect(visible(app().querySelector('.bet-selector')!)).toBe(true);
    expect(visible(app().querySelector('.grant-stake')!)).toBe(false);
    expect(document.body.classList.contains('free-spin-mode')).toBe(false);
    main().click();
    await vi.waitFor(() => expect(posts()).toHaveLength(4));
    expect(posts()[3]).toEqual({ bet: 100, params: {} });
  });

  it('sums up the whole grant after a reload, from the provider’s figures, not only this page’s spins', async () => {
    openGame('slot', { freeSpinGrant: grant({ count: 10, left: 1, won: 250, wagerMultiplier: null }) });
    rounds = [
      () =>
        played('slot', 0, 0, {
          freeSpinGrant: null,
          grantPlayed: grant({ count: 10, left: 0, won: 250, wagerMultiplier: null }),
        }),
    ];
    await mountGame('slot');
    expect(shown(app().querySelector('.free-badge'))).toBe('Free spins from the casino: 1 of 10 left · won €2.50');
    main().click();
    const dialog = await openDialog();
    expect(shown(dialog.querySelector('.summary-figures'))).toBe('Spins played 10 Total won €2.50');
    expect(shown(dialog.querySelector('.becomes'))).toBe(
      '€2.50 goes to your casino account as the free spins’ rules say.',
    );
  });

  it('says so when nothing was won', async () => {
    openGame('slot', { freeSpinGrant: grant({ count: 1, left: 1 }) });
    rounds = [() => played('slot', 0, 0, { freeSpinGrant: null, grantPlayed: grant({ count: 1, left: 0 }) })];
    await mountGame('slot');
    main().click();
    const dialog = await openDialog();
    expect(shown(dialog.querySelector('.summary-figures'))).toBe('Spins played 1 Total won €0.00');
    expect(shown(dialog.querySelector('.becomes'))).toBe(
      'Nothing was won this time, so nothing is added to your account.',
    );
    expect(dialog.querySelector('.note')).toBeNull();
  });

  it('goes into the locked mode when the provider says free spins were granted meanwhile', async () => {
    openGame('slot');
    rounds = [
      () => {
        // Activated in another tab while this game was open.
        (session.state as Record<string, unknown>).freeSpinGrant = grant();
        return { status: 409, body: { error: { code: 'free_spins_first', message: 'Free spins first' } } };
      },
    ];
    await mountGame('slot');
    expect(shown(main())).toBe('Spin');
    main().click();
    await vi.waitFor(() => expect(shown(main())).toBe('Play free spin 3 left'));
    expect(shown(banner())).toContain('You have free spins from the casino for this game');
    expect(balance()).toBe('€1,000.00');
  });
});

/** Places a first stake in each game and plays it: the answer is the casino's max-bet refusal. */
async function stakeAbove(engine: Engine) {
  if (engine === 'roulette') {
    // €1 chips on red and on 17: €2 in total.
    [...app().querySelectorAll<HTMLButtonElement>('.spot')].find((b) => b.textContent === 'Red')!.click();
    [...app().querySelectorAll<HTMLButtonElement>('.spot')].find((b) => b.textContent === '17')!.click();
  }
  main().click();
  await vi.waitFor(() => expect(banner().hidden).toBe(false));
  await idle();
}

const refusal = (maxBet?: number, currency = 'EUR'): Answer => ({
  status: 403,
  body: {
    error: {
      code: 14311,
      message: 'The stake is above the active bonus’s maximum bet',
      ...(maxBet === undefined ? {} : { maxBet, currency }),
    },
  },
});

describe('a stake above the active bonus’s maximum bet', () => {
  it.each([
    ['slot', 100],
    ['dice', 100],
    ['crash', 100],
  ] as const)('%s says the maximum and lowers the stake to it: the next round goes through', async (engine, first) => {
    openGame(engine);
    rounds = [() => refusal(50)];
    await mountGame(engine);
    await stakeAbove(engine);
    expect(posts()[0]!.bet).toBe(first);
    expect(shown(banner())).toContain(
      'While your bonus is active, a bet may be at most €0.50. This one was above it and was not taken.',
    );
    expect(shown(banner())).not.toContain('restricted');
    expect(balance()).toBe('€1,000.00');
    const lower = button('Lower the stake to €0.50');
    expect(document.activeElement).toBe(lower);
    lower.click();
    expect(banner().hidden).toBe(true);
    expect(app().querySelector<HTMLSelectElement>('.bet-select')!.selectedOptions[0]!.textContent).toBe('€0.50');
    expect(document.activeElement).toBe(main());
    expect(shown(app().querySelector('.result-text'))).toBe('Stake lowered to €0.50. Play again when you are ready.');
    main().click();
    await vi.waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.bet).toBe(50);
    await idle();
    expect(banner().hidden).toBe(true);
    expect(balance()).toBe('€999.50');
  });

  it('roulette lowers the chips on its table in proportion to the maximum, and the chip in hand with them', async () => {
    openGame('roulette');
    rounds = [() => refusal(50)];
    await mountGame('roulette');
    await stakeAbove('roulette');
    expect(posts()[0]).toMatchObject({ bet: 200 });
    expect(shown(banner())).toContain('a bet may be at most €0.50');
    button('Lower the stake to €0.50').click();
    expect(shown(app().querySelector('.stat-value'))).toBe('€0.50');
    expect(app().querySelector<HTMLSelectElement>('.bet-select')!.selectedOptions[0]!.textContent).toBe('€0.50');
    main().click();
    await vi.waitFor(() => expect(posts()).toHaveLength(2));
    const again = posts()[1]!;
    expect(again.bet).toBe(50);
    expect((again.params as { bets: { type: string; amount: number }[] }).bets.map((b) => [b.type, b.amount])).toEqual([
      ['red', 25],
      ['straight', 25],
    ]);
  });

  it('offers no stake when the maximum is below the game’s smallest, and says why', async () => {
    openGame('dice');
    rounds = [() => refusal(5)];
    await mountGame('dice');
    await stakeAbove('dice');
    expect(shown(banner())).toContain(
      'While your bonus is active, a bet may be at most €0.05, less than this game’s smallest stake of €0.10. Nothing was taken.',
    );
    expect(buttons().some((b) => b.startsWith('Lower the stake'))).toBe(false);
  });

  it('without the maximum (another casino), says the cap in words and offers nothing it cannot know', async () => {
    openGame('slot');
    rounds = [() => refusal()];
    await mountGame('slot');
    await stakeAbove('slot');
    expect(shown(banner())).toContain(
      'While your bonus is active, bets are capped, and this one was above the maximum.',
    );
    expect(buttons().some((b) => b.startsWith('Lower the stake'))).toBe(false);
  });

  it('tells the page around it that it answers a maximum bet itself', async () => {
    const posted: unknown[] = [];
    const parent = { postMessage: (message: unknown) => posted.push(message) };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    openGame('dice');
    await mountGame('dice');
    expect(posted).toContainEqual({ type: 'sandbox-game:ready', tells: ['max-bet'] });
  });
});
