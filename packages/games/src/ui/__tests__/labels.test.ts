// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLOT_CONFIG } from '../../engines/slot.ts';
import { ApiError } from '../shell/api.ts';

/** The provider page as the casino opens it: a session in `locale`, answered by the provider API. */
function openGame(locale: string | undefined, engine = 'slot') {
  document.documentElement.lang = 'en';
  document.body.innerHTML = '<div id="app"></div>';
  window.history.replaceState(null, '', '/sandbox/games/play/s1');
  const session = {
    id: 's1',
    engine,
    gameName: 'Sugar Rush',
    gameIdentity: 'sugar-rush',
    mode: 'demo',
    currency: 'EUR',
    subunitToUnit: 100,
    balance: 100_000,
    betLevels: [10, 20, 50, 100],
    defaultBet: 100,
    minSpinMs: 2500,
    lobbyUrl: '/',
    ...(locale ? { locale } : {}),
    fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
    config: engine === 'slot' ? SLOT_CONFIG : {},
    state: { freeSpinsLeft: 0, openRound: null },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ session }), { status: 200 })),
  );
  // What jsdom lacks of a browser and the wheel and graph use to size themselves.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

/** Loads a game page's script afresh (each page is its own document in real life). */
async function mountGame(path: string) {
  vi.resetModules();
  await import(path);
  await vi.waitFor(() => expect(document.querySelector('.controls')?.childElementCount).toBeGreaterThan(0));
  const app = document.getElementById('app')!;
  // What a player sees on each button: hidden parts (an empty free-spins counter) left out.
  const shown = (el: Element) => {
    const copy = el.cloneNode(true) as Element;
    copy.querySelectorAll('[hidden]').forEach((part) => part.remove());
    return copy.textContent?.trim();
  };
  const buttons = [...app.querySelectorAll('button')].map(shown);
  return {
    balance: app.querySelector('.balance-label')?.textContent,
    betLabel: app.querySelector('.bet-selector label')?.textContent,
    buttons,
    lang: document.documentElement.lang,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sandbox games speak the language the casino launched them in', () => {
  it.each([
    ['en', 'Balance', 'Bet', 'Spin', 'Paytable'],
    ['de', 'Guthaben', 'Einsatz', 'Drehen', 'Gewinntabelle'],
    ['pt-br', 'Saldo', 'Aposta', 'Girar', 'Tabela de pagamentos'],
    ['pt-BR', 'Saldo', 'Aposta', 'Girar', 'Tabela de pagamentos'],
  ])('slot in %s: %s, %s, %s', async (locale, balance, bet, spin, paytable) => {
    openGame(locale);
    const page = await mountGame('../slot/main.ts');
    expect(page.balance).toBe(balance);
    expect(page.betLabel).toBe(bet);
    expect(page.buttons).toContain(spin);
    expect(page.buttons).toContain(paytable);
    expect(page.lang).toBe(locale.toLowerCase());
  });

  it('roulette, dice and crash name their controls in German', async () => {
    openGame('de', 'roulette');
    const roulette = await mountGame('../roulette/main.ts');
    expect(roulette.betLabel).toBe('Chip');
    expect(roulette.buttons).toEqual(expect.arrayContaining(['Drehen', 'Zurück', 'Leeren', 'Rot', 'Schwarz']));
    openGame('de', 'dice');
    expect((await mountGame('../dice/main.ts')).buttons).toEqual(expect.arrayContaining(['Würfeln', 'Über', 'Unter']));
    openGame('de', 'crash');
    expect((await mountGame('../crash/main.ts')).buttons).toContain('Einsatz');
  });

  it('a language the casino does not offer, or none, reads English', async () => {
    openGame('fr');
    expect((await mountGame('../slot/main.ts')).buttons).toContain('Spin');
    openGame(undefined);
    expect((await mountGame('../slot/main.ts')).balance).toBe('Balance');
  });

  it('refusals from the casino are said in the same language', async () => {
    openGame('de');
    await mountGame('../slot/main.ts');
    const { errorMessage } = await import('../shell/errors.ts');
    const { ApiError: FreshApiError } = await import('../shell/api.ts');
    expect(errorMessage(new FreshApiError(422, 15001, 'Insufficient funds'))).toBe(
      'Dein Guthaben reicht für diesen Einsatz nicht.',
    );
    expect(errorMessage(new FreshApiError(0, null, 'x'))).toMatch(/^Verbindungsproblem/);
    expect(ApiError).toBeDefined();
  });
});

describe('the games’ texts', () => {
  it('every language has every text, with the same placeholders as English', async () => {
    const { LANGUAGES } = await import('../shell/i18n.ts');
    const holes = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [code, messages] of Object.entries(LANGUAGES)) {
      for (const [key, english] of Object.entries(LANGUAGES.en)) {
        const text = (messages as Record<string, string>)[key];
        expect(text, `${code}.${key}`).toBeTruthy();
        expect(holes(text!), `${code}.${key}`).toEqual(holes(english));
      }
    }
  });
});
